import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { openDesigner } from '../support/designer.ts';
import { button, createForm, dialog } from '../support/forms.ts';

/*
 * Issue 16 in Chromium: a list of more rows than the count bound says 超过 N 条 and still offers
 * the page after it; a search narrows it to 共 N 条 with exactly the matching rows; the publish
 * preview names the search index a new 模糊查询 field will get.
 */

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = '/tmp/i16';
/** The list's own indexes (`_ls_`) that are built and valid. */
const VALID_INDEXES = `select count(*)::int as n from pg_index x join pg_class i on i.oid = x.indexrelid
  where x.indrelid = $1::regclass and i.relname like '%\\_ls\\_%' and x.indisvalid`;

const list = [
  { type: 'input', key: 'k1', model: 'f_name', name: '名称', options: {} },
  { type: 'input', key: 'k2', model: 'f_plate', name: '车牌', options: {} },
];
const rows = (page: import('@playwright/test').Page) => page.locator('.list-page .ant-table-tbody tr.ant-table-row');

test.describe.serial('列表查询（issue 16）', () => {
  test('超过 N 条，翻页可越过上限；模糊查询后为 共 N 条', async ({ page }) => {
    // 10,050 rows and their list indexes are made first.
    test.setTimeout(90_000);
    await loginAsAdmin(page);
    const formId = await createForm(page.request, `车辆登记-检索-${Date.now()}`, {
      list,
      config: {},
      sensorSettings: { queryConditions: [{ key: 'f_name', opt: '$like' }, { key: 'f_plate', opt: '$like' }] },
    });
    await withDb((c) =>
      c.query(
        `insert into form_${formId} (create_by, f_name, f_plate)
         select 1, case when g % 1000 = 0 then '液氯槽车' || g else '普通货车' || g end, '苏E' || lpad(g::text, 5, '0')
         from generate_series(1, 10050) g`,
      ),
    );
    // The list's indexes are built in the background after publishing; ANALYZE waits for them.
    await expect
      .poll(async () =>
        withDb(async (c) => (await c.query(VALID_INDEXES, [`form_${formId}`])).rows[0].n),
      )
      .toBe(4);
    await withDb((c) => c.query(`analyze form_${formId}`));
    await page.goto(`${BASE}/form/list/${formId}`);
    // Unfiltered: the planner's estimate.
    await expect(page.getByTestId('list-total')).toHaveText('约 10050 条');
    await page.locator('.list-query-item[data-key="f_name"]').getByRole('textbox').fill('普通货车');
    await button(page.locator('.list-query-bar'), '查询').click();
    await expect(page.getByTestId('list-total')).toHaveText('超过 10000 条');
    // One page past the bound is offered: opening it counts further.
    await page.locator('.ant-pagination-item-1001').click();
    await expect(page.getByTestId('list-total')).toHaveText('共 10040 条');
    await expect(rows(page)).toHaveCount(10);
    await page.screenshot({ path: `${SHOTS}/list-search-paged.png` });
    await button(page.locator('.list-query-bar'), '重置').click();

    await page.locator('.list-query-item[data-key="f_name"]').getByRole('textbox').fill('液氯');
    await button(page.locator('.list-query-bar'), '查询').click();
    await expect(page.getByTestId('list-total')).toHaveText('共 10 条');
    await expect(rows(page)).toHaveCount(10);
    for (const text of await rows(page).allTextContents()) expect(text).toContain('液氯槽车');
    await page.screenshot({ path: `${SHOTS}/list-search-chinese.png` });

    await button(page.locator('.list-query-bar'), '重置').click();
    await page.locator('.list-query-item[data-key="f_plate"]').getByRole('textbox').fill('e0100');
    await button(page.locator('.list-query-bar'), '查询').click();
    // 苏E01000 … 苏E01009: Latin letters match whatever their case.
    await expect(page.getByTestId('list-total')).toHaveText('共 10 条');
  });

  test('发布预览列出将建立的查询索引', async ({ page }) => {
    await loginAsAdmin(page);
    const formId = await createForm(page.request, `车辆登记-索引-${Date.now()}`, { list, config: {} });
    // The designer's unpublished work adds a 模糊查询 field to the list page.
    const draft = await page.request.post(`/api/form/design/${formId}/draft`, {
      data: { formMeta: { list, config: {}, sensorSettings: { queryConditions: [{ key: 'f_plate', opt: '$like' }] } } },
      headers: HEADERS,
    });
    expect(draft.ok(), await draft.text()).toBe(true);
    await openDesigner(page, formId);
    await page.getByRole('button', { name: '发布' }).click();
    const d = dialog(page, '发布表单设计');
    const plan = d.getByTestId('plan-indexes');
    await expect(plan).toBeVisible();
    await expect(plan.locator('tr', { hasText: '模糊查询（字母、数字片段）' })).toContainText('车牌');
    await expect(plan.locator('tr', { hasText: '模糊查询（中文及一两个字的片段）' })).toContainText('建立');
    await expect(d).toContainText('发布后在后台建立，不影响数据录入');
    await page.screenshot({ path: `${SHOTS}/list-search-publish.png` });
    await d.getByRole('button', { name: '确认发布' }).click();
    await expect(d).toBeHidden();
    await expect
      .poll(async () =>
        withDb(async (c) => (await c.query(VALID_INDEXES, [`form_${formId}`])).rows[0].n),
      )
      .toBe(2);
  });
});

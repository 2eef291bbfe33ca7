import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, createForm, dialog, toast } from '../support/forms.ts';

/*
 * Issue 27 in Chromium through the real server: a form whose list page is laid out by a saved
 * sensorSettingsV2 (as the original client's 高级设置 page saves it), the message centre on the
 * original's message shape, and a menu naming an original view.
 */

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const SCREENS = '/tmp';

let seq = 0;
const control = (type: string, name: string, model: string, options: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  type,
  name,
  key: `${type}_${++seq}`,
  model,
  options,
  rules: [],
  ...extra,
});

const meta = () => ({
  list: [
    control('input', '名称', 'f_name'),
    control('select', '级别', 'f_level', { options: [{ value: '1', label: '一级' }, { value: '2', label: '二级' }] }),
    control('number', '数量', 'f_qty'),
    control('table', '明细', 'items', {}, { tableColumns: [control('input', '物品', 'item')] }),
  ],
  config: {},
  // The designer's settings: a V2 layout saved later governs the page instead.
  sensorSettings: { queryConditions: [{ key: 'f_level', opt: '$eq' }] },
});

/** What the original's 高级设置 page saves: a query widget above a table widget with a fixed filter. */
const layout = {
  version: 1,
  widgets: [
    { id: 1764000000002, type: 'queryWidget', name: '查询控件', conditions: [{ key: 'f_name', opt: '$like', label: '物料名称' }] },
    {
      id: 1764000000001,
      type: 'reportWidget',
      reportType: 'tableReportWidget',
      name: '一级物料',
      data: {
        cols: [{ key: '$seq', name: '序号' }, { key: 'f_name', name: '名称', alias: '物料' }, { key: 'f_qty', name: '数量' }],
        btns: [{ key: 'add', name: '登记' }],
        // 修改 shows only on rows whose quantity is 9 (the original's per-row button condition).
        optButtons: [{ key: 'detail', label: '查看' }, { key: 'edit', label: '修改', cond: [{ model: 'f_qty', values: ['9'] }] }],
        condFilters: [{ condType: 'single', key: 'f_level', matchType: '$eq', value: '1' }],
        querySort: [{ key: 'f_qty', sort: 'desc', name: '数量' }],
      },
      showType: { tableShowType: 'vertical', addShowType: 'prop' },
      style: { pagination: true, pageSize: 20 },
    },
  ],
};

/** A form with four records and a V2 layout saved as the original's 高级设置 page saves it. */
async function formWithLayout(page: Page): Promise<number> {
  const formId = await createForm(page.request, `物料台账-V2-${Date.now()}`, meta());
  for (const [name, level, qty] of [['甲醇', '1', '5'], ['甲苯', '1', '9'], ['乙醇', '2', '7'], ['丙酮', '1', '2']] as const) {
    const res = await page.request.post(`/api/form/addformdata/${formId}`, { form: { f_name: name, f_level: level, f_qty: qty }, headers: HEADERS });
    expect((await res.json()).errCode, await res.text()).toBe(0);
  }
  const saved = await page.request.post('/api/form/formconf/saveFormSeniorConfV2', { data: { formId, sensorSettingsV2: layout }, headers: HEADERS });
  expect(await saved.json()).toEqual({ errCode: 0 });
  return formId;
}

const rows = (page: Page) => page.locator('.list-page .ant-table-tbody tr.ant-table-row');

async function names(page: Page): Promise<string[]> {
  // Columns: index, 物料, 数量, 操作 (no checkbox: no delete or custom button).
  return rows(page).evaluateAll((trs) => trs.map((tr) => (tr.querySelectorAll('td')[1]?.textContent ?? '').trim()));
}

test.describe('sensorSettingsV2 list page', () => {
  test('a saved V2 layout lays the list page out: query widget, table columns, buttons, fixed filter and sort', async ({ page }) => {
    // Several pages and a dialog on a machine shared by many test runs.
    test.setTimeout(90_000);
    await loginAsAdmin(page);
    const formId = await formWithLayout(page);

    await page.goto(`${BASE}/form/list/${formId}`);
    // The query widget's condition, not the designer's 级别 condition.
    await expect(page.locator('.list-query-item[data-key="f_name"]')).toContainText('物料名称');
    await expect(page.locator('.list-query-item[data-key="f_level"]')).toHaveCount(0);
    // The table widget's columns (with the alias), its only function button and its row button.
    const headers = page.locator('.list-page .ant-table-thead th');
    await expect(headers.filter({ hasText: '物料' })).toHaveCount(1);
    await expect(headers.filter({ hasText: '数量' })).toHaveCount(1);
    await expect(headers.filter({ hasText: '级别' })).toHaveCount(0);
    await expect(button(page, '登记')).toBeVisible();
    await expect(page.getByRole('button', { name: '导出' })).toHaveCount(0);
    // Level-1 records only (the widget's fixed filter), largest quantity first (its sort).
    await expect(rows(page)).toHaveCount(3);
    expect(await names(page)).toEqual(['甲苯', '甲醇', '丙酮']);
    await expect(rows(page).nth(0).getByRole('button', { name: '修改' })).toBeVisible();
    await expect(rows(page).nth(1).getByRole('button', { name: '修改' })).toHaveCount(0);
    await expect(page.locator('.ant-pagination-options')).toContainText('20');
    await page.screenshot({ path: `${SCREENS}/i27-list-v2.png`, fullPage: true });

    await page.locator('.list-query-item[data-key="f_name"] input').fill('醇');
    await page.getByRole('button', { name: '查询' }).click();
    await expect(rows(page)).toHaveCount(1);
    expect(await names(page)).toEqual(['甲醇']);

    // 登记 opens the add dialog (addShowType 'prop').
    await button(page, '登记').click();
    await expect(dialog(page, '新增')).toBeVisible();
    await dialog(page, '新增').locator('.ant-modal-close').click();
    await expect(dialog(page, '新增')).toHaveCount(0);

    // 查看 opens the detail view; the layout's tableShowType stacks the sub-tables instead of tabs.
    await rows(page).first().getByRole('button', { name: '查看' }).click();
    await expect(page).toHaveURL(new RegExp(`/form/detail/${formId}/\\d+$`));
    await expect(page.locator('.sub-table-card').filter({ hasText: '明细' })).toBeVisible();
    await expect(page.locator('.ant-tabs')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/i27-list-v2-detail.png`, fullPage: true });
  });
});

test.describe('sensorSettingsV2 in the designer', () => {
  test('the designer says a saved layout governs the list page; clearing it and publishing brings back 列表页设置', async ({ page }) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page);
    const formId = await formWithLayout(page);
    await page.goto(`${BASE}/form/design/${formId}`);
    await expect(page.getByTestId('form-designer')).toBeVisible();
    const right = page.locator('.dz-right');
    await right.getByRole('tab', { name: '列表页设置' }).click();
    const notice = right.getByText('列表页当前由高级设置布局');
    await expect(notice).toBeVisible();
    await page.screenshot({ path: `${SCREENS}/i27-designer-v2.png` });
    await right.getByRole('button', { name: '清除高级设置' }).click();
    await expect(notice).toHaveCount(0);

    await page.getByRole('button', { name: '发布' }).click();
    const plan = dialog(page, '发布表单设计');
    await plan.getByRole('button', { name: '确认发布' }).click();
    await expect(toast(page, '发布成功')).toBeVisible();
    const menu = dialog(page, '创建表单菜单');
    await menu.getByRole('button', { name: '暂不创建' }).click();

    // The designer's settings lay the page out again: its 级别 condition, every record, the standard buttons.
    await page.goto(`${BASE}/form/list/${formId}`);
    await expect(page.locator('.list-query-item[data-key="f_level"]')).toBeVisible();
    await expect(page.locator('.list-query-item[data-key="f_name"]')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(4);
    await expect(button(page, '新增')).toBeVisible();
  });
});

test.describe('message centre on the original message shape', () => {
  test('lists messages with their kinds, filters by kind and marks them read', async ({ page }) => {
    await withDb(async (c) => {
      await c.query(
        `insert into msg_message (receiver_id, title, content, big_type, small_type, params)
         select id, '抄送：动火作业审批', '张三提交的动火作业申请抄送给您', 1, 1, '{"taskId":"t1"}'::jsonb from sys_user where username = 'admin'`,
      );
      await c.query(
        `insert into msg_message (receiver_id, title, content, big_type, small_type)
         select id, '库存预警：甲醇低于安全库存', '仓库A甲醇库存 50 kg', 2, 5 from sys_user where username = 'admin'`,
      );
    });
    await loginAsAdmin(page);
    await page.goto(`${BASE}/msg/MsgList`);
    const cc = page.locator('.ant-table-row').filter({ hasText: '抄送：动火作业审批' });
    await expect(cc).toBeVisible();
    await expect(cc).toContainText('审批消息');
    await expect(cc).toContainText('抄送');
    await expect(cc).toContainText('未读');

    // Only the approvals kind.
    await page.getByLabel('消息类别').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '自动化消息' }).click();
    await expect(page.locator('.ant-table-row').filter({ hasText: '库存预警' })).toBeVisible();
    await expect(cc).toHaveCount(0);
    await page.getByLabel('消息类别').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '全部类别' }).click();

    await cc.getByRole('button', { name: '标为已读' }).click();
    await expect(toast(page, '已标为已读')).toBeVisible();
    await expect(cc).toContainText('已读');
    await expect(cc.getByRole('button', { name: '标为已读' })).toHaveCount(0);
    await page.screenshot({ path: `${SCREENS}/i27-msg.png`, fullPage: true });
    const unread = await withDb(async (c) => (await c.query(`select read_status from msg_message where title = '抄送：动火作业审批'`)).rows[0].read_status);
    expect(unread).toBe('1');
  });
});

test.describe("original view names in menus", () => {
  test("a menu whose component is the original's User opens user management", async ({ page }) => {
    await withDb((c) =>
      c.query(
        `insert into sys_menu (parent_id, name, path, component, level, order_index)
         values (null, '用户(原平台)', '/origin/user/User', 'User', 1, 990)`,
      ),
    );
    await loginAsAdmin(page);
    await page.goto(`${BASE}/origin/user/User`);
    await expect(page.getByText('用户管理').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /新增用户|新\s*增/ }).first()).toBeVisible();
  });
});

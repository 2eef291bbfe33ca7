import { expect, test, type Locator, type Page } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, chooseOption, confirm, dialog, field, toast, typeDate } from '../support/forms.ts';

/*
 * List-page settings (issue 9 §6) end to end, as an administrator works: build a small form in the
 * designer, configure its list page in 列表页设置 (query conditions and their layout, result
 * columns and order, function buttons, a custom row button opening a dialog), publish, create the
 * menu entry, add records, and see the list page follow every setting; then change a setting,
 * publish again and see the list page change with it.
 */

const SCREENS = 'screenshots';
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const DIALOG_TITLE = '设备巡检详情';

/** The design the administrator imports through the designer's JSON view. */
const design = {
  list: [
    { type: 'input', key: 'k_item_name', name: '名称', model: 'item_name', options: { width: '100%', placeholder: '请输入名称' }, rules: [] },
    {
      type: 'select',
      key: 'k_category',
      name: '类别',
      model: 'category',
      options: {
        width: '100%',
        placeholder: '请选择',
        options: [
          { value: '消防器材', label: '消防器材', relatedList: [] },
          { value: '防护用品', label: '防护用品', relatedList: [] },
        ],
      },
      rules: [],
    },
    { type: 'date', key: 'k_check_date', name: '日期', model: 'check_date', options: { width: '100%', format: 'yyyy-MM-dd', placeholder: '请选择' }, rules: [] },
  ],
  config: { labelWidth: 100, labelPosition: 'right', size: 'default' },
};

async function openDesigner(page: Page, formId: number) {
  await page.goto(`${BASE}/form/design/${formId}`);
  await expect(page.getByTestId('form-designer')).toBeVisible();
}

/** The 列表页设置 tab of the designer's right pane, on one of its inner tabs. */
async function listSettings(page: Page, inner: '查询' | '结果列' | '按钮'): Promise<Locator> {
  const right = page.locator('.dz-right');
  await right.getByRole('tab', { name: '列表页设置' }).click();
  const editor = right.getByTestId('list-settings-editor');
  await editor.getByRole('tab', { name: inner, exact: true }).click();
  return editor;
}

/** Chooses an option of an antd select found by its aria-label. */
async function pick(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByLabel(label, { exact: true }).click();
  await chooseOption(page, option);
}

/** 发布, confirming the table change the dialog shows first; the menu offer follows. */
async function publish(page: Page, expectAdded: string[]) {
  await page.getByRole('button', { name: '发布' }).click();
  const d = dialog(page, '发布表单设计');
  await expect(d.getByRole('button', { name: '确认发布' })).toBeEnabled();
  for (const column of expectAdded) await expect(d.getByTestId('plan-added')).toContainText(column);
  await d.getByRole('button', { name: '确认发布' }).click();
  await expect(toast(page, '发布成功')).toBeVisible();
  const m = dialog(page, '创建表单菜单');
  await expect(m).toBeVisible();
  return m;
}

const listRows = (page: Page) => page.locator('.list-page .ant-table-tbody tr.ant-table-row');
const queryBar = (page: Page) => page.locator('.list-query-bar');
const queryItems = (page: Page) => queryBar(page).locator('.list-query-item');
const toolbarButtons = (page: Page) => page.locator('.list-page .ant-card-extra').getByRole('button');
const headers = (page: Page) =>
  page.locator('.list-page .ant-table-thead th').evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').trim()).filter(Boolean));

/** 新增 on the list page, through the form dialog. */
async function addRecord(page: Page, name: string, category: string, day: string) {
  await page.locator('.list-page .ant-card-extra').getByRole('button', { name: '新增' }).click();
  const d = dialog(page, /^新增/);
  await expect(field(d, 'item_name')).toBeVisible();
  await field(d, 'item_name').locator('input').fill(name);
  await field(d, 'category').locator('.ant-select').click();
  await chooseOption(page, category);
  await typeDate(page, field(d, 'check_date').locator('input'), day);
  await d.getByRole('button', { name: '保存' }).first().click();
  await confirm(page, '确认保存吗？');
  await expect(toast(page, '保存成功')).toBeVisible();
  // Without sub-tables the add dialog closes on save, and the list refreshes.
  await expect(d).toHaveCount(0);
  await expect(listRows(page).filter({ hasText: name })).toHaveCount(1);
}

test('列表页设置：在设计器中配置查询条件、布局、结果列、按钮和自定义跳转，发布后列表页立即按设置显示', async ({ page }) => {
  test.setTimeout(150_000);
  await loginAsAdmin(page);
  const formName = `消防设施巡检-${Date.now()}`;
  const saved = await page.request.post('/api/form/formconf/save', { data: { formName }, headers: HEADERS });
  expect(saved.ok(), await saved.text()).toBe(true);
  const formId = (await saved.json()).formId as number;

  // The controls, through the designer's JSON view.
  await openDesigner(page, formId);
  await page.getByRole('button', { name: 'JSON' }).click();
  const json = dialog(page, 'JSON');
  await json.locator('.cm-content').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify(design, null, 2));
  await button(json, '导入').click();
  await expect(toast(page, '已导入表单设计')).toBeVisible();
  await expect(json).toHaveCount(0);
  await expect(page.getByTestId('designer-canvas').locator('.dz-item')).toHaveCount(3);

  // 查询: 名称 (模糊匹配) and 类别, two to a row.
  let editor = await listSettings(page, '查询');
  await editor.getByRole('button', { name: '添加查询条件' }).click();
  await editor.getByRole('button', { name: '添加查询条件' }).click();
  const conditions = editor.getByTestId('ls-conditions-row');
  await expect(conditions).toHaveCount(2);
  await pick(page, editor, '查询字段 1', '名称（item_name）');
  await pick(page, editor, '匹配方式 1', '模糊匹配');
  await pick(page, editor, '查询字段 2', '类别（category）');
  await expect(editor.getByLabel('条件标签 1')).toHaveValue('名称');
  await expect(editor.getByLabel('条件标签 2')).toHaveValue('类别');
  await expect(conditions.nth(1)).toContainText('等于');
  const columnCount = editor.getByLabel('每行列数');
  await columnCount.fill('2');
  await columnCount.blur();
  await expect(columnCount).toHaveValue('2');

  // 结果列: all three, 类别 moved before 名称.
  editor = await listSettings(page, '结果列');
  await editor.getByRole('button', { name: '自定义结果列' }).click();
  await expect(editor.getByTestId('ls-columns-row')).toHaveCount(3);
  await editor.getByRole('button', { name: '上移 结果列 类别' }).click();
  await expect(editor.getByTestId('ls-columns-row').nth(0)).toContainText('类别（category）');
  await expect(editor.getByTestId('ls-columns-row').nth(1)).toContainText('名称（item_name）');

  // 按钮: only 新增 and 导出 above the table; a custom row button opening a dialog.
  editor = await listSettings(page, '按钮');
  await editor.getByRole('button', { name: '自定义功能按钮' }).click();
  await editor.getByRole('button', { name: '删除 功能按钮 删除' }).click();
  await editor.getByRole('button', { name: '删除 功能按钮 导入' }).click();
  const fnRows = editor.getByTestId('ls-function-buttons-row');
  await expect(fnRows).toHaveCount(2);
  await expect(editor.getByLabel('功能按钮名称 1')).toHaveValue('新增');
  await expect(editor.getByLabel('功能按钮名称 2')).toHaveValue('导出');

  await editor.getByRole('button', { name: '自定义行按钮' }).click();
  await editor.getByRole('button', { name: '添加行按钮' }).click();
  await expect(editor.getByTestId('ls-row-buttons-row')).toHaveCount(4);
  await expect(editor.getByTestId('ls-row-buttons-row').nth(3)).toContainText('自定义');
  await editor.getByLabel('行按钮名称 4').fill('巡检详情');
  await editor.getByRole('button', { name: '配置跳转 行按钮「巡检详情」' }).click();
  const jump = dialog(page, '跳转设置：行按钮「巡检详情」');
  await expect(jump.getByRole('radio', { name: '弹窗打开' })).toBeChecked();
  await expect(jump.getByRole('radio', { name: '链接地址' })).toBeChecked();
  await jump.getByRole('textbox', { name: '链接地址' }).fill(`${BASE}/form/detail/${formId}/{id}`);
  await jump.getByRole('textbox', { name: '弹窗标题' }).fill(DIALOG_TITLE);
  await jump.getByRole('textbox', { name: '弹窗宽度' }).fill('70%');
  await jump.getByRole('button', { name: '添加参数' }).click();
  await pick(page, jump, '参数字段 1', '编号（id）');
  await expect(jump.getByLabel('参数名 1')).toHaveValue('id');
  await expect(jump.getByText('跳转配置尚不完整')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/list-settings-jump.png` });
  await jump.getByRole('button', { name: '确定' }).click();
  await expect(jump).toHaveCount(0);
  await expect(editor).toContainText(`弹窗打开：${BASE}/form/detail/${formId}/{id}`);
  await expect(page.getByText(/列表页设置有 \d+ 处需要处理/)).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/list-settings-buttons.png` });

  const m = await publish(page, ['item_name', 'category', 'check_date']);
  await expect(m.getByLabel('菜单名称')).toHaveValue(formName);
  await m.getByLabel('上级菜单').fill('业务表单');
  await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: /^业务表单$/ }).click();
  await m.getByRole('button', { name: '创建菜单' }).click();
  await expect(toast(page, '菜单已创建')).toBeVisible();
  // What the editor wrote into the published design.
  const published = await (await page.request.get(`/api/form/design/${formId}`)).json();
  const settings = published.formMeta.sensorSettings as Record<string, unknown>;
  // cols beside columnCount: the original client's V1 list page reads it (issue 44).
  expect(settings.queryLayout).toEqual({ columnCount: 2, cols: 2 });
  expect(settings.queryConditions).toEqual([
    { key: 'item_name', opt: '$like', label: '名称' },
    { key: 'category', opt: '$eq', label: '类别' },
  ]);
  expect((settings.queryResults as Array<{ key: string }>).map((r) => r.key)).toEqual(['category', 'item_name', 'check_date']);
  expect((settings.functionButtons as Array<{ key: string }>).map((b) => b.key)).toEqual(['add', 'export']);

  // The list page, from the new menu.
  await page.getByTestId('top-bar').getByText('业务表单').hover();
  await page.getByRole('menuitem', { name: formName }).click();
  await expect(page).toHaveURL(new RegExp(`/form/list/${formId}$`));
  await expect(page.locator('.list-page .ant-card-head-title')).toContainText(formName);

  // Only 新增 and 导出 above the table.
  await expect(toolbarButtons(page)).toHaveText(['新增', '导出']);
  await expect(page.getByRole('button', { name: '删除' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '导入' })).toHaveCount(0);

  await addRecord(page, '一号灭火器箱', '消防器材', '2026-11-20');
  await addRecord(page, '正压式空气呼吸器', '防护用品', '2026-11-21');
  await expect(listRows(page)).toHaveCount(2);

  // The query bar: exactly 名称 and 类别, two to a row (half the width each, side by side).
  await expect(queryItems(page)).toHaveCount(2);
  await expect(page.locator('.list-query-bar .list-query-label')).toHaveText(['名称', '类别']);
  await expect(queryItems(page).nth(0)).toHaveAttribute('data-key', 'item_name');
  await expect(queryItems(page).nth(1)).toHaveAttribute('data-key', 'category');
  for (const i of [0, 1]) await expect(queryItems(page).nth(i).locator('..')).toHaveClass(/\bant-col-12\b/);
  const [a, b] = [(await queryItems(page).nth(0).boundingBox())!, (await queryItems(page).nth(1).boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThan(2);
  expect(b.x).toBeGreaterThan(a.x + a.width);

  // Result columns in the configured order; no selection column (no 删除 button).
  expect(await headers(page)).toEqual(['序号', '类别', '名称', '日期', '操作']);
  await expect(page.locator('.list-page .ant-table-selection-column')).toHaveCount(0);
  await page.screenshot({ path: `${SCREENS}/list-settings-list.png` });

  // Filtering by 名称 (模糊匹配), then by 类别, then 重置.
  await queryBar(page).getByLabel('名称', { exact: true }).fill('灭火');
  await queryBar(page).getByRole('button', { name: '查询' }).click();
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('一号灭火器箱');
  await page.screenshot({ path: `${SCREENS}/list-settings-filtered.png` });
  await queryBar(page).getByRole('button', { name: '重置' }).click();
  await expect(listRows(page)).toHaveCount(2);
  await queryBar(page).getByLabel('类别', { exact: true }).click();
  await chooseOption(page, '防护用品');
  await queryBar(page).getByRole('button', { name: '查询' }).click();
  await expect(listRows(page)).toHaveCount(1);
  await expect(listRows(page).first()).toContainText('正压式空气呼吸器');

  // The custom row button opens its dialog, titled as configured, on the row's detail page.
  const row = listRows(page).first();
  await expect(row.getByRole('button')).toHaveText(['编辑', '删除', '详情', '巡检详情']);
  await row.getByRole('button', { name: '巡检详情' }).click();
  const jumpDialog = page.locator('.list-jump-dialog');
  await expect(jumpDialog.locator('.ant-modal-title')).toHaveText(DIALOG_TITLE);
  const id = await withDb(
    async (c) => (await c.query(`select id::text as id from form_${formId} where item_name = $1`, ['正压式空气呼吸器'])).rows[0].id as string,
  );
  await expect(jumpDialog.locator('iframe')).toHaveAttribute('src', `${BASE}/form/detail/${formId}/${id}`);
  await expect(page.frameLocator('.list-jump-frame').locator('.form-detail')).toContainText('正压式空气呼吸器');
  await page.screenshot({ path: `${SCREENS}/list-settings-jump-dialog.png` });
  await jumpDialog.locator('.ant-modal-close').click();
  await expect(jumpDialog).toHaveCount(0);

  // A changed setting: the 类别 condition removed, published again; the list page follows.
  await openDesigner(page, formId);
  editor = await listSettings(page, '查询');
  await expect(editor.getByTestId('ls-conditions-row')).toHaveCount(2);
  await editor.getByRole('button', { name: '删除 查询条件 类别' }).click();
  await expect(editor.getByTestId('ls-conditions-row')).toHaveCount(1);
  await expect(page.getByText('未发布的修改')).toBeVisible();
  const again = await publish(page, []);
  await again.getByRole('button', { name: '暂不创建' }).click();
  await expect(again).toHaveCount(0);

  await page.goto(`${BASE}/form/list/${formId}`);
  await expect(listRows(page)).toHaveCount(2);
  await expect(queryItems(page)).toHaveCount(1);
  await expect(page.locator('.list-query-bar .list-query-label')).toHaveText(['名称']);
  await expect(queryBar(page).getByLabel('类别', { exact: true })).toHaveCount(0);
  // The other settings are as they were.
  await expect(toolbarButtons(page)).toHaveText(['新增', '导出']);
  expect(await headers(page)).toEqual(['序号', '类别', '名称', '日期', '操作']);
  await page.screenshot({ path: `${SCREENS}/list-settings-republished.png` });
});

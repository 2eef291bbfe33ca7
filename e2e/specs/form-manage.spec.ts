import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { createForm } from '../support/forms.ts';
import { uploadFile } from '../support/previewFiles.ts';

/* 表单管理 (issue 9 §1) as an administrator: groups, create, rename, copy, search, enable/disable, delete. */

/* One server is shared by every spec: names carry a per-run suffix. */
const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = 'screenshots';

const rowOf = (page: Page, name: string) => page.locator('.ant-table-row').filter({ has: page.getByText(name, { exact: true }) });

async function search(page: Page, text: string) {
  const box = page.getByRole('searchbox', { name: '表单名称' });
  await box.fill(text);
  await box.press('Enter');
}

/** antd dialogs zoom in and out; a click during the animation can land on nothing. */
const settled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-leave'));

async function saveDialog(page: Page, title: string, fill: Record<string, string>) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await settled(page);
  for (const [label, value] of Object.entries(fill)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();
  await settled(page);
}

test('管理员管理表单：建分组与表单、重命名、复制、搜索、停用启用、删除空表单；有数据的表单删除时改为停用并说明', async ({ page }) => {
  test.setTimeout(90_000);
  const group = `安全作业${RUN}`;
  const name = `动火作业票${RUN}`;
  const renamed = `动火作业许可${RUN}`;
  const copy = `${renamed}-副本`;
  await loginAsAdmin(page);

  // Reached from its menu under 系统管理.
  await page.getByTestId('top-bar').getByText('系统管理', { exact: true }).first().hover();
  await page.getByRole('menuitem', { name: '表单管理' }).click();
  await expect(page).toHaveURL(`${BASE}/system/form`);
  await expect(page.locator('.list-page .ant-card-head-title').filter({ hasText: '表单管理' })).toBeVisible();

  // A group, selected, and a form created inside it.
  await page.getByRole('button', { name: '新增分组' }).click();
  await saveDialog(page, '新增分组', { 分组名称: group });
  const groupEntry = page.getByRole('button', { name: group, exact: true });
  await groupEntry.click();
  await expect(groupEntry).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.list-page .ant-card-head-title')).toHaveText(`表单管理 · ${group}`);
  await page.getByRole('button', { name: '新建表单' }).click();
  const createDialog = page.getByRole('dialog', { name: '新建表单' });
  await expect(createDialog.locator('.ant-select-content, .ant-select-selection-item').first()).toHaveText(group);
  await saveDialog(page, '新建表单', { 表单名称: name });
  await expect(rowOf(page, name)).toBeVisible();
  await expect(rowOf(page, name).getByText('未设计')).toBeVisible();
  await expect(rowOf(page, name).getByText('启用')).toBeVisible();

  // Rename.
  await rowOf(page, name).getByRole('button', { name: '重命名' }).click();
  await saveDialog(page, '重命名', { 表单名称: renamed });
  await expect(rowOf(page, renamed)).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);

  // Copy: the dialog proposes the name; the copy lands in the same group.
  await rowOf(page, renamed).getByRole('button', { name: '复制' }).click();
  const copyDialog = page.getByRole('dialog', { name: '复制表单' });
  await expect(copyDialog.getByLabel('表单名称')).toHaveValue(copy);
  await settled(page);
  await copyDialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('复制成功')).toBeVisible();
  await expect(rowOf(page, copy)).toBeVisible();
  await expect(page.locator('.ant-table-row')).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}/form-manage-group.png` });

  // Search across all forms.
  await page.getByRole('button', { name: '全部表单', exact: true }).click();
  await search(page, copy);
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await expect(rowOf(page, copy)).toBeVisible();

  // Disable, then enable again.
  await rowOf(page, copy).getByRole('button', { name: '停用' }).click();
  await expect(rowOf(page, copy).locator('.ant-tag').filter({ hasText: '停用' })).toBeVisible();
  await rowOf(page, copy).getByRole('button', { name: '启用' }).click();
  await expect(rowOf(page, copy).locator('.ant-tag').filter({ hasText: '启用' })).toBeVisible();

  // An empty form is deleted.
  await rowOf(page, copy).getByRole('button', { name: '删除' }).click();
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: `确认删除表单「${copy}」吗?` });
  await expect(ask).toBeVisible();
  await settled(page);
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(page.locator('.ant-table-row')).toHaveCount(0);

  // A form holding a record: the delete becomes a disable, and the administrator is told why.
  const full = `危化品入库登记${RUN}`;
  const formId = await createForm(page.request, full, {
    list: [{ type: 'input', name: '品名', key: 'k1', model: 'goods', options: {} }],
    config: {},
  });
  const added = await page.request.post(`/api/form/addformdata/${formId}`, { data: { goods: '甲苯' }, headers: XHR });
  expect((await added.json()).errCode).toBe(0);
  await search(page, full);
  await expect(rowOf(page, full).getByText('已设计')).toBeVisible();
  await rowOf(page, full).getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-modal-confirm').filter({ hasText: `确认删除表单「${full}」吗?` }).getByRole('button', { name: '确定' }).click();
  const warning = page.locator('.ant-modal-confirm').filter({ hasText: '表单已停用' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`表单「${full}」中已有数据，不能删除，已将其停用。`);
  await page.screenshot({ path: `${SHOTS}/form-manage-has-data.png` });
  await warning.getByRole('button', { name: '知道了' }).click();
  await expect(rowOf(page, full).locator('.ant-tag').filter({ hasText: '停用' })).toBeVisible();
  // Its record is still there.
  const listed = await page.request.post('/api/form/queryFormDataByConditions', {
    data: { formId, pageNum: 1, pageSize: 10, queryConditions: [] },
    headers: XHR,
  });
  expect((await listed.json()).totalCount).toBe(1);

  // 设计 opens the designer of that form.
  await rowOf(page, full).getByRole('button', { name: '设计', exact: true }).click();
  await expect(page).toHaveURL(`${BASE}/form/design/${formId}`);
  await page.goBack();
  await expect(page.locator('.list-page .ant-card-head-title').filter({ hasText: '表单管理' })).toBeVisible();

  // Renaming and deleting the group; its form moves to 未分组.
  await search(page, '');
  await page.getByRole('button', { name: `重命名分组 ${group}` }).click();
  await saveDialog(page, '重命名分组', { 分组名称: `${group}区` });
  await page.getByRole('button', { name: `删除分组 ${group}区` }).click();
  await page.locator('.ant-modal-confirm').filter({ hasText: `确认删除分组「${group}区」吗?` }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('button', { name: `${group}区`, exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '未分组', exact: true }).click();
  await search(page, renamed);
  await expect(rowOf(page, renamed)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-manage-ungrouped.png` });
});

/* The code editor panel (spec 001 §2.11, §5.7) that the designer's JSON view reuses, on the document page. */
test('代码面板：主题来自 @uiw/codemirror-themes-all，含 SQL/YAML 模式，字号 10–32，JSON 格式化、压缩与“json代码有误”', async ({ page }) => {
  await loginAsAdmin(page);
  const id = await uploadFile(page, `阈值${RUN}.json`, Buffer.from('{"tank":"T-102","level":0.85}'));
  await page.goto(`${BASE}/document/${id}/write`);
  const panel = page.getByTestId('code-panel');
  const editor = panel.locator('.cm-editor');
  await expect(panel).toHaveAttribute('data-mode', 'json');
  await expect(panel.locator('.cm-content')).toContainText('"tank":"T-102"');

  // Themes: the built-ins and the packaged ones, searchable by name.
  const light = await editor.evaluate((e) => getComputedStyle(e).backgroundColor);
  const theme = panel.getByRole('combobox', { name: '主题' });
  await theme.click();
  // 2 built-ins and the 46 themes of @uiw/codemirror-themes-all 4.25.
  await expect.poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').count()).toBeGreaterThanOrEqual(48);
  await theme.fill('Dracula');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Dracula' }).click();
  await expect.poll(() => editor.evaluate((e) => getComputedStyle(e).backgroundColor)).not.toBe(light);
  await theme.click();
  await theme.fill('Tokyo Night Storm');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveCount(1);
  await page.keyboard.press('Escape');

  // Font size: 10 to 32.
  const size = panel.getByRole('combobox', { name: '字号' });
  // The option sits at the foot of a scrolling list: a click during its scroll can miss, so pick again until it holds.
  await expect(async () => {
    if ((await page.locator('.ant-select-dropdown:visible').count()) === 0) await size.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^24px$/ }).click({ timeout: 3000 });
    expect(await editor.evaluate((e) => getComputedStyle(e).fontSize)).toBe('24px');
  }).toPass({ timeout: 20_000 });

  // JSON: format with indent 2, compress, and the alert on invalid JSON.
  await panel.getByRole('button', { name: '格式化' }).click();
  await expect(panel.locator('.cm-line').nth(1)).toHaveText('  "tank": "T-102",');
  await panel.getByRole('button', { name: '压缩' }).click();
  await expect(panel.locator('.cm-line')).toHaveCount(1);
  await panel.locator('.cm-content').click();
  await page.keyboard.press('End');
  await page.keyboard.type(',');
  await panel.getByRole('button', { name: '格式化' }).click();
  await expect(page.getByText('json代码有误')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/code-panel-theme.png` });

  // Modes, SQL and YAML among them; only JSON has format and compress.
  const mode = panel.getByRole('combobox', { name: '语言' });
  for (const [label, value] of [['SQL', 'sql'], ['YAML', 'yaml'], ['纯文本', 'txt']] as const) {
    await mode.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: new RegExp(`^${label}$`) }).click();
    await expect(panel).toHaveAttribute('data-mode', value);
  }
  await expect(panel.getByRole('button', { name: '格式化' })).toHaveCount(0);
});

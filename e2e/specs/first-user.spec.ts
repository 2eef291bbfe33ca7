import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { dialog, toast } from '../support/forms.ts';

/*
 * Issue 42, what a first-time park user trips over: the demo people's roles (item 5), the report
 * designer's save and the dataset table picker (item 7), the top bar's icons (item 8). The other
 * parts of item 7 are in their screens' specs: the optional 跳转地址 in
 * automation-designer-refusals.spec.ts, sub-table rows before the parent is saved in
 * form-runtime.spec.ts.
 */

const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = 'test-results/screens';

type MenuNode = { name: string; children?: MenuNode[] };
const names = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.name, ...names(n.children ?? [])]);

async function session(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await loginAs(page, username);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  return page;
}

const menusOf = async (page: Page) => names(((await (await page.request.get('/api/user/listRouter/1', { headers: XHR })).json()) as { children: MenuNode[] }).children).sort();

test('演示人员各有其角色，只看到用得到的菜单：张三填报，李四、王五审批，赵六阅读抄送', async ({ browser }) => {
  const workbench = ['首页', '工作台', '待办事项', '消息中心'];

  const zhangsan = await session(browser, 'zhangsan');
  const bar = zhangsan.getByTestId('top-bar');
  expect(await menusOf(zhangsan)).toEqual([...workbench, '业务表单', '危化品车辆入园登记'].sort());
  await expect(bar.getByRole('link', { name: '业务表单' })).toBeVisible();
  for (const hidden of ['系统管理', '自动化', '报表设计', '园区监管', '视频监控']) await expect(bar.getByRole('link', { name: hidden })).toHaveCount(0);
  // His list: 新增 (and 提交 inside) and 删除 of what he created; no 导入 or 导出.
  const formId = await withDb(async (c) => (await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id as number);
  await zhangsan.goto(`${BASE}/form/list/${formId}`);
  const list = zhangsan.locator('.list-page');
  await expect(list.getByRole('button', { name: '新增' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'delete 删除' })).toBeVisible();
  for (const name of ['导入', '导出']) await expect(list.getByRole('button', { name })).toHaveCount(0);
  // The top bar's icons say what they are on hover (item 8).
  await bar.getByRole('link', { name: '待办' }).hover();
  await expect(zhangsan.getByRole('tooltip').filter({ hasText: '待办事项：等我审批的流程' })).toBeVisible();
  await bar.getByRole('link', { name: '消息' }).hover();
  await expect(zhangsan.getByRole('tooltip').filter({ hasText: '消息中心' })).toBeVisible();
  await zhangsan.screenshot({ path: `${SHOTS}/first-user-zhangsan.png` });
  // 系统管理 is not his, whatever address he types.
  expect((await zhangsan.request.get('/api/user/listOptLog?pageNum=1&pageSize=10', { headers: XHR })).status()).toBe(403);
  await zhangsan.context().close();

  for (const username of ['lisi', 'wangwu', 'zhaoliu']) {
    const page = await session(browser, username);
    expect(await menusOf(page), username).toEqual([...workbench].sort());
    await expect(page.getByTestId('top-bar').getByRole('link', { name: '业务表单' })).toHaveCount(0);
    await expect(page.getByTestId('top-bar').getByRole('link', { name: '系统管理' })).toHaveCount(0);
    if (username === 'lisi') await page.screenshot({ path: `${SHOTS}/first-user-lisi.png` });
    await page.context().close();
  }
});

test('报表设计器：保存不经确认框直接保存；有未保存的修改时离开会先询问', async ({ page }) => {
  await loginAsAdmin(page);
  const created = await page.request.post('/api/report/datareport/create', { headers: XHR, data: { reportName: `保存即存${RUN}`, kind: 'report', groupId: null } });
  const reportId = (await created.json()).reportId as number;
  await page.goto(`${BASE}/report/design/${reportId}`);
  const widgets = page.locator('.rd-canvas .react-grid-item');
  await page.locator('.rd-palette-item').filter({ hasText: /^文本控件$/ }).click();
  await expect(widgets).toHaveCount(1);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
  const stored = await withDb(async (c) => (await c.query(`select setting_meta from report_def where id = $1`, [reportId])).rows[0].setting_meta as { widgets: unknown[] });
  expect(stored.widgets).toHaveLength(1);

  // A change not saved yet: leaving for another page (here the top menu's 首页) asks before it is lost.
  await page.locator('.rd-palette-item').filter({ hasText: /^文本控件$/ }).click();
  await expect(widgets).toHaveCount(2);
  await page.getByTestId('top-bar').getByRole('link', { name: '首页' }).click();
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: '离开报表设计器？' });
  await expect(ask).toContainText('报表有未保存的修改，离开后这些修改将丢失。');
  await page.screenshot({ path: `${SHOTS}/first-user-report-leave.png` });
  await ask.getByRole('button', { name: '留在此页' }).click();
  await expect(page).toHaveURL(`${BASE}/report/design/${reportId}`);
  await expect(widgets).toHaveCount(2);
  // Saved, it leaves without a word.
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await page.getByTestId('top-bar').getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(`${BASE}/home`);
});

test('数据集的数据表只按表单名称列出，不出现 form_N 表名', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${BASE}/report/dataset`);
  await page.getByRole('button', { name: '新增数据集' }).click();
  const ds = dialog(page, '新增数据集');
  await ds.getByLabel('数据表').click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.filter({ hasText: '危化品车辆入园登记' }).first()).toBeVisible();
  const texts = await options.allTextContents();
  expect(texts.length).toBeGreaterThan(1);
  expect(texts.filter((t) => /form_\d/.test(t))).toEqual([]);
  expect(texts).toContain('危化品车辆入园登记-装载明细');
  await page.screenshot({ path: `${SHOTS}/first-user-dataset-tables.png` });
});

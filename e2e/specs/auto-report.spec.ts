import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { chooseOption, createForm, dialog, toast } from '../support/forms.ts';

/*
 * 自动报表 and 订阅 (issue 39, ADR 0057): the administrator sets up a schedule for a table widget in
 * 报表设计 › 自动报表, clicks 立即发送; the recipient opens the message in 消息中心 and downloads the
 * Excel, whose rows are the table's; then the administrator subscribes from the report's page and
 * cancels it in 我的订阅. Everything is made with this run's names.
 */
const RUN = Date.now().toString(36);
const SHOTS = '/tmp/autorep';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const RECEIVER = `ar_recv_${RUN}`;
const RECEIVER_NAME = `报表接收人${RUN}`;
const REPORT_NAME = `园区车辆明细${RUN}`;
const SCHEDULE = `车辆日报${RUN}`;
const COMPANIES = [`甲企业${RUN}`, `乙企业${RUN}`, `丙企业${RUN}`];
let reportId: number;

test.beforeAll(async ({ browser }, info) => {
  info.setTimeout(90_000);
  const page = await browser.newPage();
  await loginAsAdmin(page);
  const formId = await createForm(page.request, `自动报表台账${RUN}`, {
    list: [
      { type: 'input', key: 'k_co', model: 'company_name', name: '所属企业', options: {}, rules: [] },
      { type: 'number', key: 'k_load', model: 'load_ton', name: '载重', options: {}, rules: [] },
    ],
    config: {},
  });
  for (const [i, company] of COMPANIES.entries()) {
    const res = await page.request.post(`/api/form/addformdata/${formId}`, { form: { company_name: company, load_ton: String((i + 1) * 10) }, headers: XHR });
    expect((await res.json()).errCode, await res.text()).toBe(0);
  }
  const table = `form_${formId}`;
  const sources = await (await page.request.get('/api/report/datasource/query')).json();
  const datasourceId = sources.list.find((d: { builtIn: boolean }) => d.builtIn).id;
  const c = (id: string, column: string, desc: string, dataType = 'String') => ({ id, table, column, desc, dataType, alias: '' });
  const ds = await page.request.post('/api/report/dataset/save', {
    headers: XHR,
    data: { name: `自动报表数据集${RUN}`, datasourceId: String(datasourceId), dsMeta: { dim: [c('d1', 'company_name', '所属企业')], measure: [c('m1', 'load_ton', '载重', 'Number')] } },
  });
  expect((await ds.json()).errCode, await ds.text()).toBe(0);
  const tableWidget = {
    id: 1, name: '车辆明细表', type: 'reportWidget', reportType: 'tableReportWidget', x: 1, y: 1, sizex: 76, sizey: 20, querySize: 1000,
    data: { dataset: String((await ds.json()).id), smallType: 'table', cols: [{ id: 'd1', table, column: 'company_name' }, { id: 'm1', table, column: 'load_ton' }], classAxis: [], valueAxis: [], colorAxis: [], condFilters: [], superConds: [] },
  };
  const saved = await page.request.post('/api/report/datareport/save', { headers: XHR, data: { reportName: REPORT_NAME, settingMeta: { layout: {}, widgets: [tableWidget], version: 1 } } });
  expect((await saved.json()).errCode, await saved.text()).toBe(0);
  reportId = (await saved.json()).reportId;
  // The recipient has a role with menus (a user without any sees only 您无任何菜单权限).
  await withDb(async (db) => {
    const u = await db.query(`insert into sys_user (username, password_hash, real_name) select $1, password_hash, $2 from sys_user where username = 'admin' returning id`, [RECEIVER, RECEIVER_NAME]);
    await db.query(`insert into sys_user_role (user_id, role_id) select $1, id from sys_role where role_code = 'park_admin'`, [u.rows[0].id]);
  });
  await page.close();
});

const row = (page: Page, text: string) => page.locator('.ant-table-row').filter({ hasText: text });

test('管理员新增自动报表并立即发送，接收人在消息中心下载 Excel', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await loginAsAdmin(page);
  await page.goto(`${BASE}/report/autoReport`);
  await page.getByRole('button', { name: '新增' }).click();
  const d = dialog(page, '新增自动报表');
  // The dialog refuses what the server refuses, with the same messages.
  await d.getByRole('button', { name: '保存' }).click();
  await expect(d.getByText('请选择报表', { exact: true })).toBeVisible();
  await expect(d.getByText('请选择接收人', { exact: true })).toBeVisible();
  await d.getByLabel('名称').fill(SCHEDULE);
  await d.getByLabel('报表', { exact: true }).click();
  await page.keyboard.type(REPORT_NAME);
  await chooseOption(page, `${REPORT_NAME}（报表）`);
  await d.getByLabel('表格控件').click();
  await chooseOption(page, '车辆明细表');
  await d.getByLabel('接收用户').click();
  await page.keyboard.type(RECEIVER_NAME);
  await chooseOption(page, RECEIVER_NAME);
  await page.keyboard.press('Escape');
  await d.getByLabel('发送频率').click();
  await chooseOption(page, 'cron 表达式');
  await d.getByLabel('cron 表达式').fill('0 25 * * *');
  await d.getByRole('button', { name: '保存' }).click();
  await expect(d.getByText('cron 不合法', { exact: true })).toBeVisible();
  await d.getByLabel('cron 表达式').fill('30 8 * * 1-5');
  await page.screenshot({ path: `${SHOTS}-dialog.png` });
  await d.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(row(page, SCHEDULE)).toContainText('cron 30 8 * * 1-5');

  await row(page, SCHEDULE).getByRole('button', { name: '立即发送' }).click();
  await expect(toast(page, '已发送')).toBeVisible();
  await row(page, SCHEDULE).getByRole('button', { name: '发送记录' }).click();
  await expect(page.locator('.ant-drawer .ant-table-row').first()).toContainText(RECEIVER_NAME);
  await expect(page.locator('.ant-drawer .ant-table-row').first()).toContainText('成功');
  await page.screenshot({ path: `${SHOTS}-list.png` });

  // The recipient, in their own session.
  const ctx = await browser.newContext();
  const other = await ctx.newPage();
  await loginAs(other, RECEIVER);
  await expect(other.getByTestId('top-bar')).toBeVisible();
  await other.goto(`${BASE}/msg/MsgList`);
  const msg = row(other, `自动报表：${SCHEDULE}`);
  await expect(msg).toBeVisible();
  await other.screenshot({ path: `${SHOTS}-message.png` });
  const [download] = await Promise.all([other.waitForEvent('download'), msg.getByRole('link', { name: /下载附件/ }).click()]);
  expect(download.suggestedFilename()).toBe(`${SCHEDULE}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const rows: unknown[][] = [];
  book.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  expect(rows[0]).toEqual(['所属企业', '载重']);
  expect(rows.slice(1).map((r) => r[0]).sort()).toEqual([...COMPANIES].sort());
  await ctx.close();
});

test('在报表页订阅，我的订阅中取消', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${BASE}/report/view/${reportId}`);
  await page.locator('.rv-actions').getByRole('button', { name: /(^|\s)订阅$/ }).click();
  const d = dialog(page, `订阅：${REPORT_NAME}`);
  await d.getByLabel('表格控件').click();
  await chooseOption(page, '车辆明细表');
  await d.getByLabel('发送频率').click();
  await chooseOption(page, '每周');
  await page.screenshot({ path: `${SHOTS}-subscribe.png` });
  await d.getByRole('button', { name: '订阅' }).click();
  await expect(toast(page, '订阅成功')).toBeVisible();
  await page.getByRole('button', { name: '我的订阅' }).click();
  const drawer = page.locator('.ant-drawer');
  await expect(drawer.locator('.ant-table-row').filter({ hasText: REPORT_NAME })).toContainText('每周一 08:00');
  await page.screenshot({ path: `${SHOTS}-mine.png` });
  await drawer.locator('.ant-table-row').filter({ hasText: REPORT_NAME }).getByRole('button', { name: '取消订阅' }).click();
  await page.locator('.ant-popover').getByRole('button', { name: '取消订阅' }).click();
  await expect(toast(page, '已取消订阅')).toBeVisible();
  await expect(drawer.locator('.ant-table-row').filter({ hasText: REPORT_NAME })).toHaveCount(0);
});

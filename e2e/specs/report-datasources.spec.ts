import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { chooseOption, createForm, dialog } from '../support/forms.ts';

/* 数据源管理 and 数据集 (issue 21) as an administrator would use them. */

const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = 'screenshots';

const settled = (page: Page) =>
  page.waitForFunction(() => !document.querySelector('.ant-zoom-appear, .ant-zoom-enter, .ant-zoom-leave, .ant-fade-leave'));
const rowOf = (page: Page, name: string) => page.locator('.ant-table-row').filter({ has: page.getByText(name, { exact: true }) });

function control(type: string, name: string, model: string, key: string) {
  return { type, name, key, model, options: {}, rules: [] };
}

async function openMenu(page: Page, item: string, path: string) {
  // A hover over the menu the pointer already rests on opens nothing: leave it, then come back.
  await expect(async () => {
    await page.mouse.move(0, 600);
    await page.getByTestId('top-bar').getByText('报表设计', { exact: true }).first().hover();
    await page.getByRole('menuitem', { name: item }).click({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(`${BASE}${path}`);
}

test('管理员添加外部数据源（受主机白名单保护）并在表单上建数据集：按中文名选表、选维度度量、起别名、写计算字段', async ({ page }) => {
  test.setTimeout(120_000);
  const formName = `入园车辆${RUN}`;
  await loginAsAdmin(page);
  const formId = await createForm(page.request, formName, {
    list: [control('input', '所属企业', 'company_name', 'i1'), control('datetime', '入园时间', 'entry_time', 'd1'), control('number', '载重(吨)', 'load_ton', 'n1')],
    config: { labelWidth: 100, labelPosition: 'right', size: 'small' },
  });
  const records: Array<[string, string]> = [['甲化工', '10'], ['甲化工', '20'], ['乙物流', '5']];
  for (const [company, ton] of records) {
    const r = await page.request.post(`/api/form/addformdata/${formId}`, { form: { company_name: company, load_ton: ton, entry_time: '2026-11-25 10:00:00' }, headers: XHR });
    expect(r.ok(), await r.text()).toBe(true);
  }

  // 数据源管理: the platform database is always there.
  await openMenu(page, '数据源管理', '/report/datasource');
  await expect(rowOf(page, '平台数据库').getByText('内置')).toBeVisible();

  // A metadata address is refused with the server's Chinese reason.
  await page.getByRole('button', { name: '新增数据源' }).click();
  const add = dialog(page, '新增数据源');
  await settled(page);
  const db = new URL(process.env.E2E_DATABASE_URL!);
  await add.getByLabel('数据源名称').fill(`经营库${RUN}`);
  await add.getByLabel('主机').fill('169.254.169.254');
  await add.getByLabel('端口').fill(db.port);
  await add.getByLabel('数据库名').fill(db.pathname.slice(1));
  await add.getByLabel('用户名').fill(decodeURIComponent(db.username));
  await add.getByLabel('密码').fill(decodeURIComponent(db.password));
  await add.getByRole('button', { name: '测试连接' }).click();
  await expect(page.locator('.ant-notification').getByText('主机 169.254.169.254 不在管理员允许的数据源主机列表中（DATASOURCE_ALLOWED_HOSTS）')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-datasource-refused.png` });

  // An allowed host: the connection test passes, the source is saved, its password never shown.
  await add.getByLabel('主机').fill('127.0.0.1');
  await add.getByRole('button', { name: '测试连接' }).click();
  await expect(page.getByText('连接成功')).toBeVisible();
  await add.getByRole('button', { name: '保存' }).click();
  await expect(add).toBeHidden();
  await expect(rowOf(page, `经营库${RUN}`)).toBeVisible();
  await expect(rowOf(page, `经营库${RUN}`).getByText('PostgreSQL')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-datasources.png` });

  // 数据集: the form is listed by its Chinese name, its fields by label.
  await openMenu(page, '数据集', '/report/dataset');
  await page.getByRole('button', { name: '新增数据集' }).click();
  const ds = dialog(page, '新增数据集');
  await settled(page);
  await ds.getByLabel('数据集名称').fill(`车辆统计${RUN}`);
  await ds.getByLabel('数据表').click();
  await ds.getByLabel('数据表').fill(formName);
  // By the form's name only (issue 42: the raw form_N is no name for people).
  await chooseOption(page, formName);
  await expect(ds.getByRole('heading', { name: formName })).toBeVisible();
  await expect(ds.getByText('所属企业', { exact: true })).toBeVisible();
  await ds.getByLabel('所属企业别名').fill('企业');
  await ds.getByRole('button', { name: '添加计算字段' }).click();
  await ds.getByLabel('计算字段名称').fill('载重(千克)');
  await ds.getByLabel('计算字段公式').fill('${load_ton} * 1000');
  await page.screenshot({ path: `${SHOTS}/report-dataset-dialog.png` });
  await ds.getByRole('button', { name: '保存' }).click();
  await expect(ds).toBeHidden();
  await expect(rowOf(page, `车辆统计${RUN}`)).toBeVisible();
  await expect(rowOf(page, `车辆统计${RUN}`).getByText('v1')).toBeVisible();

  // A formula outside the language is refused by the server with its reason; the dialog stays.
  await rowOf(page, `车辆统计${RUN}`).getByRole('button', { name: '编辑' }).click();
  const edit = dialog(page, '编辑数据集');
  await settled(page);
  await expect(edit.getByLabel('所属企业别名')).toHaveValue('企业');
  await edit.getByLabel('计算字段公式').fill("pg_sleep(10)");
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('.ant-notification').getByText('计算字段「载重(千克)」的公式不正确，只能使用字段、数字、+ - * / 和括号')).toBeVisible();
  await edit.getByLabel('计算字段公式').fill('${load_ton} * 1000');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await expect(rowOf(page, `车辆统计${RUN}`).getByText('v2')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-datasets.png` });

  // What the dataset gives a report: sums by the aliased company and the calculated field.
  const list = await (await page.request.get('/api/report/dataset/query')).json();
  const id = list.list.find((d: { name: string }) => d.name === `车辆统计${RUN}`).id;
  const conf = (await (await page.request.get(`/api/report/dataset/getconf/${id}`)).json()).dataSetConf;
  const calc = conf.dsMeta.measure.find((c: { express: string }) => c.express);
  const res = await page.request.post('/api/report/datareport/previewreportdata', {
    headers: XHR,
    data: { datareport: { id: 1, type: 'reportWidget', data: { dataset: id, smallType: 'column', classAxis: [{ id: conf.dsMeta.dim[0].id }], valueAxis: [{ id: calc.id, aggregate: 'sum' }] } } },
  });
  expect((await res.json()).datas).toEqual([
    { 企业: '乙物流', [`sum_${calc.column}`]: 5000 },
    { 企业: '甲化工', [`sum_${calc.column}`]: 30000 },
  ]);
});

import { expect, test, type Browser, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { chooseOption, dialog, formIdByName, toast } from '../support/forms.ts';
import { clickBar, drawn, numbers } from '../support/charts.ts';

/*
 * 报表管理, the designer and the viewer (issue 22) as an administrator and a reader would use them:
 * a dashboard of every widget kind on the demo vehicle form, its numbers checked against SQL, every
 * axis message, drilling down three levels and back, a pie slice filtering the table, a jump to a
 * record, publishing to a menu, and reading it with and without permission.
 */

test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36).slice(-5);
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = 'test-results/screens';
const REPORT = `园区车辆看板${RUN}`;
let formId = 0;
let table = '';
let datasetName = '';
let reportId = 0;

const widgets = (page: Page) => page.locator('.rd-canvas [data-testid^="widget-"]');
const config = (page: Page) => page.locator('.rd-config');
const axis = (page: Page, name: string) => config(page).locator(`[data-axis="${name}"]`);

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return withDb(async (c) => (await c.query(text, params)).rows as T[]);
}

/** Drags a dataset field onto an axis of the selected widget, as a designer does. */
async function drop(page: Page, field: string, axisName: string) {
  await config(page).locator('.rw-field').filter({ hasText: new RegExp(`^${field}$`) }).dragTo(axis(page, axisName));
}

async function addWidget(page: Page, paletteName: string) {
  const before = await widgets(page).count();
  await page.locator('.rd-palette-item').filter({ hasText: new RegExp(`^${paletteName}$`) }).click();
  await expect(widgets(page)).toHaveCount(before + 1);
  await expect(config(page).locator('h3')).toHaveText(`${paletteName}设置`);
}

async function chooseDataset(page: Page, fields = true) {
  await config(page).getByLabel('数据集').first().click();
  await chooseOption(page, datasetName);
  if (fields) await expect(config(page).locator('.rw-field').first()).toBeVisible();
}

const warned = (page: Page, text: string) => expect(toast(page, text)).toBeVisible();

// Records other specs on the shared server added may leave the column empty: the charts name that group 未填写.
const aggBy = async (column: string, measure: string, where = '', params: unknown[] = []) =>
  Object.fromEntries(
    (await sql<{ k: string | null; s: number }>(`select ${column} as k, sum(${measure})::float as s from ${table} where ${measure} is not null ${where} group by ${column}`, params)).map((r) => [r.k ?? '未填写', String(r.s)]),
  );
const sumsBy = (column: string, where = '', params: unknown[] = []) => aggBy(column, 'actual_load', where, params);

test.beforeAll(async ({ browser }, info) => {
  info.setTimeout(60_000);
  const page = await browser.newPage();
  await loginAsAdmin(page);
  formId = await formIdByName(page.request, '危化品车辆入园登记');
  table = `form_${formId}`;
  const sources = await (await page.request.get('/api/report/datasource/query')).json();
  const datasourceId = sources.list.find((d: { builtIn: boolean }) => d.builtIn).id;
  const c = (id: string, column: string, desc: string, dataType = 'String') => ({ id, table, column, desc, dataType, alias: '' });
  datasetName = `车辆统计${RUN}`;
  const saved = await page.request.post('/api/report/dataset/save', {
    headers: XHR,
    data: {
      name: datasetName,
      datasourceId,
      dsMeta: {
        dim: [c('d1', 'id', '记录ID', 'Number'), c('d2', 'plate_no', '车牌号码'), c('d3', 'vehicle_type', '车辆类型'), c('d4', 'province', '省份'), c('d5', 'city', '城市'), c('d6', 'area', '区县')],
        measure: [c('m1', 'actual_load', '实际装载', 'Number')],
      },
    },
  });
  expect((await saved.json()).errCode, await saved.text()).toBe(0);
  await page.close();
});

test('管理员在报表管理中建仪表盘：每种控件、按字段拖入坐标轴、每条坐标轴提示、钻取三层再返回、撤销重做、保存', async ({ page }) => {
  test.setTimeout(300_000);
  await loginAsAdmin(page);
  await page.goto(`${BASE}/report/manage`);
  await expect(page.getByText('危化品车辆大屏')).toBeVisible();

  // A group, then a dashboard in it: the designer opens.
  await page.getByRole('button', { name: '新建分组' }).click();
  await dialog(page, '新建分组').getByLabel('分组名称').fill(`运营${RUN}`);
  await dialog(page, '新建分组').getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('menuitem', { name: new RegExp(`运营${RUN}`) })).toBeVisible();
  await page.getByRole('menuitem', { name: new RegExp(`运营${RUN}`) }).click();
  await page.getByRole('button', { name: '新建报表' }).click();
  await dialog(page, '新建报表').getByLabel('报表名称').fill(REPORT);
  await dialog(page, '新建报表').getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/report\/design\/\d+$/);
  reportId = Number(page.url().split('/').pop());

  // 柱状图 dragged from the palette onto the canvas; a drilling axis of three levels and a measure.
  await page.locator('.rd-palette-item[data-palette="columnReportWidget"]').dragTo(page.locator('.rd-canvas .react-grid-layout'));
  await expect(widgets(page)).toHaveCount(1);
  await expect(config(page).locator('h3')).toHaveText('柱状图设置');
  const column = widgets(page).first();
  await expect(column).toContainText('请先选择数据集');
  await chooseDataset(page);
  await expect(column).toContainText('缺少度量项');
  await drop(page, '省份', 'drillingAxis');
  await drop(page, '城市', 'drillingAxis');
  await drop(page, '区县', 'drillingAxis');
  await drop(page, '实际装载', 'valueAxis');
  await drawn(column, await sumsBy('province'));

  // Drill by clicking the bars themselves: 安徽省 → 合肥市 → a district is the last level; back through the path.
  await clickBar(page, column, '安徽省');
  await expect(column.locator('.rw-drill')).toContainText('安徽省');
  await drawn(column, await sumsBy('city', `and province = $1`, ['安徽省']));
  await clickBar(page, column, '合肥市');
  await expect(column.locator('.rw-drill')).toContainText('合肥市');
  const districts = await sumsBy('area', `and province = $1 and city = $2`, ['安徽省', '合肥市']);
  await drawn(column, districts);
  await clickBar(page, column, Object.keys(districts).sort()[0]!);
  await warned(page, '已经钻取到最后一层了');
  await page.screenshot({ path: `${SHOTS}/report-drill.png` });
  await column.locator('.rw-drill').getByText('安徽省').click();
  await drawn(column, await sumsBy('city', `and province = $1`, ['安徽省']));
  await column.locator('.rw-drill').getByText('全部').click();
  await expect(column.locator('.rw-drill')).toHaveCount(0);
  await drawn(column, await sumsBy('province'));
  // 数据视图 shows the same numbers as a table.
  await column.getByRole('button', { name: '数据视图' }).click();
  await expect(column.locator('table.rw-data')).toBeVisible();
  await column.getByRole('button', { name: '图表视图' }).click();

  // §5 on the column chart: one colour legend item, one value with a legend, no duplicate measure.
  await column.locator('.rg-handle').click();
  await drop(page, '车辆类型', 'colorAxis');
  await drop(page, '省份', 'colorAxis');
  await warned(page, '已超过[颜色图例/维度]最多可添加项数量（1）');
  await drop(page, '记录ID', 'valueAxis');
  await warned(page, '颜色图例轴已有项，值轴只能出现一项');
  await axis(page, 'colorAxis').getByLabel('移除车辆类型').click();
  await drop(page, '实际装载', 'valueAxis');
  await warned(page, '同一字段的同一聚合方式只能出现一次');

  // 饼图: one label, one angle; without a measure or a dimension it says so and is not queried.
  await addWidget(page, '饼图');
  const pie = widgets(page).last();
  await chooseDataset(page);
  await drop(page, '车辆类型', 'classAxis');
  await expect(pie).toContainText('缺少度量项');
  await drop(page, '区县', 'classAxis');
  await warned(page, '已超过[扇区标签/维度]最多可添加项数量（1）');
  await drop(page, '记录ID', 'valueAxis');
  await drop(page, '实际装载', 'valueAxis');
  await warned(page, '已超过[扇区角度/度量]最多可添加项数量（1）');
  await axis(page, 'classAxis').getByLabel('移除车辆类型').click();
  await expect(pie).toContainText('缺少维度项');
  await drop(page, '车辆类型', 'classAxis');
  await expect(pie.locator('canvas')).toBeVisible();
  await drawn(pie, await aggBy('vehicle_type', 'id'));

  // 组合图 and 指标看板 limits.
  await addWidget(page, '组合图');
  await chooseDataset(page);
  await drop(page, '城市', 'classAxis');
  await drop(page, '实际装载', 'valueAxis');
  await drop(page, '记录ID', 'viceValueAxis');
  await drop(page, '车辆类型', 'colorAxis');
  await warned(page, '颜色图例轴已有项，主值轴/副值轴只能出现一项');
  const composite = widgets(page).last();
  await drawn(composite, await sumsBy('city'));
  await drawn(composite, await aggBy('city', 'id'), 1);
  await addWidget(page, '指标看板');
  const kanban = widgets(page).last();
  await chooseDataset(page);
  await drop(page, '车辆类型', 'classAxis');
  await drop(page, '省份', 'classAxis');
  await warned(page, '已超过[看板标签/维度]最多可添加项数量（1）');
  await drop(page, '实际装载', 'valueAxis');
  const byType = await sumsBy('vehicle_type');
  for (const [type, sum] of Object.entries(byType)) await expect(kanban.getByRole('group', { name: type })).toContainText(sum);

  // 折线图, 条形图 and 交叉表.
  await addWidget(page, '折线图');
  await chooseDataset(page);
  await drop(page, '城市', 'classAxis');
  await drop(page, '实际装载', 'valueAxis');
  await drawn(widgets(page).last(), await sumsBy('city'));
  await addWidget(page, '条形图');
  const bar = widgets(page).last();
  await chooseDataset(page);
  await drop(page, '车辆类型', 'classAxis');
  await drop(page, '实际装载', 'valueAxis');
  const loads = await sumsBy('vehicle_type');
  await drawn(bar, loads);
  // 高级条件: two chips on 车辆类型, 罐车 on by default.
  for (const [name, value] of [
    ['罐车', '罐式货车'],
    ['厢车', '厢式货车'],
  ] as const) {
    await config(page).getByLabel('添加高级条件').click();
    await chooseOption(page, '车辆类型');
    const row = config(page).locator('.rw-super-cfg').last();
    await row.getByLabel('条件名称').fill(name);
    await row.getByLabel('条件名称').blur();
    await row.getByLabel('条件值').fill(value);
    await row.getByLabel('条件值').blur();
  }
  await config(page).locator('.rw-super-cfg').first().getByRole('checkbox').check();
  await drawn(bar, { 罐式货车: loads['罐式货车']! });
  await expect(bar.getByRole('button', { name: '罐车' })).toHaveAttribute('aria-pressed', 'true');
  await addWidget(page, '交叉表');
  const cross = widgets(page).last();
  await chooseDataset(page);
  await drop(page, '省份', 'classAxis');
  await drop(page, '车辆类型', 'colorAxis');
  await drop(page, '实际装载', 'valueAxis');
  await expect(cross.locator('.ant-table-thead')).toContainText('罐式货车');
  const anhui = await sumsBy('vehicle_type', `and province = $1`, ['安徽省']);
  for (const sum of Object.values(anhui)) await expect(cross.locator('.ant-table-row').filter({ hasText: '安徽省' })).toContainText(sum);

  // 表格 with a jump from the plate to the record, and a query widget on 车辆类型.
  await addWidget(page, '表格');
  await chooseDataset(page);
  for (const f of ['车牌号码', '车辆类型', '城市', '记录ID']) await drop(page, f, 'cols');
  await config(page).getByRole('button', { name: '车牌号码跳转' }).click();
  const jump = page.locator('.ant-popover:visible').filter({ hasText: '车牌号码 跳转' });
  await jump.getByLabel('跳转').click();
  await chooseOption(page, '表单记录');
  await jump.getByLabel('表单ID').fill(String(formId));
  await jump.getByLabel('表单ID').blur();
  await jump.getByLabel('记录ID列').click();
  await chooseOption(page, 'id');
  await config(page).getByRole('button', { name: '车牌号码跳转' }).click();
  await expect(jump).toHaveCount(0);
  // 城市 calls an API with the row's city; its reply is read through the configured fields.
  await config(page).getByRole('button', { name: '城市跳转' }).click();
  const api = page.locator('.ant-popover:visible').filter({ hasText: '城市 跳转' });
  await api.getByLabel('跳转').click();
  await chooseOption(page, 'API接口');
  await api.getByLabel('接口地址').fill(`/api/report/datareport/getbyid/${reportId}`);
  await api.getByLabel('接口地址').blur();
  await api.getByLabel('返回码字段').fill('errCode');
  await api.getByLabel('返回码字段').blur();
  await api.getByLabel('返回信息字段').fill('errMsg');
  await api.getByLabel('返回信息字段').blur();
  await config(page).getByRole('button', { name: '城市跳转' }).click();
  await expect(api).toHaveCount(0);
  await config(page).getByRole('checkbox', { name: '允许导入到表单' }).check();
  const tableWidget = widgets(page).last();
  const total = (await sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
  await expect(tableWidget.locator('.ant-pagination')).toContainText(`共 ${total} 条`);
  // A fixed filter (condFilters) on the table, then taken off again.
  const tanks = (await sql<{ n: number }>(`select count(*)::int as n from ${table} where vehicle_type = '罐式货车'`))[0]!.n;
  await config(page).getByLabel('添加过滤条件').click();
  await chooseOption(page, '车辆类型');
  await config(page).getByLabel('过滤值').fill('罐式货车');
  await config(page).getByLabel('过滤值').blur();
  await expect(tableWidget.locator('.ant-pagination')).toContainText(`共 ${tanks} 条`);
  await config(page).getByLabel('删除过滤条件').click();
  await expect(tableWidget.locator('.ant-pagination')).toContainText(`共 ${total} 条`);
  await addWidget(page, '查询控件');
  await chooseDataset(page, false);
  await config(page).getByLabel('添加查询条件').click();
  await chooseOption(page, '车辆类型');

  // The rest of the palette: text, image (none yet: 暂无), inner page, tabs (two by default).
  await addWidget(page, '文本控件');
  await config(page).getByLabel('文本内容').fill('危化品车辆入园情况，数据每日更新');
  await addWidget(page, '图片');
  await expect(widgets(page).last()).toContainText('暂无');
  await addWidget(page, '内嵌页面');
  await addWidget(page, 'Tab');
  await expect(widgets(page).last().getByRole('tab')).toHaveText(['Tab 1', 'Tab 2']);
  // A widget inside a tab, opened for editing from the tab's settings.
  await config(page).getByLabel('向Tab 1添加控件').click();
  await chooseOption(page, '文本控件');
  await config(page).getByRole('button', { name: '编辑' }).click();
  await expect(config(page).locator('h3')).toHaveText('文本控件设置');
  await config(page).getByLabel('文本内容').fill('标签页里的说明');
  await expect(widgets(page).last().locator('.rw-tab-body')).toContainText('标签页里的说明');

  // Undo and redo a delete; a copy.
  const n = await widgets(page).count();
  expect(n).toBe(13);
  await widgets(page).last().getByRole('button', { name: '删除控件' }).click();
  await expect(widgets(page)).toHaveCount(n - 1);
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(widgets(page)).toHaveCount(n);
  await page.getByRole('button', { name: '重做' }).click();
  await expect(widgets(page)).toHaveCount(n - 1);
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(widgets(page)).toHaveCount(n);
  await widgets(page).last().getByRole('button', { name: '复制控件' }).click();
  await expect(widgets(page)).toHaveCount(n + 1);
  await page.getByRole('button', { name: '撤销' }).click();
  await expect(widgets(page)).toHaveCount(n);

  // Resize the column chart to half the width, then move it below the pie by its handle.
  await page.locator('.rd-canvas').evaluate((el) => el.scrollTo(0, 0));
  const grip = column.locator('xpath=..').locator('.react-resizable-handle');
  const g = (await grip.boundingBox())!;
  await page.mouse.move(g.x + g.width / 2, g.y + g.height / 2);
  await page.mouse.down();
  await page.mouse.move(g.x - 380, g.y, { steps: 8 });
  await page.mouse.up();
  const handle = (await column.locator('.rg-handle').boundingBox())!;
  await page.mouse.move(handle.x + 20, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 20, handle.y + 420, { steps: 10 });
  await page.mouse.up();

  // Saved at once, no confirmation to miss (issue 42).
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/report-designer.png`, fullPage: true });

  // Saved in the origin settingMeta shape and loaded back as it was.
  const stored = (await sql<{ setting_meta: { version: number; layout: { rows: unknown[]; style: { verticalSpacing: number } }; widgets: Array<{ id: number; type: string; y: number; sizex: number }> } }>(`select setting_meta from report_def where id = $1`, [reportId]))[0]!.setting_meta;
  expect(stored.version).toBe(1);
  expect(stored.layout.style.verticalSpacing).toBe(5);
  expect(stored.widgets).toHaveLength(n);
  const saved = stored.widgets.find((w) => w.id === 1)!;
  expect(saved.sizex).toBeLessThan(76);
  expect(saved.y).toBeGreaterThan(1);
  await page.reload();
  await expect(widgets(page)).toHaveCount(n);
});

async function userSession(browser: Browser, username: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, username);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  return page;
}

test('发布到菜单：饼图点击筛选表格、查询控件、跳转到记录；有权限的用户可看，无权限的得到 403', async ({ page, browser }) => {
  test.setTimeout(240_000);
  // A role to publish to, a reader holding it, and a user with menus but not this report.
  const [reader, outsider] = [`reader${RUN}`, `outsider${RUN}`];
  await withDb(async (c) => {
    const role = await c.query(`insert into sys_role (role_name, role_code) values ($1, $2) returning id`, [`报表读者${RUN}`, `reader_${RUN}`]);
    const other = await c.query(`insert into sys_role (role_name, role_code) values ($1, $2) returning id`, [`其他角色${RUN}`, `other_${RUN}`]);
    await c.query(`insert into sys_role_menu (role_id, menu_id) select $1, id from sys_menu where path = '/home'`, [other.rows[0].id]);
    for (const [name, roleId] of [
      [reader, role.rows[0].id],
      [outsider, other.rows[0].id],
    ]) {
      const u = await c.query(`insert into sys_user (username, password_hash, real_name) select $1, password_hash, $1 from sys_user where username = 'admin' returning id`, [name]);
      await c.query(`insert into sys_user_role (user_id, role_id) values ($1, $2)`, [u.rows[0].id, roleId]);
    }
  });

  await loginAsAdmin(page);
  await page.goto(`${BASE}/report/manage`);
  const row = page.locator('.ant-table-row').filter({ hasText: REPORT });
  await row.getByRole('button', { name: '发布' }).click();
  const publish = dialog(page, '发布到菜单');
  await publish.getByLabel('授权角色').click();
  // Typed, as with a long role list (the demo applications add theirs): the list shows only the first ones.
  await page.keyboard.type(`报表读者${RUN}`);
  await chooseOption(page, `报表读者${RUN}`);
  await page.keyboard.press('Escape');
  await publish.getByRole('button', { name: '发布' }).click();
  await expect(toast(page, '发布成功')).toBeVisible();
  await expect(row).toContainText('1 个');
  await page.screenshot({ path: `${SHOTS}/report-manage.png` });

  // The viewer, as the administrator: a click on the first pie slice filters the table.
  await page.goto(`${BASE}/report/view/${reportId}`);
  const frames = page.locator('.rv-page .rw-frame');
  const pie = frames.filter({ hasText: '饼图' }).first();
  const tableFrame = page.locator('.rv-page .rw-frame').filter({ has: page.locator('.rw-table:not(.rw-cross)') });
  const counts = await sql<{ t: string; n: number }>(`select vehicle_type as t, count(id)::int as n from ${table} group by vehicle_type order by vehicle_type`);
  const total = counts.reduce((s, r) => s + r.n, 0);
  await expect(tableFrame.locator('.ant-pagination')).toContainText(`共 ${total} 条`);
  const canvas = pie.locator('canvas').first();
  await expect(canvas).toBeVisible();
  await pie.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  // ECharts draws the slices clockwise from twelve o'clock in the order of the chart's data table
  // (the pie's angle is the sum of 记录ID, not a count): aim at the middle of the first, inside the ring.
  await expect.poll(async () => Object.keys(await numbers(pie)).length).toBeGreaterThan(1);
  const slices = Object.entries(await numbers(pie)).map(([t, v]) => ({ t, v: Number(v) }));
  const angle = (Math.PI * slices[0]!.v) / slices.reduce((s, x) => s + x.v, 0);
  const clicked = counts.find((c) => c.t === slices[0]!.t)!;
  const r = (Math.min(box.width, box.height) / 2) * 0.6;
  await page.mouse.click(box.x + box.width / 2 + r * Math.sin(angle), box.y + box.height / 2 - r * Math.cos(angle));
  await expect(tableFrame.locator('.ant-pagination')).toContainText(`共 ${clicked.n} 条`);
  await expect(tableFrame.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(clicked.t);
  await page.screenshot({ path: `${SHOTS}/report-view-linked.png`, fullPage: true });
  // The same slice again lifts the filter; the query widget filters by the chosen type.
  await page.mouse.click(box.x + box.width / 2 + r * Math.sin(angle), box.y + box.height / 2 - r * Math.cos(angle));
  await expect(tableFrame.locator('.ant-pagination')).toContainText(`共 ${total} 条`);
  // The bar's 高级条件 chips: 罐车 on from the start; 厢车 instead; 厢车 off again is back to the default.
  const bar = frames.filter({ hasText: '条形图' }).first();
  const loads = await sumsBy('vehicle_type');
  await drawn(bar, { 罐式货车: loads['罐式货车']! });
  await bar.getByRole('button', { name: '厢车' }).click();
  await drawn(bar, { 厢式货车: loads['厢式货车']! });
  await expect(bar.getByRole('button', { name: '罐车' })).toHaveAttribute('aria-pressed', 'false');
  await bar.getByRole('button', { name: '厢车' }).click();
  await drawn(bar, { 罐式货车: loads['罐式货车']! });

  const last = counts[counts.length - 1]!;
  await page.locator('.rw-query-item').getByLabel('车辆类型').click();
  await chooseOption(page, last.t);
  await page.getByRole('button', { name: '查询' }).click();
  await expect(tableFrame.locator('.ant-pagination')).toContainText(`共 ${last.n} 条`);

  // A city calls the configured API; its reply (errCode 0) is a success.
  await tableFrame.locator('.ant-table-tbody tr.ant-table-row').first().locator('.rw-jump-link').nth(1).click();
  await expect(toast(page, '操作成功')).toBeVisible();

  // The pie as an image, the filtered table as a workbook.
  const [png] = await Promise.all([page.waitForEvent('download'), pie.getByRole('button', { name: '导出图片' }).click()]);
  expect(png.suggestedFilename()).toBe('饼图.png');
  const [xlsx] = await Promise.all([page.waitForEvent('download'), tableFrame.getByRole('button', { name: '导出Excel' }).click()]);
  await expect(toast(page, 'Excel导出成功')).toBeVisible();
  expect(xlsx.suggestedFilename()).toBe('表格.xlsx');

  // A plate jumps to its record.
  const first = tableFrame.locator('.ant-table-tbody tr.ant-table-row').first();
  const plate = (await first.locator('.rw-jump-link').first().textContent())!.trim();
  const recordId = (await sql<{ id: string }>(`select id from ${table} where plate_no = $1 order by id limit 1`, [plate]))[0]!.id;
  await first.locator('.rw-jump-link').first().click();
  await expect(page).toHaveURL(new RegExp(`/form/detail/${formId}/${recordId}$`));
  await expect(page.getByText(plate).first()).toBeVisible();

  // Opened again, the widgets are answered from the server's cache and say since when. The first
  // opening is let finish (its replies are what the cache keeps) before the page is reloaded.
  await page.goto(`${BASE}/report/view/${reportId}`);
  await expect(tableFrame.locator('.ant-pagination')).toContainText(`共 ${total} 条`);
  await expect.poll(async () => Object.keys(await numbers(pie)).length).toBeGreaterThan(1);
  // What the server said about each widget after the reload, for the message when no note shows.
  const replies: string[] = [];
  const onReply = (r: import('@playwright/test').Response) => {
    if (!/queryreportdata/.test(r.url())) return;
    void r.text().then(
      (t) => replies.push(`${r.url().split('/').pop()} ${r.status()} ${t.match(/"(widgetId|cached|computedAt|pending|errMsg)":("[^"]*"|[^,}]*)/g)?.join(' ') ?? t.slice(0, 200)}`),
      () => replies.push(`${r.url().split('/').pop()} ${r.status()} (no body)`),
    );
  };
  page.on('response', onReply);
  await page.reload();
  const notes = page.getByTestId('freshness-note');
  await expect
    .poll(async () => ((await notes.count()) > 0 ? await notes.first().textContent() : `没有缓存说明；服务器的回复：${replies.join(' | ') || '无'}`))
    .toMatch(/^缓存数据 · 更新于 \d{2}:\d{2}:\d{2}$/);
  page.off('response', onReply);

  // 大屏 mode: dark, the charts drawn with light text.
  await page.getByRole('button', { name: '大屏' }).click();
  await expect(page.locator('.rv-screen')).toBeVisible();
  await expect(page.locator('.rv-screen .rw-chart[data-theme="dark"]').first()).toBeVisible();
  await expect(page.locator('.rv-screen .rw-chart[data-theme="light"]')).toHaveCount(0);
  await page.waitForTimeout(800); // the charts' entry animation, for the screenshot
  await page.screenshot({ path: `${SHOTS}/report-screen.png` });
  await page.getByRole('button', { name: '退出大屏' }).click();

  // 导入 on the table: two rows through the form's own import template; the table counts them.
  const before = (await sql<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
  await expect(tableFrame.locator('.ant-pagination')).toContainText(`共 ${before} 条`);
  await tableFrame.getByRole('button', { name: '导入' }).click();
  const importing = dialog(page, '导入');
  const template = await (await page.request.get(`/api/form/exportFormTemplate/${formId}`)).body();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as unknown as ArrayBuffer);
  const ws = book.worksheets[0]!;
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map((h) => String(h ?? ''));
  const dept = (await sql<{ name: string }>(`select org_name as name from sys_org where parent_id is not null order by order_index limit 1`))[0]!.name;
  for (const i of [1, 2]) {
    const values: Record<string, unknown> = { 车牌号码: `皖C${RUN.slice(-3)}${i}0`.toUpperCase().slice(0, 7), 车辆类型: '罐式货车', '核定载重(吨)': 30, 驾驶员手机: `1385511000${i}`, 入园日期: '2026-11-27', 随车证件: '道路运输证', 受理部门: dept, 备注: `报表导入${RUN}` };
    for (const [name, v] of Object.entries(values)) if (headers.includes(name)) ws.getRow(i + 1).getCell(headers.indexOf(name) + 1).value = v as ExcelJS.CellValue;
  }
  const upload = test.info().outputPath('报表导入.xlsx');
  await book.xlsx.writeFile(upload);
  await importing.locator('input[type=file]').setInputFiles(upload);
  await importing.getByRole('button', { name: '开始导入' }).click();
  await expect(toast(page, 'Excel导入成功')).toBeVisible({ timeout: 30_000 });
  await importing.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(tableFrame.locator('.ant-pagination')).toContainText(`共 ${before + 2} 条`);

  // The reader finds it in the menu and reads it; the outsider gets 403.
  const readerPage = await userSession(browser, reader);
  await readerPage.getByTestId('top-bar').getByText(REPORT, { exact: true }).click();
  await expect(readerPage).toHaveURL(`${BASE}/report/view/${reportId}`);
  await expect(readerPage.locator('.rv-page .rw-frame').filter({ hasText: '柱状图' }).first().locator('canvas')).toBeVisible();
  await readerPage.screenshot({ path: `${SHOTS}/report-reader.png`, fullPage: true });
  const outsiderPage = await userSession(browser, outsider);
  await outsiderPage.goto(`${BASE}/report/view/${reportId}`);
  await expect(outsiderPage.getByText('403')).toBeVisible();
  await expect(outsiderPage.getByText('抱歉，您无权访问此页面')).toBeVisible();
  const res = await outsiderPage.request.post('/api/report/datareport/queryreportdata', { headers: XHR, data: { reportId, widgetId: 1 } });
  expect(res.status()).toBe(403);

  // A widget of a kind this version does not know says 敬请期待.
  await withDb((c) => c.query(`update report_def set setting_meta = jsonb_set(setting_meta, '{widgets}', setting_meta->'widgets' || '[{"id": 99, "type": "mapWidget", "name": "地图", "x": 1, "y": 400, "sizex": 20, "sizey": 10, "style": {"mainTitle": "地图"}}]'::jsonb) where id = $1`, [reportId]));
  await page.goto(`${BASE}/report/view/${reportId}`);
  await expect(page.locator('.rv-page .rw-frame').filter({ hasText: '地图' })).toContainText('敬请期待');
});

test('从表单生成：空报表按表单列表页的查询条件和列得到查询控件及其下的表格，只此一次', async ({ page }) => {
  await loginAsAdmin(page);
  const created = await page.request.post('/api/report/datareport/create', { headers: XHR, data: { reportName: `车辆列表${RUN}`, kind: 'report', groupId: null } });
  const id = (await created.json()).reportId as number;
  await page.goto(`${BASE}/report/design/${id}`);
  await page.getByRole('button', { name: '从表单生成' }).click();
  const d = dialog(page, '从表单生成');
  await d.getByLabel('表单数据集').click();
  await chooseOption(page, datasetName);
  await d.getByRole('button', { name: '生成' }).click();
  // The demo form's list page asks for 车牌号码 and 车辆类型 (of its conditions, those the dataset has).
  // (Polled as a sentence, so a failure in CI's log says what the page showed instead.)
  const state = async () => `${await widgets(page).count()} widgets; dialog ${(await d.count()) > 0 ? 'open' : 'closed'}; messages: ${(await page.locator('.ant-message-notice').allTextContents()).join(' | ')}`;
  await expect.poll(state).toBe('2 widgets; dialog closed; messages: ');
  const [query, list] = [widgets(page).first(), widgets(page).last()];
  await expect(query.locator('.rw-query-label')).toHaveText(['车牌号码', '车辆类型']);
  await expect(list.locator('.ant-table-thead')).toContainText('车牌号码');
  const counts = await sql<{ t: string; n: number }>(`select vehicle_type as t, count(*)::int as n from ${table} group by vehicle_type order by 2 desc`);
  await expect(list.locator('.ant-pagination')).toContainText(`共 ${counts.reduce((s, r) => s + r.n, 0)} 条`);
  await query.getByLabel('车辆类型').click();
  await chooseOption(page, counts[0]!.t);
  await query.getByRole('button', { name: '查询' }).click();
  await expect(list.locator('.ant-pagination')).toContainText(`共 ${counts[0]!.n} 条`);
  await expect(page.getByRole('button', { name: '从表单生成' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/report-from-form.png` });
});

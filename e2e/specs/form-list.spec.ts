import fs from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  HAZMAT_CATALOG_FORM_NAME,
  HAZMAT_VEHICLE_FORM_NAME,
  hazmatVehicleDemoRows,
  hazmatVehicleListSettings,
  hazmatVehicleMeta,
} from '../../packages/core/src/form/demoForms.ts';
import type { SensorSettings } from '../../packages/core/src/form/types.ts';
import { png } from '../../apps/server/test/sampleFiles.ts';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, confirm, createForm, dialog, field, formIdByName, toast } from '../support/forms.ts';

/*
 * The form list page (issue 8) in Chromium through the real server: the demo vehicle form's list
 * settings (query bar, result columns, buttons, custom jumps), Excel import with a partial
 * success and export, batch delete. Each test works on its own copy of the form.
 */

const SCREENS = 'screenshots';
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };

interface Org {
  id: string;
  name: string;
}

async function orgs(): Promise<Org[]> {
  return withDb(async (c) =>
    (
      await c.query(
        `select id::text as id, org_name as name from sys_org where parent_id is not null order by order_index limit 6`,
      )
    ).rows,
  );
}

/** A copy of the demo vehicle form with its list settings (which name the copy's own id). */
async function freshForm(
  page: Page,
  label: string,
  tweak: (s: SensorSettings, formId: number) => SensorSettings = (s) => s,
): Promise<{ formId: number; catalogId: number }> {
  const catalogId = await formIdByName(page.request, HAZMAT_CATALOG_FORM_NAME);
  const formId = await createForm(page.request, `${HAZMAT_VEHICLE_FORM_NAME}-${label}-${Date.now()}`, hazmatVehicleMeta(catalogId));
  const meta = { ...hazmatVehicleMeta(catalogId), sensorSettings: tweak(hazmatVehicleListSettings(formId, catalogId), formId) };
  const saved = await page.request.post('/api/form/saveformdesign', { data: { formId, formMeta: meta }, headers: HEADERS });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { formId, catalogId };
}

/** The demo vehicles, added through the API as the form would send them. */
async function addVehicles(page: Page, formId: number, extra: Record<number, Record<string, string>> = {}) {
  const rows = hazmatVehicleDemoRows(await orgs());
  for (const [i, row] of rows.entries()) {
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries({ ...row, ...extra[i] })) if (v !== null) fields[k] = v;
    const res = await page.request.post(`/api/form/addformdata/${formId}`, { form: fields, headers: HEADERS });
    expect((await res.json()).errCode, await res.text()).toBe(0);
  }
  return rows;
}

const rows = (page: Page) => page.locator('.list-page .ant-table-tbody tr.ant-table-row');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text }).first();
const queryItem = (page: Page, key: string) => page.locator(`.list-query-item[data-key="${key}"]`);

async function plates(page: Page): Promise<string[]> {
  // The first data column after the checkbox and the index is 车牌号码.
  return rows(page).evaluateAll((trs) =>
    trs.map((tr) => (tr.querySelectorAll('td')[2]?.textContent ?? '').trim()),
  );
}

async function openList(page: Page, formId: number, count: number) {
  await page.goto(`${BASE}/form/list/${formId}`);
  await expect(page.locator('.list-page .ant-card-head-title')).toContainText(HAZMAT_VEHICLE_FORM_NAME);
  await expect(rows(page)).toHaveCount(count);
}

async function search(page: Page) {
  await button(page.locator('.list-query-bar'), '查询').click();
}

async function reset(page: Page, count: number) {
  await button(page.locator('.list-query-bar'), '重置').click();
  await expect(rows(page)).toHaveCount(count);
}

async function typeInto(input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await input.press('Enter');
}

async function readWorkbook(path: string): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  return book.worksheets[0]!;
}

const cells = (ws: ExcelJS.Worksheet, r: number) => (ws.getRow(r).values as unknown[]).slice(1);

test.describe('表单列表页', () => {
  test('演示表单的列表页：从菜单进入，带查询栏、名称列和自定义按钮', async ({ page }) => {
    await loginAsAdmin(page);
    await page.getByTestId('top-bar').getByText('业务表单').hover();
    await page.getByRole('menuitem', { name: HAZMAT_VEHICLE_FORM_NAME }).click();
    await expect(page).toHaveURL(/\/form\/list\/\d+$/);
    await expect(page.locator('.list-query-bar')).toContainText('入园日期');
    await expect(row(page, '皖A12345')).toContainText('车辆档案');
    await expect(row(page, '皖A12345')).toContainText('安徽省 / 合肥市 / 蜀山区');
    await fs.mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: `${SCREENS}/form-list-demo.png` });
  });

  test('按文本、日期范围、多选查询，按列排序，单元格显示名称而非编号', async ({ page }) => {
    await loginAsAdmin(page);
    const { formId } = await freshForm(page, '查询');
    const org = await orgs();
    const uploaded = await page.request.post('/api/file/upload', {
      multipart: { file: { name: '车辆.png', mimeType: 'image/png', buffer: png() } },
      headers: HEADERS,
    });
    const photo = String((await uploaded.json()).datas[0].fileId);
    await addVehicles(page, formId, { 5: { vehicle_photos: photo } });
    await openList(page, formId, 6);

    // Cells: labels of pickers, region names, the map address, switch text, 暂无 for no image.
    const first = row(page, '皖A12345');
    await expect(first).toContainText(org[0]!.name);
    await expect(first).toContainText(`${org[1]!.name}，${org[2]!.name}`);
    await expect(first).toContainText('安徽省 / 合肥市 / 蜀山区');
    await expect(first).toContainText('化工大道1号');
    await expect(first).toContainText('重车');
    await expect(first).toContainText('暂无');
    await expect(row(page, '皖A67890')).toContainText('空车');
    // An image column: 查看 opens the image viewer.
    await button(row(page, '鄂E70086'), '查看').click();
    await expect(page.locator('.ant-image-preview')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-image-preview')).toHaveCount(0);
    await expect(page.locator('.ant-pagination')).toContainText('共 6 条');

    // Text, $like
    await queryItem(page, 'plate_no').getByRole('textbox').fill('皖A');
    await search(page);
    await expect(rows(page)).toHaveCount(3);
    expect((await plates(page)).sort()).toEqual(['皖A12345', '皖A55221', '皖A67890']);
    await reset(page, 6);
    await expect(queryItem(page, 'plate_no').getByRole('textbox')).toHaveValue('');

    // Date range, $in with bvalue and evalue
    const range = queryItem(page, 'entry_date').locator('input');
    await range.nth(0).click();
    await range.nth(0).fill('2026-11-05');
    await typeInto(range.nth(1), '2026-11-12');
    await expect(range.nth(1)).toHaveValue('2026-11-12');
    await expect(range.nth(0)).toHaveValue('2026-11-05');
    await search(page);
    await expect(rows(page)).toHaveCount(3);
    expect((await plates(page)).sort()).toEqual(['皖A67890', '苏E88661', '鄂E32100']);
    await reset(page, 6);

    // Multi-select, $all: both documents must be carried
    await queryItem(page, 'documents').locator('.ant-select').click();
    for (const label of ['押运员证', '安全告知卡'])
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).click();
    await page.keyboard.press('Escape');
    await search(page);
    await expect(rows(page)).toHaveCount(1);
    expect(await plates(page)).toEqual(['鄂E32100']);
    await reset(page, 6);

    // Server-side sort on 核定载重(吨): ascending, then descending
    const header = page.locator('.ant-table-thead th').filter({ hasText: '核定载重(吨)' });
    await header.click();
    await expect.poll(() => plates(page).then((p) => p[0])).toBe('皖A67890');
    await header.click();
    await expect.poll(() => plates(page).then((p) => p[0])).toBe('苏E88661');

    await fs.mkdir(SCREENS, { recursive: true });
    await page.screenshot({ path: `${SCREENS}/form-list.png`, fullPage: true });
  });

  test('自定义跳转：对话框、新窗口，以及空配置的提示', async ({ page }) => {
    await loginAsAdmin(page);
    const { formId, catalogId } = await freshForm(page, '跳转', (s, self) => ({
      ...s,
      // 车牌号码 becomes a jump column opening the record full-screen.
      queryResults: (s.queryResults ?? []).map((r) =>
        (r as { key: string }).key === 'plate_no'
          ? {
              ...(r as object),
              isJump: true,
              jumpInfo: {
                urlType: 0,
                url: `/closed-park-web/form/detail/${self}/{id}`,
                params: [{ model: 'id', paramName: 'id' }],
                dialogTitle: '车辆详情',
                dialogFullscreen: true,
              },
            }
          : r,
      ),
      optButtons: [
        ...(s.optButtons ?? []),
        { key: 'custom', name: '空跳转' },
        { key: 'custom', name: '空接口', jumpInfo: { urlType: 3, url: '' } },
        { key: 'custom', name: '空返回', jumpInfo: { urlType: 3, url: '/api/form/getCurrentDate' } },
        {
          key: 'custom',
          name: '取日期',
          jumpInfo: { urlType: 3, url: '/api/form/getCurrentDate', requestMethod: 'GET', respParamSet: { errCode: 'errCode', errMsg: 'currentDate' } },
        },
      ],
    }));
    await addVehicles(page, formId);
    await openList(page, formId, 6);

    // In a dialog: the record's detail page in a frame, titled and sized from the config.
    await button(row(page, '皖A12345'), '车辆档案').click();
    const d = dialog(page, '车辆档案');
    await expect(d).toBeVisible();
    const frame = d.frameLocator('iframe');
    await expect(frame.getByText('皖A12345').first()).toBeVisible({ timeout: 20_000 });
    // A page of this system is trusted and needs no sandbox (a foreign one never gets allow-same-origin, issue 26).
    expect(await d.locator('iframe').getAttribute('sandbox')).toBeNull();
    await expect(frame.getByTestId('top-bar')).toHaveCount(0); // embedded: no top menu
    await page.screenshot({ path: `${SCREENS}/form-list-jump-dialog.png` });
    await d.locator('.ant-modal-close').click();
    await expect(d).toHaveCount(0);

    // In a new window: the catalogue's list, with the row's plate as a parameter.
    const popup = page.context().waitForEvent('page');
    await button(row(page, '皖A67890'), '危化品目录').click();
    const win = await popup;
    await win.waitForLoadState();
    expect(win.url()).toContain(`/form/list/${catalogId}?plate=${encodeURIComponent('皖A67890')}`);
    await expect(win.locator('.list-page .ant-card-head-title')).toContainText(HAZMAT_CATALOG_FORM_NAME, { timeout: 20_000 });
    await expect(win.locator('.ant-table-tbody')).toContainText('甲醇');
    await win.close();

    // A jump column: the plate opens the record in a full-screen dialog.
    await row(page, '皖A55221').getByRole('button', { name: '皖A55221' }).click();
    const full = dialog(page, '车辆详情');
    await expect(full).toBeVisible();
    // Measured once the opening zoom animation has finished.
    await expect
      .poll(async () => (await full.locator('.ant-modal-container, .ant-modal-content').first().boundingBox())?.width ?? 0)
      .toBeGreaterThan(1300);
    await expect(full.frameLocator('iframe').getByText('皖A55221').first()).toBeVisible({ timeout: 20_000 });
    await full.locator('.ant-modal-close').click();
    await expect(full).toHaveCount(0);

    // An API jump: the reply is read through respParamSet (here errCode and currentDate).
    await button(row(page, '皖A12345'), '取日期').click();
    await expect(toast(page, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)).toBeVisible();

    // Empty configurations give the spec's messages.
    await button(row(page, '皖A12345'), '空跳转').click();
    await expect(toast(page, '跳转配置为空')).toBeVisible();
    await button(row(page, '皖A12345'), '空接口').click();
    await expect(toast(page, 'API接口地址为空,请重新配置！')).toBeVisible();
    await button(row(page, '皖A12345'), '空返回').click();
    await expect(toast(page, 'API调用接口返回参数设置为空,请重新配置！')).toBeVisible();
  });

  test('导入 50 行其中 3 行有误：部分成功，并下载只含这 3 行的错误文件', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    const { formId } = await freshForm(page, '导入');
    const org = await orgs();
    await openList(page, formId, 0);

    await button(page.locator('.list-page'), '导入').click();
    const d = dialog(page, '导入');
    await expect(d).toBeVisible();
    const templateDownload = page.waitForEvent('download');
    await button(d, '下载模板').click();
    const template = await templateDownload;
    const templatePath = testInfo.outputPath('template.xlsx');
    await template.saveAs(templatePath);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(templatePath);
    const ws = book.worksheets[0]!;
    const headers = cells(ws, 1).map((h) => String(h ?? ''));
    const col = (name: string) => {
      const i = headers.indexOf(name);
      expect(i, `template column ${name} in ${headers.join(',')}`).toBeGreaterThanOrEqual(0);
      return i + 1;
    };
    const bad = new Map([
      [10, 'plate'],
      [20, 'type'],
      [30, 'mobile'],
    ]);
    for (let i = 1; i <= 50; i++) {
      const r = ws.getRow(i + 1);
      const flaw = bad.get(i);
      r.getCell(col('车牌号码')).value = flaw === 'plate' ? 'ABC123' : `皖B${String(10000 + i)}`;
      r.getCell(col('车辆类型')).value = flaw === 'type' ? '飞机' : i % 2 ? '罐式货车' : '厢式货车';
      r.getCell(col('核定载重(吨)')).value = 20 + (i % 10);
      r.getCell(col('驾驶员手机')).value = flaw === 'mobile' ? '123' : `1385510${String(1000 + i)}`;
      r.getCell(col('入园日期')).value = `2026-11-${String((i % 28) + 1).padStart(2, '0')}`;
      r.getCell(col('随车证件')).value = '道路运输证、驾驶证';
      r.getCell(col('受理部门')).value = org[0]!.name;
      r.getCell(col('备注')).value = `导入第${i}行`;
    }
    const upload = testInfo.outputPath('车辆导入.xlsx');
    await book.xlsx.writeFile(upload);

    await d.locator('input[type=file]').setInputFiles(upload);
    await expect(d).toContainText('车辆导入.xlsx');
    const errorDownload = page.waitForEvent('download', { timeout: 60_000 });
    await button(d, '开始导入').click();
    const errors = await errorDownload;
    await expect(
      toast(page, 'Excel部分导入成功!未导入成功的数据已下载至您本地目录,请您按正确格式修改后再进行导入!'),
    ).toBeVisible();
    await expect(d.getByTestId('import-progress')).toContainText('已处理 50 / 50 行');
    await expect(d).toContainText('成功导入 47 条，3 条未导入');
    await page.screenshot({ path: `${SCREENS}/form-list-import.png` });
    // Named after the form, {表单名}_error.xlsx (spec 002 §4, issue 42).
    expect(errors.suggestedFilename()).toMatch(new RegExp(`^${HAZMAT_VEHICLE_FORM_NAME}-导入-\\d+_error\\.xlsx$`));
    const errorPath = testInfo.outputPath('error.xlsx');
    await errors.saveAs(errorPath);

    const ews = await readWorkbook(errorPath);
    expect(ews.actualRowCount).toBe(4); // the header and exactly the three rejected rows
    const eh = cells(ews, 1).map(String);
    const plateAt = eh.indexOf('车牌号码');
    const reasonAt = eh.indexOf('错误原因');
    const lineAt = eh.indexOf('原行号');
    const listed = [2, 3, 4].map((r) => cells(ews, r));
    expect(listed.map((r) => r[lineAt])).toEqual([11, 21, 31]);
    expect(listed.map((r) => r[plateAt])).toEqual(['ABC123', '皖B10020', '皖B10030']);
    expect(String(listed[0]![reasonAt])).toContain('车牌号码');
    expect(String(listed[1]![reasonAt])).toContain('飞机');
    expect(String(listed[2]![reasonAt])).toContain('手机');

    await button(d, '关闭').click();
    await expect(page.locator('.ant-pagination')).toContainText('共 47 条');
    const stored = await withDb((c) => c.query(`select count(*)::int as n from form_${formId}`));
    expect(stored.rows[0].n).toBe(47);
  });

  test('导出：按当前查询条件导出，文件中为名称而非编号，公式被转义', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await loginAsAdmin(page);
    const { formId } = await freshForm(page, '导出');
    const org = await orgs();
    await addVehicles(page, formId, { 0: { remark: '=HYPERLINK("http://evil.example","点我")' }, 1: { remark: '@SUM(1+1)' } });
    await openList(page, formId, 6);

    await queryItem(page, 'plate_no').getByRole('textbox').fill('皖A');
    await search(page);
    await expect(rows(page)).toHaveCount(3);

    const download = page.waitForEvent('download', { timeout: 60_000 });
    await button(page.locator('.list-page .ant-card-extra'), '导出').click();
    const file = await download;
    await expect(toast(page, 'Excel导出成功')).toBeVisible();
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = testInfo.outputPath('export.xlsx');
    await file.saveAs(path);

    const ws = await readWorkbook(path);
    const header = cells(ws, 1).map(String);
    const at = (name: string) => {
      const i = header.indexOf(name);
      expect(i, `export column ${name} in ${header.join(',')}`).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(ws.actualRowCount).toBe(4); // the filter applied: 皖A only
    const data = [2, 3, 4].map((r) => cells(ws, r));
    const first = data.find((r) => r[at('车牌号码')] === '皖A12345')!;
    expect(first, 'row 皖A12345').toBeTruthy();
    expect(first[at('受理部门')]).toBe(org[0]!.name);
    expect(first[at('抄送部门')]).toBe(`${org[1]!.name}、${org[2]!.name}`);
    expect(first[at('是否重车')]).toBe('重车');
    expect(first[at('随车证件')]).toBe('道路运输证、驾驶证、押运员证');
    expect(first[at('备注')]).toBe(`'=HYPERLINK("http://evil.example","点我")`);
    const second = data.find((r) => r[at('车牌号码')] === '皖A67890')!;
    expect(second[at('是否重车')]).toBe('空车');
    expect(second[at('备注')]).toBe("'@SUM(1+1)");
    // No cell holds a formula.
    ws.eachRow((r) => r.eachCell((c) => expect(c.formula).toBeFalsy()));
  });

  test('带子表单的表单：导出含子表工作表，补一行后导入，详情中显示导入的子表行', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    const name = `储罐检查-${Date.now()}`;
    const formId = await createForm(page.request, name, {
      list: [
        { type: 'input', key: 'k_name', model: 'tank_name', name: '储罐名称', options: { required: true } },
        {
          type: 'table', key: 'k_items', model: 'items', name: '检查明细', options: {},
          tableColumns: [
            { type: 'input', key: 'k_item', model: 'item_name', name: '检查项', options: { required: true } },
            { type: 'select', key: 'k_result', model: 'item_result', name: '结果', options: { options: [{ value: 'ok', label: '合格' }, { value: 'bad', label: '不合格' }] } },
          ],
        },
      ],
      config: {},
    });
    const added = await page.request.post(`/api/form/addpcformdata/${formId}`, {
      data: { parent: { tank_name: '一号储罐' }, child: [{ subKey: 'items', subDatas: [{ item_name: '液位计', item_result: 'ok' }, { item_name: '呼吸阀', item_result: 'bad' }] }] },
      headers: HEADERS,
    });
    expect((await added.json()).errCode, await added.text()).toBe(0);
    await page.goto(`${BASE}/form/list/${formId}`);
    await expect(page.locator('.list-page .ant-card-head-title')).toContainText(name);
    await expect(rows(page)).toHaveCount(1);

    // Export: the record, then its children on the sub-table's sheet, labels not codes.
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await button(page.locator('.list-page .ant-card-extra'), '导出').click();
    const file = await download;
    await expect(toast(page, 'Excel导出成功')).toBeVisible();
    const exported = testInfo.outputPath('export.xlsx');
    await file.saveAs(exported);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(exported);
    expect(book.worksheets.map((w) => w.name)).toEqual([name.slice(0, 31), '检查明细']);
    const items = book.getWorksheet('检查明细')!;
    expect([1, 2, 3].map((r) => cells(items, r))).toEqual([
      ['主表行号', '检查项', '结果'],
      [2, '液位计', '合格'],
      [2, '呼吸阀', '不合格'],
    ]);

    // A person adds a second tank with one check, and imports the workbook.
    book.worksheets[0]!.getRow(3).values = ['二号储罐'];
    items.getRow(4).values = [3, '静电接地', '合格'];
    const upload = testInfo.outputPath('储罐检查导入.xlsx');
    await book.xlsx.writeFile(upload);
    await button(page.locator('.list-page'), '导入').click();
    const d = dialog(page, '导入');
    await d.locator('input[type=file]').setInputFiles(upload);
    await button(d, '开始导入').click();
    await expect(toast(page, 'Excel导入成功')).toBeVisible({ timeout: 60_000 });
    await button(d, '关闭').click();
    await expect(rows(page)).toHaveCount(3);

    // The imported second tank shows its check in the detail view.
    await button(row(page, '二号储罐'), '详情').click();
    const detail = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: `${name} - 详情` }) });
    await expect(detail).toContainText('二号储罐');
    await expect(detail.locator('.ant-table-row')).toHaveCount(1);
    await expect(detail.locator('.ant-table-row')).toContainText('静电接地');
    await expect(detail.locator('.ant-table-row')).toContainText('合格');
    await page.screenshot({ path: `${SCREENS}/form-list-subtable-import.png` });
    const stored = await withDb((c) =>
      c.query(`select p.tank_name, c.item_name from form_${formId}__items c join form_${formId} p on p.id = c.parent_id order by c.id`),
    );
    expect(stored.rows.map((r) => `${r.tank_name}:${r.item_name}`)).toEqual(['一号储罐:液位计', '一号储罐:呼吸阀', '一号储罐:液位计', '一号储罐:呼吸阀', '二号储罐:静电接地']);
  });

  test('批量删除与单行删除：确认后删除成功；新增打开表单对话框', async ({ page }) => {
    await loginAsAdmin(page);
    const { formId } = await freshForm(page, '删除');
    await addVehicles(page, formId);
    await openList(page, formId, 6);

    await button(page.locator('.list-page .ant-card-extra'), '删除').click();
    await expect(toast(page, '请选择要删除的记录')).toBeVisible();

    for (const plate of ['皖A12345', '苏E88661']) await row(page, plate).locator('.ant-checkbox-input').check();
    await button(page.locator('.list-page .ant-card-extra'), '删除').click();
    await confirm(page, '确认删除该记录吗?');
    await expect(toast(page, '删除成功')).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    expect(await plates(page)).not.toContain('皖A12345');

    await button(row(page, '皖A67890'), '删除').click();
    await confirm(page, '确认删除该记录吗?');
    await expect(rows(page)).toHaveCount(3);
    const left = await withDb((c) => c.query(`select plate_no from form_${formId} order by plate_no`));
    expect(left.rows.map((r) => String(r.plate_no)).sort()).toEqual(['皖A55221', '鄂E32100', '鄂E70086']);

    await button(page.locator('.list-page .ant-card-extra'), '新增').click();
    await expect(dialog(page, /^新增/)).toBeVisible();
  });

  test('addShowType 为 full 时，新增进入整页新增；只配置的按钮才显示', async ({ page }) => {
    await loginAsAdmin(page);
    const { formId } = await freshForm(page, '整页新增', (s) => ({
      ...s,
      addShowType: 'full',
      functionButtons: [{ key: 'add', name: '登记车辆' }],
      optButtons: [{ key: 'view' }],
    }));
    await addVehicles(page, formId);
    await openList(page, formId, 6);
    const toolbar = page.locator('.list-page .ant-card-extra');
    await expect(toolbar.getByRole('button')).toHaveCount(1);
    await expect(row(page, '皖A12345').getByRole('button')).toHaveText(['详情']);
    await expect(page.locator('.list-page .ant-table-thead .ant-checkbox')).toHaveCount(0); // nothing to do with a selection
    await button(toolbar, '登记车辆').click();
    await expect(page).toHaveURL(new RegExp(`/full/custom/${formId}$`));
    await expect(field(page, 'plate_no')).toBeVisible();
  });
});

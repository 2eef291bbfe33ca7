import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { button, createForm, dialog } from '../support/forms.ts';
import { openDesigner } from '../support/designer.ts';

/*
 * Issue 39's Excel template and QR sheet as a person uses them: on a list page laid out with a
 * table widget, 导入 › 下载模板 gives that widget's columns with their hints and drop-downs; in the
 * designer's 二维码设置, 下载PDF and 打印全部（PDF） download the printable sheet.
 */

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const control = (type: string, model: string, name: string, options: Record<string, unknown> = {}) => ({ type, key: `k_${model}`, name, model, options: { width: '100%', ...options }, rules: [] });

const meta = () => ({
  list: [
    control('input', 'tank_no', '罐号', { required: true }),
    control('select', 'level', '风险等级', { options: [{ value: '1', label: '重大' }, { value: '2', label: '较大' }, { value: '3', label: '一般' }] }),
    control('date', 'check_day', '检查日期', { format: 'yyyy-MM-dd' }),
    control('input', 'note', '备注'),
  ],
  config: {},
  // A saved advanced layout: its table widget shows three of the four fields.
  sensorSettingsV2: {
    widgets: [{ id: 'tw1', type: 'reportWidget', reportType: 'tableReportWidget', data: { cols: [{ key: 'tank_no' }, { key: 'level' }, { key: 'check_day' }] } }],
  },
});

test('列表页（表格控件）导入 › 下载模板：表格的列、填写提示和下拉选项', async ({ page }, testInfo) => {
  await loginAsAdmin(page);
  const formName = `储罐检查模板${Date.now()}`;
  const formId = await createForm(page.request, formName, meta());
  await page.goto(`${BASE}/form/list/${formId}`);
  await expect(page.locator('.list-page .ant-card-head-title')).toContainText(formName);

  await button(page.locator('.list-page'), '导入').click();
  const d = dialog(page, '导入');
  await expect(d).toBeVisible();
  await page.screenshot({ path: '/tmp/xls-import-dialog.png' });
  const download = page.waitForEvent('download');
  await button(d, '下载模板').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${formName}导入模板.xlsx`);
  expect(file.url()).toContain(`/api/form/exportFormTemplate/${formId}&tw1`);
  const path = testInfo.outputPath('template.xlsx');
  await file.saveAs(path);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const ws = book.worksheets[0]!;
  expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['罐号', '风险等级', '检查日期']);
  expect(String(ws.getCell('A1').note)).toContain('必填');
  expect(String(ws.getCell('C1').note)).toContain('yyyy-MM-dd');
  expect(ws.getCell('B2').dataValidation).toMatchObject({ type: 'list', formulae: ['"重大,较大,一般"'] });
});

test('二维码设置：下载PDF（单个）与打印全部（PDF）', async ({ page }) => {
  await loginAsAdmin(page);
  const formName = `储罐巡检二维码${Date.now()}`;
  const formId = await createForm(page.request, formName, { list: [control('input', 'point', '巡检点')], config: {} });
  // Saved once, so every entry has its token (the dialog shows codes only for saved entries).
  const entry = (name: string) => ({ name, isDefault: true, isShow: true, content: { parent: [], childs: [] } });
  const saved = await page.request.post('/api/form/saveQrCodeConf', { data: { formId, add: [entry('新增')], query: [entry('查询')], edit: [entry('编辑')] }, headers: HEADERS });
  expect((await saved.json()).errCode).toBe(0);

  await openDesigner(page, formId);
  await page.getByRole('button', { name: '二维码设置' }).click();
  const dlg = page.getByRole('dialog', { name: '二维码设置' });
  await expect(dlg.getByTestId('qr-entry-image')).toBeVisible();
  await page.screenshot({ path: '/tmp/xls-qr-dialog.png' });

  const one = page.waitForEvent('download');
  await dlg.getByRole('link', { name: /下载PDF/ }).click();
  const single = await one;
  expect(single.suggestedFilename()).toBe(`${formName}-新增二维码.pdf`);
  const singleBytes = await readDownload(single);
  expect(singleBytes.subarray(0, 5).toString()).toBe('%PDF-');

  const all = page.waitForEvent('download');
  await dlg.getByRole('link', { name: /打印全部（PDF）/ }).click();
  const sheet = await all;
  expect(sheet.suggestedFilename()).toBe(`${formName}二维码.pdf`);
  const bytes = await readDownload(sheet);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // Three entries on one A4 page.
  expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
});

async function readDownload(d: import('@playwright/test').Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of (await d.createReadStream())!) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

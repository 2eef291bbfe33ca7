import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { BASE, loginAsAdmin } from '../support/fixtures.ts';
import { chooseOption, createForm } from '../support/forms.ts';
import { openDesigner } from '../support/designer.ts';
import { E2E_ADMIN_PASSWORD } from '../support/server.ts';
import { IPHONE, phoneLogin } from '../support/phone.ts';

/*
 * Scanning a form's QR code on a phone (issue 39, ADR 0055). A designer sets a 新增 entry with a
 * read-only preset and a 免登录填报 entry, and binds an 编辑 entry to one record; each code's PNG is
 * decoded (jsqr) and its address opened in a phone-emulated page: login and back, fill, submit, the
 * record on the desktop list; the anonymous entry through the server's challenge; the bound record
 * edited with only its editable field; a revoked code says so. A second form's 编辑 code carries
 * sub-table rules set in the dialog (单新增, a condition on the rows shown and on the rows editable,
 * a hidden column, a 仅查看 sub-table), and the phone shows and saves only what they allow.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = '/tmp/qrm';
const suffix = String(Date.now()).slice(-6);
const FORM = `扫码巡检${suffix}`;
const control = (model: string, name: string, required = false) => ({
  type: 'input', key: `k_${model}`, name, model, options: { width: '100%' }, rules: required ? [{ required: true, message: `${name}不能为空` }] : [],
});

let formId = 0;
const urls: Record<string, string> = {};

const confirmOk = (page: Page) => page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定|OK/ }).click();

/** The PNG's pixels read by the browser's canvas, decoded here. */
async function decode(img: Locator): Promise<string> {
  const png = await img.evaluate(async (el: HTMLImageElement) => {
    const bitmap = await createImageBitmap(el);
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    const g = c.getContext('2d')!;
    g.drawImage(bitmap, 0, 0);
    return { width: bitmap.width, height: bitmap.height, data: Array.from(g.getImageData(0, 0, bitmap.width, bitmap.height).data) };
  });
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded?.data).toMatch(/\/closed-park-web\/m\/qr\/\d+\.[0-9a-f]{32}\.[A-Za-z0-9_-]{32}$/);
  return new URL(decoded!.data).pathname;
}

async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ ...IPHONE });
  return context.newPage();
}

const mField = (scope: Page | Locator, model: string) => scope.getByTestId(`field-${model}`);

test('the designer sets the codes: a read-only preset, 免登录填报, and an 编辑 code bound to a record', async ({ page }) => {
  await loginAsAdmin(page);
  formId = await createForm(page.request, FORM, { list: [control('point', '巡检点'), control('result', '巡检结果', true), control('note', '内部备注')], config: {} });
  const seeded = await page.request.post(`/api/form/addformdata/${formId}`, { form: { point: `灭火器${suffix}`, result: '正常', note: '仅内部可见' }, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect((await seeded.json()).errCode).toBe(0);
  await openDesigner(page, formId);

  await page.getByRole('button', { name: '二维码设置' }).click();
  const dlg = page.getByRole('dialog', { name: '二维码设置' });
  // 新增: 巡检点 preset and read-only.
  await dlg.getByRole('button', { name: '新增新增填报二维码' }).click();
  await dlg.getByText('新增填报2').click();
  await dlg.getByLabel('二维码名称').fill('1号罐区');
  await dlg.getByLabel('巡检点预置', { exact: true }).check();
  await dlg.getByLabel('巡检点预置值').fill('T-01');
  await dlg.getByLabel('巡检点只读').check();
  // 免登录填报: a visitors' entry.
  await dlg.getByRole('button', { name: '新增新增填报二维码' }).click();
  await dlg.getByText('新增填报3').click();
  await dlg.getByLabel('二维码名称').fill('访客登记');
  await dlg.getByText('免登录填报').click();
  // 编辑: bound to the extinguisher's record, only 巡检结果 editable, 内部备注 hidden.
  await dlg.getByText('编辑', { exact: true }).click();
  await dlg.getByLabel('绑定数据').click();
  await page.locator('.ant-select-dropdown:visible').getByText(`灭火器${suffix}`, { exact: false }).click();
  await dlg.getByRole('radiogroup', { name: '巡检点权限' }).getByText('只读').click();
  await dlg.getByRole('radiogroup', { name: '巡检结果权限' }).getByText('可编辑').click();
  await dlg.getByRole('radiogroup', { name: '内部备注权限' }).getByText('不可见').click();
  await page.screenshot({ path: `${SHOTS}-designer-bind.png` });
  await dlg.getByRole('button', { name: '保存' }).click();
  await confirmOk(page);
  await expect(page.getByText('保存成功')).toBeVisible();

  for (const [list, name] of [['新增填报', '1号罐区'], ['新增填报', '访客登记'], ['编辑数据', '编辑']] as const) {
    void list;
    await dlg.getByText(name, { exact: true }).first().click();
    const img = dlg.getByTestId('qr-entry-image');
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute('alt', `${name}二维码`);
    urls[name] = await decode(img);
  }
});

test('scanning the 新增 code on a phone: login, back to the code, preset read-only, saved, on the desktop list', async ({ browser, page }) => {
  const m = await phone(browser);
  await m.goto(`${urls['1号罐区']!}?unused=1`);
  await expect(m).toHaveURL(/\/m\/login\?redirect=/);
  await m.getByPlaceholder('请输入用户名').fill('admin');
  await m.getByPlaceholder('请输入密码').fill(E2E_ADMIN_PASSWORD);
  await m.getByRole('button', { name: '登录' }).click();
  await expect(m).toHaveURL(/\/m\/qr\/[^/]+\/open/);
  await expect(m.getByText(`${FORM}（1号罐区）`)).toBeVisible();
  await expect(mField(m, 'point').locator('input')).toHaveValue('T-01');
  await expect(mField(m, 'point').locator('input')).toBeDisabled();
  await mField(m, 'result').locator('input').fill(`罐区正常${suffix}`);
  await m.screenshot({ path: `${SHOTS}-mobile-add.png` });
  await m.getByRole('button', { name: '保存' }).click();
  await m.getByRole('button', { name: '确定' }).click();
  await expect(m).toHaveURL(new RegExp(`/m/form/${formId}/record/\\d+`));
  await expect(m.getByText(`罐区正常${suffix}`)).toBeVisible();

  await loginAsAdmin(page);
  await page.goto(`${BASE}/form/list/${formId}`);
  const row = page.getByRole('row').filter({ hasText: `罐区正常${suffix}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('T-01');
  await m.context().close();
});

test('the bound 编辑 code opens that record: 内部备注 hidden, only 巡检结果 editable', async ({ browser }) => {
  const m = await phone(browser);
  await phoneLogin(m, 'admin');
  await m.goto(urls['编辑']!);
  await expect(m.getByText(`灭火器${suffix}`)).toBeVisible();
  await expect(m.getByText('仅内部可见')).toHaveCount(0);
  await expect(mField(m, 'note')).toHaveCount(0);
  await m.getByRole('button', { name: '编辑' }).click();
  await expect(mField(m, 'point').locator('input')).toBeDisabled();
  await mField(m, 'result').locator('input').fill('压力不足');
  await m.screenshot({ path: `${SHOTS}-mobile-edit.png` });
  await m.getByRole('button', { name: '保存' }).click();
  await m.getByRole('button', { name: '确定' }).click();
  await expect(m.getByText('压力不足')).toBeVisible();
  await expect(m.getByRole('button', { name: '编辑' })).toBeVisible();
  await m.context().close();
});

test('免登录填报: no login, the server’s challenge, a wrong answer refused, the right one saves', async ({ browser, page }) => {
  const m = await phone(browser);
  await m.goto(urls['访客登记']!);
  await expect(m.getByText(`${FORM}（访客登记）`)).toBeVisible();
  await expect(m).not.toHaveURL(/login/);
  await mField(m, 'result').locator('input').fill(`访客张${suffix}`);
  const challenge = m.getByTestId('qr-challenge');
  await expect(challenge).toContainText(/请计算：\d+ \+ \d+ = \?/);
  await challenge.getByRole('textbox', { name: '验证答案' }).fill('999');
  await m.getByRole('button', { name: '保存' }).click();
  // A challenge is used once: after the refusal the page asks the server for a new one.
  const fresh = m.waitForResponse((r) => r.url().includes('/apc/qr/challenge/'));
  await m.getByRole('button', { name: '确定' }).click();
  await expect(m.getByText('验证答案不正确，请重新验证')).toBeVisible();
  await fresh;
  await expect(challenge.getByRole('textbox', { name: '验证答案' })).toHaveValue('');
  const [a, b] = ((await challenge.textContent()) ?? '').match(/\d+/g)!.map(Number) as [number, number];
  await challenge.getByRole('textbox', { name: '验证答案' }).fill(String(a + b));
  await m.screenshot({ path: `${SHOTS}-mobile-anonymous.png` });
  await m.getByRole('button', { name: '保存' }).click();
  await m.getByRole('button', { name: '确定' }).click();
  await expect(m.getByText('提交成功')).toBeVisible();
  await expect(m.getByText('提交人：匿名（二维码：访客登记）')).toBeVisible();
  await m.screenshot({ path: `${SHOTS}-mobile-anonymous-done.png` });

  await loginAsAdmin(page);
  await page.goto(`${BASE}/form/list/${formId}`);
  await expect(page.getByRole('row').filter({ hasText: `访客张${suffix}` })).toBeVisible();
  await m.context().close();
});

test('a revoked code says 二维码已失效', async ({ browser }) => {
  const m = await phone(browser);
  const [f, id] = urls['访客登记']!.split('/qr/')[1]!.split('.');
  await m.goto(`${BASE}/m/qr/${f}.${id}.${'A'.repeat(32)}`);
  // A forged signature, seen without logging in: said at once.
  await expect(m).not.toHaveURL(/\/m\/login/);
  await expect(m.getByText('二维码已失效')).toBeVisible();
  await m.screenshot({ path: `${SHOTS}-mobile-revoked.png` });
  await m.context().close();
});

const SUB_FORM = `扫码罐区${suffix}`;
const subTable = (model: string, name: string, columns: unknown[]) => ({ type: 'table', key: `k_${model}`, name, model, options: {}, tableColumns: columns });
let subFormId = 0;
let subCode = '';

test('the designer sets an 编辑 code’s sub-table rules: 单新增, 数据权限 on rows, a hidden column, a 仅查看 sub-table', async ({ page }) => {
  await loginAsAdmin(page);
  subFormId = await createForm(page.request, SUB_FORM, {
    list: [
      control('tank', '储罐'),
      subTable('checks', '检查项目', [control('item', '检查项'), control('status', '状态'), control('area', '区域')]),
      subTable('logs', '巡检记录', [control('entry', '记录')]),
    ],
    config: {},
  });
  const seeded = await page.request.post(`/api/form/addpcformdata/${subFormId}`, {
    data: {
      parent: { tank: `储罐${suffix}` },
      child: [
        { subKey: 'checks', subDatas: [{ item: '阀门', status: '正常', area: 'A区' }, { item: '法兰', status: '已关闭', area: 'A区' }, { item: '泵体', status: '正常', area: 'B区' }] },
        { subKey: 'logs', subDatas: [{ entry: '首检完成' }] },
      ],
    },
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect((await seeded.json()).errCode).toBe(0);
  await openDesigner(page, subFormId);
  await page.getByRole('button', { name: '二维码设置' }).click();
  const dlg = page.getByRole('dialog', { name: '二维码设置' });
  await dlg.getByText('编辑', { exact: true }).click();
  await dlg.getByLabel('绑定数据').click();
  await page.locator('.ant-select-dropdown:visible').getByText(`储罐${suffix}`, { exact: false }).click();
  await dlg.getByRole('radiogroup', { name: '储罐权限' }).getByText('只读').click();

  const checks = dlg.getByTestId('qr-sub-checks');
  await checks.getByRole('radiogroup', { name: '检查项目查看' }).getByText('可见', { exact: true }).click();
  await checks.getByRole('checkbox', { name: '新增' }).check();
  await expect(checks.getByRole('radiogroup', { name: '检查项目新增方式' }).getByRole('radio', { name: '单新增' })).toBeChecked();
  await checks.getByRole('checkbox', { name: '编辑' }).check();
  await checks.getByRole('radiogroup', { name: '检查项目区域权限' }).getByText('不可见').click();
  await checks.getByRole('radiogroup', { name: '检查项目检查项权限' }).getByText('只读').click();
  const seen = checks.getByRole('group', { name: '检查项目查看数据权限' });
  await seen.getByRole('button', { name: '添加条件' }).click();
  await seen.getByLabel('检查项目查看数据权限字段').click();
  await chooseOption(page, '区域');
  await seen.getByLabel('检查项目查看数据权限条件').click();
  await chooseOption(page, '精确匹配');
  await seen.getByLabel('检查项目查看数据权限值').fill('A区');
  const editable = checks.getByRole('group', { name: '检查项目编辑数据权限' });
  await editable.getByRole('button', { name: '添加条件' }).click();
  await editable.getByLabel('检查项目编辑数据权限字段').click();
  await chooseOption(page, '状态');
  await editable.getByLabel('检查项目编辑数据权限条件').click();
  await chooseOption(page, '不匹配');
  await editable.getByLabel('检查项目编辑数据权限值').fill('已关闭');
  // 巡检记录: seen only.
  await dlg.getByTestId('qr-sub-logs').getByRole('radiogroup', { name: '巡检记录查看' }).getByText('可见', { exact: true }).click();
  await checks.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}-designer-subtables.png` });
  await dlg.getByRole('button', { name: '保存' }).click();
  await confirmOk(page);
  await expect(page.getByText('保存成功')).toBeVisible();

  // Saved in the original's shape.
  const stored = JSON.parse((await (await page.request.get(`/api/form/queryFormSetByFormId/${subFormId}`)).json()).data.qrCodeConf);
  const rule = stored.edit[0].content.childs.find((c: { subKey: string }) => c.subKey === 'checks');
  expect(rule).toMatchObject({ add: { isAllow: true, type: 'single' }, edit: { isAllow: true }, query: { type: '1' } });
  expect(rule.query.cond.conds[0].conds[0]).toEqual({ key: 'area', opt: '$eq', value: 'A区' });

  await dlg.getByText('编辑', { exact: true }).first().click();
  const img = dlg.getByTestId('qr-entry-image');
  await expect(img).toBeVisible();
  subCode = await decode(img);
});

test('the phone shows only the rows the code’s rules show and saves only what they allow', async ({ browser, page }) => {
  const m = await phone(browser);
  await phoneLogin(m, 'admin');
  await m.goto(subCode);
  const checks = m.getByTestId('sub-table-checks');
  await expect(checks.getByText('阀门')).toBeVisible();
  await expect(checks.getByText('法兰')).toBeVisible();
  await expect(checks.getByText('泵体')).toHaveCount(0); // B区: hidden by the condition
  await expect(checks.getByText('区域')).toHaveCount(0); // a hidden column
  await expect(m.getByTestId('sub-table-logs').getByText('首检完成')).toBeVisible();
  await m.screenshot({ path: `${SHOTS}-mobile-subtables-view.png` });

  await m.getByRole('button', { name: '编辑' }).click();
  const rows = checks.getByTestId('sub-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '法兰' }).getByRole('button', { name: '编辑' })).toHaveCount(0); // 已关闭: not editable
  await expect(rows.getByRole('button', { name: '删除' })).toHaveCount(0); // nothing saved is removed through a code
  await expect(m.getByTestId('sub-table-logs').getByRole('button', { name: '添加' })).toHaveCount(0); // 仅查看
  await rows.filter({ hasText: '阀门' }).getByRole('button', { name: '编辑' }).click();
  const sheet = m.locator('.m-popup');
  await expect(mField(sheet, 'item').locator('input')).toBeDisabled(); // 检查项 只读
  await mField(sheet, 'status').locator('input').fill('泄漏');
  await sheet.getByRole('button', { name: '确定' }).click();
  await checks.getByRole('button', { name: '添加' }).click();
  await mField(m.locator('.m-popup'), 'item').locator('input').fill('压力表');
  await m.locator('.m-popup').getByRole('button', { name: '确定' }).click();
  await expect(checks.getByRole('button', { name: '添加' })).toHaveCount(0); // 单新增: one added row
  await m.screenshot({ path: `${SHOTS}-mobile-subtables-edit.png` });
  await m.getByRole('button', { name: '保存' }).click();
  await m.getByRole('button', { name: '确定' }).click();
  await expect(checks.getByText('泄漏')).toBeVisible();
  await expect(checks.getByText('压力表')).toBeVisible();
  await m.context().close();

  // What the server stored: the change, the added row, nothing else.
  await loginAsAdmin(page);
  const record = (await (await page.request.post('/api/form/queryformdata', { data: { formId: subFormId, pageNum: 1, pageSize: 10, queryConditions: [] }, headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()).datas[0];
  const sub = await (await page.request.get(`/api/form/querysubformdata/${subFormId}/checks?parentId=${record.id}&pageNum=1&pageSize=50`)).json();
  const byItem = Object.fromEntries((sub.datas as Array<{ item: string; status: string | null }>).map((r) => [r.item, r.status]));
  expect(byItem).toEqual({ 阀门: '泄漏', 法兰: '已关闭', 泵体: '正常', 压力表: null });
});

/** A 2×2 red PNG: the visitor's photo of their pass. */
const PASS_PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64');

test('免登录填报 with a photo: uploaded with the page’s challenge, saved with the record', async ({ browser, page }) => {
  await loginAsAdmin(page);
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const photoFormId = await createForm(page.request, `访客证件${suffix}`, {
    list: [control('visitor', '访客姓名', true), { type: 'image_upload', key: 'k_pass', name: '证件照片', model: 'pass', options: { maxFileSize: 5, length: 2 }, rules: [] }],
    config: {},
  });
  const conf = { formId: photoFormId, add: [{ name: '门岗', isShow: true, anonymous: true, content: { parent: [], childs: [] } }], query: [], edit: [] };
  expect((await (await page.request.post('/api/form/saveQrCodeConf', { data: conf, headers })).json()).errCode).toBe(0);
  const code = ((await (await page.request.get(`/api/form/qrCodeEntries/${photoFormId}`)).json()).data as { url: string }[])[0]!.url;

  const m = await phone(browser);
  await m.goto(code);
  await expect(m.getByText(`访客证件${suffix}（门岗）`)).toBeVisible();
  await mField(m, 'visitor').locator('input').fill(`访客赵${suffix}`);
  const challenge = m.getByTestId('qr-challenge');
  await expect(challenge).toContainText(/请计算：\d+ \+ \d+ = \?/);
  const uploaded = m.waitForResponse((r) => r.url().includes('/apc/qr/upload/'));
  await m.getByTestId('upload-pass').setInputFiles({ name: 'pass.png', mimeType: 'image/png', buffer: PASS_PHOTO });
  expect((await uploaded).status()).toBe(200);
  await expect(m.getByText('上传成功')).toBeVisible();
  // The visitor sees their own photo: the page's local copy (the server would not show it to them).
  const thumb = mField(m, 'pass').locator('.m-thumb img');
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
  const [a, b] = ((await challenge.textContent()) ?? '').match(/\d+/g)!.map(Number) as [number, number];
  await challenge.getByRole('textbox', { name: '验证答案' }).fill(String(a + b));
  await m.screenshot({ path: `${SHOTS}-mobile-anonymous-photo.png` });
  await m.getByRole('button', { name: '保存' }).click();
  await m.getByRole('button', { name: '确定' }).click();
  await expect(m.getByText('提交成功')).toBeVisible();
  await m.context().close();

  const rows = (await (await page.request.post('/api/form/queryformdata', { data: { formId: photoFormId, pageNum: 1, pageSize: 10, queryConditions: [] }, headers })).json()).datas as Array<{ visitor: string; pass: string }>;
  const saved = rows.find((r) => r.visitor === `访客赵${suffix}`);
  expect(saved?.pass).toMatch(/^\d+$/);
  // The park's admin, who may read the record, reads its photo.
  expect((await page.request.get(`/api/file/image/${saved!.pass}`)).status()).toBe(200);
});

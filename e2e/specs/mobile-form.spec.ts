import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAs, withDb } from '../support/fixtures.ts';
import { E2E_ADMIN_PASSWORD } from '../support/server.ts';
import { IPHONE } from '../support/phone.ts';

/*
 * The mobile client's form pages (issue 37) under a phone's emulation: 张三 opens
 * 危化品车辆入园登记 at /m/form/<id>, fills it by touch — a picker wheel, a photo from the
 * "camera", a signature drawn with a finger, a date wheel — and 提交s it for approval; the record
 * is in the mobile list and on the desktop list. A lost connection keeps what was typed.
 */

test.use({ ...IPHONE, browserName: 'chromium' });
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const SHOTS = '/tmp/mform';
const MOBILE = `${BASE}/m`;
// A plate of this run only: other specs find their rows by their own plates.
const suffix = String(Date.now()).slice(-5);
const PLATE = `皖M${suffix}`;
const DRAFT_PLATE = `皖N${suffix}`;

/** A 2×2 red PNG, a photo as far as the form is concerned. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

async function vehicleFormId(): Promise<number> {
  return withDb(async (c) => Number((await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id));
}

const field = (page: Page, model: string) => page.getByTestId(`field-${model}`);

async function signIn(page: Page) {
  await loginAs(page, 'zhangsan');
  await expect(page).not.toHaveURL(/\/login/);
}

/** Fills the fields the demo form requires, as a person does on a phone. */
async function fillRequired(page: Page, plate: string) {
  await field(page, 'plate_no').locator('input').fill(plate);
  // 车辆类型: a bottom picker wheel; 罐式货车 is its first option.
  await field(page, 'vehicle_type').getByRole('button').click();
  const picker = page.locator('.adm-picker:visible').filter({ hasText: '车辆类型' });
  await expect(picker).toBeVisible();
  await picker.getByText('罐式货车').click();
  await picker.getByText('确定').click();
  await expect(field(page, 'vehicle_type')).toContainText('罐式货车');
  await field(page, 'rated_load').locator('input').fill('40');
  await field(page, 'actual_load').locator('input').fill('12.5');
  await field(page, 'driver_mobile').locator('input').fill('13855100000');
}

test('必填项未填时给出与桌面端相同的提示，并且不写入', async ({ page }) => {
  await signIn(page);
  const formId = await vehicleFormId();
  await page.goto(`${MOBILE}/form/${formId}/add`);
  await expect(field(page, 'plate_no')).toBeVisible();
  await page.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('表单数据校验失败')).toBeVisible();
  await expect(field(page, 'plate_no').getByRole('alert')).toHaveText('请输入车牌号码');
  await field(page, 'plate_no').locator('input').fill('ABC');
  await expect(field(page, 'plate_no').getByRole('alert')).toHaveText('车牌号码格式不正确');
  await page.screenshot({ path: `${SHOTS}-errors.png` });
  // Nothing was written.
  const rows = await withDb(async (c) => (await c.query(`select count(*)::int as n from "form_${formId}" where plate_no = 'ABC'`)).rows[0].n);
  expect(rows).toBe(0);
});

test('手机上填写危化品车辆入园登记：照片、签名、日期，提交审批', async ({ page }) => {
  await signIn(page);
  const formId = await vehicleFormId();
  await page.goto(`${MOBILE}/form/${formId}/add`);
  await expect(page.getByText('新增危化品车辆入园登记')).toBeVisible();
  await fillRequired(page, PLATE);

  // 入园日期 by its wheels (it starts on today, the server's date).
  await field(page, 'entry_date').getByRole('button').click();
  const datePicker = page.locator('.adm-picker:visible').filter({ hasText: '入园日期' });
  await expect(datePicker).toBeVisible();
  await datePicker.getByText('确定').click();
  await expect(field(page, 'entry_date')).toContainText(/\d{4}-\d{2}-\d{2}/);

  // A photo "from the camera": the field's file input asks for one with capture.
  const photoInput = page.getByTestId('upload-vehicle_photos');
  await expect(photoInput).toHaveAttribute('capture', 'environment');
  await photoInput.setInputFiles({ name: 'truck.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(field(page, 'vehicle_photos').locator('img')).toHaveCount(1);

  // The signature, drawn on the pad with a finger (pointer events).
  await field(page, 'driver_sign').getByRole('button', { name: '点击签名' }).click();
  const pad = page.getByTestId('signature-canvas');
  await expect(pad).toBeVisible();
  await page.waitForTimeout(500);
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + 60);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + 60 + (i % 2 ? 40 : -20), { steps: 3 });
  await page.mouse.up();
  await page.screenshot({ path: `${SHOTS}-signature.png` });
  await page.locator('.m-popup:visible').filter({ hasText: '驾驶员签名' }).getByRole('button', { name: '确定' }).click();
  await expect(field(page, 'driver_sign').locator('img')).toHaveCount(1);

  // A row of 装载明细 as a stacked card.
  await page.getByTestId('sub-table-goods_items').getByRole('button', { name: '添加' }).click();
  const sheet = page.locator('.m-popup:visible').filter({ hasText: '装载明细' });
  await sheet.getByTestId('field-goods_name').locator('input').fill('甲醇');
  await sheet.getByTestId('field-quantity').locator('input').fill('12.5');
  await sheet.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('sub-row')).toContainText('甲醇');

  await page.screenshot({ path: `${SHOTS}-add.png`, fullPage: true });
  await page.getByRole('button', { name: '提交' }).click();
  await page.locator('.adm-dialog').filter({ hasText: '确认保存吗？' }).getByText('确定').click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/m/form/${formId}/record/\\d+$`));
  await expect(page.locator('.m-record-status')).toContainText('审批中');
  await expect(field(page, 'plate_no')).toContainText(PLATE);
  await expect(field(page, 'vehicle_photos').locator('img')).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}-record.png`, fullPage: true });

  const saved = await withDb(async (c) =>
    (await c.query(`select plate_no, vehicle_type, actual_load::text, vehicle_photos, driver_sign from "form_${formId}" where plate_no = $1`, [PLATE])).rows,
  );
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ plate_no: PLATE, vehicle_type: '罐式货车', actual_load: '12.5' });
  expect(saved[0].vehicle_photos).toBeTruthy();
  expect(saved[0].driver_sign).toBeTruthy();

  // The mobile list shows it as a card; a tap opens the record.
  await page.goto(`${MOBILE}/form/${formId}`);
  const card = page.getByTestId('list-card').filter({ hasText: PLATE });
  await expect(card).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-list.png` });
  await card.click();
  await expect(field(page, 'plate_no')).toContainText(PLATE);
});

test('审批人在手机上打开这条记录的待办并同意', async ({ browser }) => {
  const formId = await vehicleFormId();
  // The flow's open step, whoever holds it (a spec before this one may have redesigned the demo flow).
  const open = await withDb(async (c) => {
    const r = await c.query(
      `select i.id as pid, u.username from "form_${formId}" f
         join flow_instance i on i.form_id = $1 and i.business_id = f.id
         join flow_task t on t.instance_id = i.id and t.status = 0
         join sys_user u on u.id = t.assignee_id
        where f.plate_no = $2 order by t.id limit 1`,
      [formId, PLATE],
    );
    return r.rows[0] as { pid: string; username: string } | undefined;
  });
  expect(open, '提交后应有一条待审批的任务').toBeTruthy();
  const ctx = await browser.newContext({ ...IPHONE, locale: 'zh-CN' });
  const page = await ctx.newPage();
  await page.goto(`${MOBILE}/login`);
  await page.getByLabel('用户名').fill(open!.username);
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).tap();
  await expect(page.getByTestId('workbench')).toBeVisible();
  await page.getByTestId('counter-todo').tap();
  await expect(page).toHaveURL(`${MOBILE}/tasks`);
  await page.goto(`${MOBILE}/task/${open!.pid}`);
  const task = page.getByTestId('task-page');
  await expect(task.getByText(PLATE)).toBeVisible();
  await task.getByRole('textbox', { name: '审批意见' }).fill('手机审批：同意入园');
  await page.screenshot({ path: `${SHOTS}-approve.png`, fullPage: true });
  await task.getByRole('button', { name: '同意' }).tap();
  await expect(page.getByText('已同意')).toBeVisible();
  const agreed = await withDb(async (c) =>
    Number((await c.query(`select count(*) from flow_comment where instance_id = $1 and remark = $2`, [open!.pid, '手机审批：同意入园'])).rows[0].count),
  );
  expect(agreed).toBe(1);
  await ctx.close();
});

test('提交的记录在桌面端列表中', async ({ browser }) => {
  const desktop = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const page = await desktop.newPage();
  await loginAs(page, 'zhangsan');
  await expect(page.getByTestId('top-bar')).toBeVisible();
  await page.goto(`${BASE}/form/list/${await vehicleFormId()}`);
  const row = page.locator('.ant-table-row').filter({ hasText: PLATE });
  await expect(row).toBeVisible();
  // Approved on the phone: 已通过 when that was the flow's last step, else still 审批中 at the next one.
  await expect(row.getByText(/已通过|审批中/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-desktop-list.png` });
  await desktop.close();
});

test('断网时提交：提示已保存在本机，重新打开时恢复填写的内容', async ({ page, context }) => {
  await signIn(page);
  const formId = await vehicleFormId();
  await page.goto(`${MOBILE}/form/${formId}/add`);
  await fillRequired(page, DRAFT_PLATE);
  await context.setOffline(true);
  await page.getByRole('button', { name: '提交' }).click();
  await page.locator('.adm-dialog').filter({ hasText: '确认保存吗？' }).getByText('确定').click();
  await expect(page.getByText('网络连接失败，填写的内容已保存在本机')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-offline.png` });
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText(/已恢复 .* 未保存的填写内容/)).toBeVisible();
  await expect(field(page, 'plate_no').locator('input')).toHaveValue(DRAFT_PLATE);
  await expect(field(page, 'vehicle_type')).toContainText('罐式货车');
  const rows = await withDb(async (c) => (await c.query(`select count(*)::int as n from "form_${formId}" where plate_no = $1`, [DRAFT_PLATE])).rows[0].n);
  expect(rows).toBe(0);
  await page.getByRole('button', { name: '放弃草稿' }).click();
  await expect(field(page, 'plate_no').locator('input')).toHaveValue('');
});

const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const ITEM_FORM = `移动端巡检${suffix}`;
const itemDesign = {
  list: [
    { type: 'input', key: 'k_item', name: '设备名称', model: 'item_name', options: { placeholder: '请输入' }, rules: [] },
    {
      type: 'select',
      key: 'k_cat',
      name: '类别',
      model: 'category',
      options: { placeholder: '请选择', options: [{ value: '消防器材', label: '消防器材' }, { value: '防护用品', label: '防护用品' }] },
      rules: [],
    },
    { type: 'input_number', key: 'k_qty', name: '数量', model: 'qty', options: {}, rules: [] },
  ],
  config: {},
};
let itemFormId = 0;

test('设计器的移动端列表：卡片字段、前后缀与 375×670 手机预览', async ({ browser }) => {
  const desktop = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
  const page = await desktop.newPage();
  await loginAs(page);
  await expect(page.getByTestId('top-bar')).toBeVisible();
  const saved = await page.request.post('/api/form/formconf/save', { data: { formName: ITEM_FORM }, headers: HEADERS });
  itemFormId = (await saved.json()).formId;
  expect((await (await page.request.post('/api/form/saveformdesign', { data: { formId: itemFormId, formMeta: itemDesign }, headers: HEADERS })).json()).errCode).toBe(0);
  const items: Array<[string, string, string]> = [['灭火器A', '消防器材', '3'], ['防毒面具B', '防护用品', '8'], ['灭火器C', '消防器材', '5']];
  for (const [item_name, category, qty] of items) {
    const r = await page.request.post(`/api/form/addformdata/${itemFormId}`, { form: { formId: itemFormId, item_name, category, qty }, headers: HEADERS });
    expect((await r.json()).errCode, await r.text()).toBe(0);
  }
  await page.goto(`${BASE}/form/design/${itemFormId}`);
  await expect(page.getByTestId('form-designer')).toBeVisible();
  const right = page.locator('.dz-right');
  await right.getByRole('tab', { name: '移动端列表' }).click();
  const editor = right.getByTestId('app-list-settings');
  const title = editor.getByTestId('app-slot-title');
  await title.getByRole('button', { name: '添加字段' }).click();
  await title.getByLabel('前缀').fill('设备：');
  const cols = editor.getByTestId('app-slot-cols');
  await cols.getByRole('button', { name: '添加字段' }).click();
  await cols.getByLabel('内容字段').click();
  await page.locator('.ant-select-dropdown:visible').getByText('数量', { exact: true }).click();
  await cols.getByLabel('后缀').fill(' 个');
  await editor.getByRole('button', { name: '添加搜索字段' }).click();
  await editor.getByLabel('搜索框提示').fill('搜索设备名称');
  await editor.getByRole('button', { name: '手机预览' }).click();
  const phone = page.getByTestId('app-preview');
  await expect(phone.getByPlaceholder('搜索设备名称')).toBeVisible();
  await expect(phone.getByTestId('app-preview-card')).toHaveCount(3);
  await expect(phone.getByTestId('app-preview-card').filter({ hasText: '设备：灭火器A' })).toContainText('数量：3 个');
  const box = (await phone.boundingBox())!;
  expect([Math.round(box.width), Math.round(box.height)]).toEqual([375, 670]);
  await page.screenshot({ path: `${SHOTS}-designer-preview.png` });
  await desktop.close();
});

test('手机列表按 appSensorSettings 排版：搜索框、枚举标签、点开记录', async ({ page }) => {
  await loginAs(page);
  await expect(page).not.toHaveURL(/\/login/);
  // The settings as the designer saves them, inside the design.
  const appSensorSettings = {
    queryCondition: { placeholder: '搜索设备名称', conditions: [{ key: 'item_name' }], enumConditions: [{ key: 'category' }] },
    tableItem: {
      title: [{ key: 'item_name', format: { prefix: '设备：' } }],
      rightTop: [{ key: 'category' }],
      cols: [{ key: 'qty', alias: '库存', format: { suffix: ' 个' } }],
      leftBottom: [{ key: 'id', format: { prefix: '编号 ' } }],
      rightBottom: [],
    },
  };
  const r = await page.request.post('/api/form/saveformdesign', { data: { formId: itemFormId, formMeta: { ...itemDesign, appSensorSettings } }, headers: HEADERS });
  expect((await r.json()).errCode).toBe(0);
  await page.goto(`${MOBILE}/form/${itemFormId}`);
  const cards = page.getByTestId('list-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: '设备：灭火器A' })).toContainText('库存：3 个');
  await expect(cards.filter({ hasText: '设备：灭火器A' })).toContainText('消防器材');
  await page.getByText('防护用品', { exact: true }).first().click();
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('防毒面具B');
  await page.getByText('全部类别').click();
  await expect(cards).toHaveCount(3);
  await page.getByPlaceholder('搜索设备名称').fill('灭火器');
  await page.getByPlaceholder('搜索设备名称').press('Enter');
  await expect(cards).toHaveCount(2);
  await page.screenshot({ path: `${SHOTS}-list-settings.png` });
  await cards.filter({ hasText: '灭火器C' }).click();
  await expect(field(page, 'item_name')).toContainText('灭火器C');
});

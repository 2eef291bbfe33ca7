import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import pg from 'pg';
import { BASE } from '../support/fixtures.ts';
import { button, confirm, dialog, field, toast, typeDate } from '../support/forms.ts';
import { startParkRun, stopParkRun, type ParkRun } from '../support/park.ts';
import { IPHONE } from '../support/phone.ts';
import { E2E_ADMIN_PASSWORD } from '../support/server.ts';

/*
 * 危化品运输 (issue 41), the application the demo installs as a package, end to end as its people
 * use it, on one server with the demo park's gates (the park run's): the fleet's clerk 陈立 files a
 * waybill naming 李强, whose 从业资格证 has expired, and is refused with that certificate named and
 * nothing saved; with 王建国 it is saved and goes for approval to the users of the company named in
 * 收货企业 who hold 收货企业审核人 — 刘洋, a user of 华中危化品储运有限公司 — who agrees on his phone; the vehicle passes the gate without an alarm, a hazardous vehicle without a
 * waybill raises 无有效运单入园 on the console, and 门岗运单 shows each with or without its waybill.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const SHOTS = '/tmp/t41';
const RUN = String(Date.now()).slice(-6);
const WAYBILL = `YD${RUN}`;
const PLATE = '皖A30001';
const STRANGER = `皖B${RUN.slice(-5)}`;
const RECEIVER = '华中危化品储运有限公司';
/** The park's calendar day (UTC+8): what 计划时间 today means at the gate. */
const TODAY = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const PARK_ZONE = 'Asia/Shanghai';

let run: ParkRun;
let clerk: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  run = await startParkRun(browser);
  clerk = await desktop(browser, 'tp_chenli');
});
test.afterAll(async () => {
  await clerk?.context().close();
  await stopParkRun(run);
});

async function desktop(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: run.server.baseUrl, viewport: { width: 1366, height: 800 }, locale: 'zh-CN', timezoneId: PARK_ZONE, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByTestId('top-bar')).toBeVisible();
  return page;
}

/** A menu of the top bar's group, stepping through its rows (更多) until the group is in view. */
async function openMenu(page: Page, group: string, item: string) {
  const link = page.getByTestId('top-bar').getByRole('link', { name: group });
  await expect(async () => {
    if (!(await link.isVisible()) || !(await link.hover({ timeout: 1500 }).then(() => true, () => false))) {
      await page.getByRole('button', { name: '切换菜单行' }).click();
      await link.hover({ timeout: 1500 });
    }
    await page.getByRole('menuitem', { name: item }).click({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
}

async function sql<T = Record<string, unknown>>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: run.server.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Chooses the record showing this text in a picker field's dialog (通用数据, 企业, 用户). */
async function pick(page: Page, model: string, text: string, search = false) {
  await field(page, model).getByRole('button', { name: /选择/ }).click();
  const picker = page.locator('.ant-modal:visible').last();
  if (search) {
    await picker.getByPlaceholder('请输入关键字').fill(text);
    await picker.getByRole('button', { name: '查询' }).click();
  }
  await picker.locator('.ant-table-row').filter({ hasText: text }).first().click();
  await expect(picker.locator('.picker-selected')).toContainText(text);
  await button(picker, '确定').click();
  await expect(field(page, model).locator('input').first()).toHaveValue(text);
}

/** The add dialog filled as the clerk does, naming this driver. */
async function fillWaybill(page: Page, driver: string) {
  const form = page.locator('.form-dialog-fullscreen');
  await field(form, 'waybill_no').locator('input').fill(WAYBILL);
  await pick(page, 'sender', '合肥化工原料有限公司');
  await pick(page, 'fleet', '安运危货运输车队');
  await pick(page, 'vehicle', PLATE);
  await expect(field(form, 'plate_no').locator('input')).toHaveValue(PLATE);
  await pick(page, 'driver', driver);
  await pick(page, 'escort', '赵敏');
  await typeDate(page, field(form, 'plan_time').locator('input'), TODAY);
  await field(form, 'origin').locator('input').fill('合肥市化工大道8号');
  await field(form, 'destination').locator('input').fill('园区2号罐区');
  // The receiving company's own 收货企业审核人 approve it (no reviewer to pick, ADR 0068).
  await pick(page, 'receiver', RECEIVER, true);

  // 运输货物 from the catalogue: 数据选择 brings 品名 and UN编号, the quantity is typed in the grid.
  const goods = form.locator('.sub-table[data-subkey="goods"]');
  await button(goods, '数据选择').click();
  const chooser = dialog(page, '数据选择 - 运输货物');
  await chooser.locator('.ant-table-row').filter({ hasText: '甲醇' }).locator('.ant-checkbox-input').check();
  await button(chooser, '确定').click();
  const grid = dialog(page, '批量新增运输货物');
  await expect(grid.locator('input[value="1230"]').first()).toBeVisible();
  await grid.locator('.ant-input-number-input').first().fill('20');
  await button(grid, '确定').click();
  // Kept in the page until the waybill is submitted, and said so (not 新增成功: nothing is saved yet).
  await expect(toast(page, '已添加，随表单一起保存')).toBeVisible();
  await expect(goods.locator('.ant-table-row').filter({ hasText: '甲醇' })).toContainText('1230');
}

const listRows = (page: Page): Locator => page.locator('.ant-table-row').filter({ hasText: WAYBILL });

test('车队调度员填报电子运单：驾驶员资格证过期被拒绝且不保存，换成有效驾驶员后提交审批', async () => {
  const page = clerk;
  await openMenu(page, '危化品运输', '电子运单');
  await expect(page.getByRole('main').getByText('电子运单', { exact: true }).first()).toBeVisible();
  await button(page, '新增').click();
  const form = page.locator('.form-dialog-fullscreen');
  await expect(form.locator('.ant-modal-title')).toHaveText('新增 - 电子运单');

  await fillWaybill(page, '李强');
  await page.screenshot({ path: `${SHOTS}-waybill-filled.png`, fullPage: true });

  await button(form, '提交').click();
  await confirm(page, '确认保存吗？');
  await expect(toast(page, /驾驶员的从业资格证已过期（有效期至\d{4}-\d{2}-\d{2}），早于计划时间\d{4}-\d{2}-\d{2}，不能用于本运单/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-waybill-refused.png`, fullPage: true });
  // The field to change is marked with the same reason.
  await expect(field(form, 'driver')).toContainText('驾驶员的从业资格证已过期');
  // Nothing lost: the dialog keeps what was typed. Nothing saved: closed, the list has no such row.
  await expect(field(form, 'waybill_no').locator('input')).toHaveValue(WAYBILL);
  await expect(field(form, 'driver').locator('input')).toHaveValue('李强');
  await button(form, '关闭').click();
  await expect(form).toHaveCount(0);
  await expect(page.locator('.ant-table-tbody')).toBeVisible();
  await expect(listRows(page)).toHaveCount(0);
  // (The demo fleet files the day's waybills of its own; none is this one.)
  const waybillForm = (await sql<{ id: string }>(`select local_id::text as id from app_package_part where kind = 'form' and code = 'tp_waybill'`))[0]!.id;
  expect(await sql(`select 1 from form_${Number(waybillForm)} where waybill_no = $1`, [WAYBILL])).toHaveLength(0);
  expect(await sql(`select 1 from flow_instance fi where fi.form_id = $1 and fi.business_id::text not in (select id::text from form_${Number(waybillForm)})`, [waybillForm])).toHaveLength(0);

  // 王建国's certificate is valid: saved and submitted for approval.
  await button(page, '新增').click();
  await fillWaybill(page, '王建国');
  await button(form, '提交').click();
  await confirm(page, '确认保存吗？');
  await expect(form).toHaveCount(0);
  const row = listRows(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('王建国');
  await expect(row).toContainText('审批中');
  await page.screenshot({ path: `${SHOTS}-waybill-list-pending.png`, fullPage: true });
});

test('收货企业审核人在手机上从待办打开运单并同意，电脑端列表显示已通过', async ({ browser }) => {
  const context = await browser.newContext({ ...IPHONE, baseURL: run.server.baseUrl, locale: 'zh-CN', timezoneId: PARK_ZONE });
  const m = await context.newPage();
  await m.goto(`${BASE}/m/login`);
  await m.getByLabel('用户名').fill('tp_liuyang');
  await m.getByLabel('密码').fill(E2E_ADMIN_PASSWORD);
  await m.getByRole('button', { name: '登录' }).tap();
  await expect(m.getByTestId('workbench')).toBeVisible();
  await m.getByRole('navigation', { name: '主导航' }).getByText('待办', { exact: true }).tap();
  const todo = m.getByText('陈立提交的电子运单').first();
  await expect(todo).toBeVisible();
  await m.screenshot({ path: `${SHOTS}-phone-todo.png` });
  // The task went to the receiving company's user, and to no one else.
  const assignees = await sql<{ username: string; company: string }>(
    `select u.username, c.company_name as company from flow_task ft join flow_instance fi on fi.id = ft.instance_id join sys_user u on u.id = ft.assignee_id
       join sys_company c on c.id = u.company_id where ft.status = 0 and fi.approve_status = '0' and fi.form_id in (select local_id from app_package_part where kind = 'form' and code = 'tp_waybill')`,
  );
  expect(assignees).toEqual([{ username: 'tp_liuyang', company: RECEIVER }]);
  await todo.tap();
  const task = m.getByTestId('task-page');
  await expect(task.getByText(WAYBILL)).toBeVisible();
  await expect(task.getByText(PLATE).first()).toBeVisible();
  // The goods the reviewer agrees to receive: the waybill's 运输货物 rows, not a row count.
  const goods = task.getByTestId('task-sub-goods');
  await expect(goods.getByTestId('sub-row')).toHaveCount(1);
  for (const text of ['甲醇', '1230', '20']) await expect(goods).toContainText(text);
  await task.getByRole('textbox', { name: '审批意见' }).fill('证照齐全，同意今日入园卸货');
  await m.screenshot({ path: `${SHOTS}-phone-task.png`, fullPage: true });
  await task.getByRole('button', { name: '同意' }).tap();
  await expect(m.getByText('已同意')).toBeVisible();
  await context.close();

  await clerk.reload();
  await expect(listRows(clerk)).toContainText('已通过');
  await clerk.screenshot({ path: `${SHOTS}-waybill-list-approved.png`, fullPage: true });
});

test('门岗：有审批通过运单的车辆入园不报警，无运单的危化品车辆入园在报警处置中报警；门岗运单显示各车运单', async () => {
  const pass = (plate: string) => ({
    eventId: `t41-${plate}-${RUN}`, gateCode: 'G03', plate, direction: 1, passTime: Date.now() - 60_000,
    vehicleType: '2', hazardousClass: '3', material: '甲醇', loadTons: 20, companyName: '安运危货运输车队',
  });
  const sent = (await run.ingest('CAM-G03-IN', 'gatePasses', [pass(PLATE), pass(STRANGER)])) as { accepted: number; alarms: number };
  expect(sent).toMatchObject({ accepted: 2, alarms: 1 });

  const { page } = run;
  await page.goto(run.url('/park/alarm'));
  await expect(page.getByRole('heading', { name: '报警处置' })).toBeVisible();
  const alarm = page.locator('.ant-table-row').filter({ hasText: STRANGER });
  await expect(alarm).toContainText('无有效运单入园');
  await expect(page.locator('.ant-table-row').filter({ hasText: PLATE }).filter({ hasText: '无有效运单入园' })).toHaveCount(0);
  await alarm.getByRole('button', { name: '详情' }).click();
  await expect(page.locator('.ant-drawer')).toContainText(`危化品车辆 ${STRANGER} 入园：无当日电子运单（运单 无）`);
  await page.screenshot({ path: `${SHOTS}-console-alarm.png` });
  await page.locator('.ant-drawer').getByRole('button', { name: '关闭' }).click();

  await openMenu(page, '专项服务', '门岗运单');
  await expect(page.locator('.list-page .ant-card-head-title')).toHaveText('门岗运单');
  const mine = page.locator('.ant-table-row').filter({ hasText: PLATE });
  await expect(mine).toContainText('有效运单');
  await expect(mine).toContainText(WAYBILL);
  await expect(mine).toContainText('甲醇（UN1230）20吨');
  await expect(mine).toContainText('王建国');
  const stranger = page.locator('.ant-table-row').filter({ hasText: STRANGER });
  await expect(stranger).toContainText('无运单');
  await page.screenshot({ path: `${SHOTS}-gate-waybills.png` });
});

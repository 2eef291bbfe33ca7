import { expect, test, type Locator, type Page } from '@playwright/test';
import { pdf } from '../../apps/server/test/sampleFiles.ts';
import { BASE, loginAs, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, chooseOption, confirm, dialog, field, toast, typeDate } from '../support/forms.ts';
import { addAfter, addRow, canvas, drawer, nodeNamed, pick, radio } from '../support/flowDesigner.ts';

/*
 * Approvals (issue 20) in Chromium through the real server, on the demo form 危化品车辆入园登记
 * the administrator designs a two-level flow from a bare 发起人 by clicking in 流程设计 (科室主管审批 →
 * 实际装载 > 20 或 核定载重 > 50: 分管领导审批 → 抄送综合办公室) and publishes it; 张三 submits; 李四 approves from the to-do
 * list, filling 货物说明 and attaching 随车单据 (the node's approveItems); 王五 returns it to 张三 (straight back to 王五 on resubmission), who edits and submits again; 王五 approves; 赵六 (cc) and
 * 张三 see their messages, and the counters move.
 */

// Each test logs in and walks several screens; the shared 2-core machine needs more than the default 30 s.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

const SHOTS = '/tmp/i20';
const TITLE = '张三提交的危化品车辆入园登记';
const topBar = (page: Page) => page.getByTestId('top-bar');
const counter = (page: Page, name: string) => topBar(page).getByRole('link', { name: new RegExp(name) });

async function vehicleFormId(): Promise<number> {
  return withDb(async (c) => Number((await c.query(`select id from form_conf where form_name = '危化品车辆入园登记' order by id limit 1`)).rows[0].id));
}

/** A long field list is virtual: type to find the option, then choose it. */
async function searchPick(page: Page, scope: Locator, label: string, text: string, nth = 0) {
  const box = scope.getByRole('combobox', { name: label }).nth(nth);
  await box.click();
  await box.fill(text);
  await chooseOption(page, text);
}

async function login(page: Page, username: string) {
  await loginAs(page, username);
  await expect(topBar(page)).toBeVisible();
}

/** Opens the newest to-do from the top bar's 待办 icon. */
async function openTodo(page: Page) {
  await counter(page, '待办').click();
  await expect(page).toHaveURL(`${BASE}/waitDoneTask/WaitDoneTask`);
  await page.getByRole('link', { name: TITLE }).first().click();
  await expect(page).toHaveURL(/\/formTaskInfo\?processInstanceId=\d+&taskId=\d+/);
  await expect(page.getByText('审批记录')).toBeVisible();
}

test('管理员在流程设计中从空白开始设计两级审批（条件、抄送）并发布', async ({ page }) => {
  test.setTimeout(90_000);
  // The seeded design is replaced by a bare 发起人 (running instances keep their deployed version).
  const formId = await vehicleFormId();
  await withDb((c) => c.query(`update flow_model set node_config = $2 where form_id = $1`, [formId, JSON.stringify({ nodeId: 'e2e-start', nodeName: '发起人', type: 0, childNode: null })]));
  await loginAsAdmin(page);
  await page.goto(`${BASE}/system/form`);
  // The demo's applications add forms before it on the first page: search for it, as a user would.
  await page.getByRole('searchbox', { name: '表单名称' }).fill('危化品车辆入园登记');
  await page.getByRole('searchbox', { name: '表单名称' }).press('Enter');
  await page.getByRole('row', { name: /危化品车辆入园登记/ }).first().getByRole('button', { name: '流程设计' }).click();
  await expect(page).toHaveURL(/\/form\/flow\/\d+/);
  await expect(canvas(page).getByTestId('flow-node')).toHaveCount(1);

  // 科室主管审批: the initiator's 直接主管, who may fill 货物说明. Every recipient type is offered.
  await addAfter(page, nodeNamed(page, '发起人'), '审批人');
  await nodeNamed(page, '审批人').click();
  let d = drawer(page, 'approver-drawer');
  await d.getByLabel('节点名称').fill('科室主管审批');
  await button(d, '设置审批人').click();
  let rd = dialog(page, '设置审批人');
  await expect(rd.locator('label.ant-radio-wrapper')).toHaveCount(11);
  await radio(rd, '主管').click();
  await pick(page, rd, '主管级别', '发起人的直接主管');
  await button(rd, '确定').click();
  await expect(d.getByTestId('recipient-summary')).toHaveText('发起人的直接主管');
  await expect(d.getByRole('checkbox', { name: /连续多级主管/ })).toBeVisible();
  await d.getByRole('checkbox', { name: '货物说明' }).check();
  await d.getByRole('checkbox', { name: '随车单据' }).check();
  await page.screenshot({ path: `${SHOTS}-design-drawer.png` });
  await button(d, '保存').click();
  await expect(nodeNamed(page, '科室主管审批')).toContainText('发起人的直接主管');

  // A route: 实际装载 > 20 或 核定载重 > 50 → 分管领导审批 (第2级主管); otherwise straight on.
  await addAfter(page, nodeNamed(page, '科室主管审批'), '条件分支');
  await nodeNamed(page, '条件1').click();
  const cond = drawer(page, 'condition-drawer');
  await cond.getByLabel('条件名称').fill('重载');
  await cond.getByRole('button', { name: '编辑数据字段条件' }).click();
  const fc = dialog(page, '操作数据字段条件');
  await addRow(fc, '添加条件', fc.getByTestId('cond-row'), 1);
  await searchPick(page, fc, '字段', '实际装载');
  await pick(page, fc, '匹配方式', '大于');
  await fc.getByLabel('值', { exact: true }).fill('20');
  await addRow(fc, '添加条件', fc.getByTestId('cond-row'), 2);
  await searchPick(page, fc, '字段', '核定载重', 1);
  await pick(page, fc, '匹配方式', '大于', 1);
  await fc.getByLabel('值', { exact: true }).nth(1).fill('50');
  await fc.locator('label.ant-radio-button-wrapper', { hasText: '或' }).first().click();
  await page.screenshot({ path: `${SHOTS}-design-conditions.png` });
  await button(fc, '确定').click();
  await expect(cond.getByTestId('cond-card-fields')).toContainText('已设置 2 个条件');
  await expect(cond.getByTestId('cond-card-fields')).toContainText('满足任一条件组');
  await button(cond, '保存').click();
  await expect(nodeNamed(page, '重载')).toContainText('已设置2个条件');
  await expect(nodeNamed(page, '条件2')).toContainText('其他情况');

  await addAfter(page, nodeNamed(page, '重载'), '审批人');
  await nodeNamed(page, '审批人').click();
  d = drawer(page, 'approver-drawer');
  await d.getByLabel('节点名称').fill('分管领导审批');
  await button(d, '设置审批人').click();
  rd = dialog(page, '设置审批人');
  await radio(rd, '主管').click();
  await pick(page, rd, '主管级别', '发起人的第2级主管');
  await button(rd, '确定').click();
  await expect(d.getByTestId('recipient-summary')).toHaveText('发起人的第2级主管');
  await button(d, '保存').click();
  await expect(nodeNamed(page, '分管领导审批')).toContainText('发起人的第2级主管');

  // After the route joins: a copy to 赵六 (综合办公室).
  await addAfter(page, canvas(page).getByTestId('flow-route').first(), '抄送人');
  await nodeNamed(page, '抄送人').click();
  d = drawer(page, 'cc-drawer');
  await d.getByLabel('节点名称').fill('抄送综合办公室');
  await button(d, '设置抄送人').click();
  rd = dialog(page, '设置抄送人');
  await radio(rd, '指定人员').click();
  await rd.getByRole('combobox', { name: '人员' }).click();
  await rd.getByRole('combobox', { name: '人员' }).fill('赵六');
  await chooseOption(page, '赵六');
  await button(rd, '确定').click();
  await button(d, '保存').click();
  await expect(nodeNamed(page, '抄送综合办公室')).toContainText('指定人员：赵六');

  await button(page, '发布').click();
  await expect(toast(page, /发布成功（版本 \d+）/)).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-design.png`, fullPage: true });
});

test('张三新增（先填子表装载明细）并提交，列表显示审批中', async ({ page }) => {
  await login(page, 'zhangsan');
  await page.goto(`${BASE}/form/list/${await vehicleFormId()}`);
  await button(page, '新增').click();
  await field(page, 'plate_no').locator('input').fill('皖A24680');
  await field(page, 'vehicle_type').locator('.ant-select').click();
  await chooseOption(page, '罐式货车');
  await field(page, 'rated_load').locator('input').fill('40');
  await field(page, 'actual_load').locator('input').fill('30');
  await field(page, 'driver_mobile').locator('input').fill('13855102468');
  await typeDate(page, field(page, 'entry_date').locator('input'), '2026-11-26');
  // A 装载明细 row before the record exists: kept in the dialog, saved with it by 提交.
  const goods = page.locator('.sub-table[data-subkey="goods_items"]');
  await button(goods, '新增').click();
  const child = dialog(page, '新增装载明细');
  await field(child, 'goods_name').locator('input').fill('液碱');
  await button(child, '确定').click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '确定' }).click();
  await expect(goods.locator('.ant-table-row')).toContainText('液碱');
  await button(page, '提交').click();
  await confirm(page, '确认保存吗？');
  // Saved and started in one call: the dialog closes and the new row shows its approval.
  const row = page.locator('.ant-table-row').filter({ hasText: '皖A24680' });
  await expect(row.getByText('审批中')).toBeVisible();
  const formId = await vehicleFormId();
  const saved = await withDb(async (c) => (await c.query(`select g.goods_name from "form_${formId}__goods_items" g join "form_${formId}" p on p.id = g.parent_id where p.plate_no = '皖A24680'`)).rows);
  expect(saved).toEqual([{ goods_name: '液碱' }]);
  await page.screenshot({ path: `${SHOTS}-list.png` });
});

test('李四从待办列表打开任务，填写货物说明并同意', async ({ page }) => {
  await login(page, 'lisi');
  await expect(counter(page, '待办')).toContainText('1');
  await openTodo(page);
  await expect(page.getByText('皖A24680').first()).toBeVisible();
  const items = page.locator('.approval-items-card');
  await field(items, 'cargo_note').locator('input, textarea').first().fill('液碱，已核验');
  // 随车单据 is the node's to edit too: 李四 attaches the signed permit.
  await field(items, 'documents_files').locator('input[type=file]').setInputFiles({ name: '入园许可.pdf', mimeType: 'application/pdf', buffer: pdf('permit') });
  await expect(field(items, 'documents_files').getByTitle('入园许可.pdf')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-task.png`, fullPage: true });
  await button(page, '同意').click();
  await expect(toast(page, '已同意')).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/waitDoneTask/WaitDoneTask`);
  await expect(counter(page, '待办').locator('.ant-badge-count')).toHaveCount(0);
  const formId = await vehicleFormId();
  const refs = await withDb(async (c) =>
    (await c.query(`select f.original_name from "form_${formId}" p join sys_file_ref r on r.form_id = $1 and r.record_id = p.id and r.file_id::text = p.documents_files join sys_file f on f.id = r.file_id where p.plate_no = '皖A24680'`, [formId])).rows,
  );
  expect(refs).toEqual([{ original_name: '入园许可.pdf' }]);
  await page.getByRole('tab', { name: '已办' }).click();
  await expect(page.getByRole('row', { name: new RegExp(TITLE) }).first()).toContainText('审批中');
});

test('王五退回给发起人', async ({ page }) => {
  await login(page, 'wangwu');
  await openTodo(page);
  await expect(page.locator('.ant-timeline')).toContainText('液碱，已核验');
  await page.getByLabel('审批意见').fill('请补充押运员信息');
  await button(page, '退回').click();
  const modal = page.locator('.ant-modal').filter({ hasText: '退回至' });
  await expect(modal.getByLabel('退回至')).toBeVisible();
  await expect(modal).toContainText('发起人');
  // 李四 already agreed: the resubmitted record comes straight back to 王五.
  await modal.getByText('重新提交后直接回到我').click();
  await modal.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '已退回')).toBeVisible();
});

test('张三修改后重新提交，直接回到王五，王五同意，流程通过', async ({ page }) => {
  await login(page, 'zhangsan');
  await expect(counter(page, '待办')).toContainText('1');
  await openTodo(page);
  await expect(page.getByText('修改后重新提交')).toBeVisible();
  await field(page, 'escort_name').locator('input').fill('刘押运');
  await page.screenshot({ path: `${SHOTS}-resubmit.png`, fullPage: true });
  await button(page, '重新提交').click();
  await expect(toast(page, '已重新提交')).toBeVisible();

  await page.context().clearCookies();
  await login(page, 'wangwu');
  await openTodo(page);
  await button(page, '同意').click();
  await expect(toast(page, '已同意')).toBeVisible();
  const status = await withDb(async (c) => (await c.query(`select approve_status from flow_instance order by id desc limit 1`)).rows[0].approve_status);
  expect(status).toBe('1');
});

test('抄送人与发起人看到消息，计数随之变化', async ({ page }) => {
  await login(page, 'zhaoliu');
  // The seeds' demo notices are unread messages too: the CC message is one more than those.
  const badge = counter(page, '消息').locator('.ant-badge-count');
  await expect(badge).toBeVisible();
  const unread = Number((await badge.getAttribute('title')) ?? (await badge.textContent()));
  await counter(page, '消息').click();
  await expect(page).toHaveURL(`${BASE}/msg/MsgList`);
  await page.getByRole('button', { name: `抄送：${TITLE}` }).click();
  await expect(page).toHaveURL(/\/formTaskInfo\?.*processInstanceId=\d+/);
  await expect(page.getByText('已通过').first()).toBeVisible();
  if (unread > 1) await expect(badge).toHaveAttribute('title', String(unread - 1));
  else await expect(badge).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-cc.png`, fullPage: true });

  await page.context().clearCookies();
  await login(page, 'zhangsan');
  await counter(page, '消息').click();
  await expect(page.getByRole('button', { name: `审批通过：${TITLE}` })).toBeVisible();
  await page.getByRole('button', { name: `审批通过：${TITLE}` }).click();
  await expect(page.locator('.ant-timeline')).toContainText('请补充押运员信息');
  await page.goto(`${BASE}/waitDoneTask/WaitDoneTask?tab=started`);
  await expect(page.getByRole('row', { name: new RegExp(TITLE) }).first()).toContainText('已通过');
  await page.screenshot({ path: `${SHOTS}-started.png` });
});

test('管理员在系统管理中维护节假日', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto(`${BASE}/system/holiday`);
  await typeDate(page, page.getByLabel('日期'), '2026-10-01');
  await page.getByLabel('名称').fill('国庆节');
  await button(page, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page.locator('.ant-table-row').filter({ hasText: '2026-10-01' })).toContainText('国庆节');
  await page.screenshot({ path: `${SHOTS}-holiday.png` });
});

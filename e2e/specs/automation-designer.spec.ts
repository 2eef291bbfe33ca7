import { expect, test } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { addAfter, addRow, canvas, drawer, nodeNamed, pick, radio } from '../support/flowDesigner.ts';
import { button, confirm, createForm, dialog, field, toast } from '../support/forms.ts';

/*
 * The automation designer end to end (issue 19), as an administrator builds the engine issue's
 * flow in Chromium: a trigger on the vehicle form's 新增, a route with two branches, on 是否危化品 =
 * 是 a form update with a formula (库存 − ${load_ton}) and messages to the initiator's supervisor and
 * to the record's 审核人. The recipient dialog previews who receives for a real record; the dry run
 * shows the branch taken; the flow is saved; a record added through the form's list page updates
 * the stock and the administrator finds the message in 消息中心.
 */

const SHOTS = '/tmp/i19/designer';
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const ctl = (type: string, model: string, name: string, options: Record<string, unknown> = {}) => ({ type, key: `k_${model}`, model, name, options, rules: [] });

test('管理员在设计器中搭建自动化，保存后新增数据触发库存扣减与消息', async ({ page }) => {
  test.setTimeout(150_000);
  await loginAsAdmin(page);
  const stamp = Date.now().toString(36);
  const vehicleName = `车辆入园-${stamp}`;
  const stockName = `危化品库存-${stamp}`;
  const vehicle = await createForm(page.request, vehicleName, {
    list: [
      ctl('input', 'plate_no', '车牌号', { required: true }),
      ctl('input', 'company_name', '企业名称'),
      ctl('input_number', 'load_ton', '载重'),
      ctl('radio', 'is_hazard', '是否危化品', { options: [{ value: '是', label: '是' }, { value: '否', label: '否' }] }),
      ctl('current_user', 'reviewer', '审核人'),
    ],
    config: {},
  });
  const stock = await createForm(page.request, stockName, {
    list: [ctl('input', 'company_name', '企业名称', { required: true }), ctl('number', 'stock_ton', '库存', { enableMinMax: true, min: 0, max: 100000 })],
    config: {},
  });
  await page.request.post(`/api/form/addformdata/${stock}`, { form: { company_name: '宜化化工', stock_ton: '100' }, headers: HEADERS });
  // Records added before the flow exists, to preview recipients and dry-run with.
  for (const [plate, hazard] of [['鄂A00001', '否'], ['鄂A00002', '是']] as const) {
    await page.request.post(`/api/form/addformdata/${vehicle}`, { form: { plate_no: plate, company_name: '宜化化工', load_ton: '2', is_hazard: hazard, reviewer: '1' }, headers: HEADERS });
  }
  // The administrator's organisation gets a leader, the supervisor of whoever adds records.
  const supervisor = await withDb(async (c) => {
    const u = await c.query(`insert into sys_user (username, password_hash, real_name) select $1, password_hash, '安全主管' from sys_user where username = 'admin' returning id`, [`sup_${stamp}`]);
    await c.query(`update sys_org set leader_id = $1 where org_name = '园区管委会'`, [u.rows[0].id]);
    return Number(u.rows[0].id);
  });

  // 自动化 › 流程管理 › 新建
  await page.goto(`${BASE}/automation/flow`);
  await expect(page.locator('.list-page .ant-card-head-title')).toHaveText('流程管理');
  await button(page, '新建').click();
  await page.getByLabel('自动化名称').fill(`危化品入园-${stamp}`);

  // Trigger: 表单 → the vehicle form (searched) → 新增数据 → 保存.
  await nodeNamed(page, '触发器').click();
  const trig = drawer(page, 'trigger-drawer');
  await expect(trig.locator('.ant-drawer-title')).toHaveText('触发器');
  await expect(radio(trig, '流程')).toHaveClass(/disabled/);
  await radio(trig, '表单').click();
  await trig.getByPlaceholder('请输入表单名称').fill(vehicleName);
  await trig.getByRole('button', { name: '查询' }).click();
  await trig.locator('.ant-table-row', { hasText: vehicleName }).click();
  await radio(trig, '新增数据').click();
  await page.screenshot({ path: `${SHOTS}-trigger.png` });
  await button(trig, '保存').click();
  await expect(nodeNamed(page, '触发器')).toContainText(`${vehicleName}：新增数据时`);
  await expect(nodeNamed(page, '触发器')).not.toHaveClass(/is-error/);

  // A route; 条件1: 是否危化品 等于 是.
  await addAfter(page, nodeNamed(page, '触发器'), '条件分支');
  await nodeNamed(page, '条件1').click();
  const cond = drawer(page, 'condition-drawer');
  await expect(cond.getByTestId('cond-card-fields')).toContainText('已设置 0 个条件');
  await cond.getByRole('button', { name: '编辑操作数据字段条件' }).click();
  const fc = dialog(page, '操作数据字段条件');
  await addRow(fc, '添加条件', fc.getByTestId('cond-row'), 1);
  await pick(page, fc, '字段', '是否危化品');
  await pick(page, fc, '匹配方式', '等于');
  await fc.getByLabel('值', { exact: true }).fill('是');
  await page.screenshot({ path: `${SHOTS}-field-conditions.png` });
  await button(fc, '确定').click();
  await expect(cond.getByTestId('cond-card-fields')).toContainText('已设置 1 个条件');
  await button(cond, '保存').click();
  await expect(nodeNamed(page, '条件1')).toContainText('已设置条件');
  await nodeNamed(page, '条件2').locator('.flow-node-title').click();
  await page.getByLabel('节点名称').fill('其他情况');
  await page.getByLabel('节点名称').press('Enter');

  // 条件1 → 扣减库存: 表单动作 › 修改数据 on the stock form, where 企业名称 = ${company_name}, 库存 减 ${load_ton}.
  await addAfter(page, nodeNamed(page, '条件1'), '动作');
  await nodeNamed(page, '动作').locator('.flow-node-title').click();
  await page.getByLabel('节点名称').fill('扣减库存');
  await page.getByLabel('节点名称').press('Enter');
  await nodeNamed(page, '扣减库存').click();
  let act = drawer(page, 'action-drawer');
  await radio(act, '表单动作').click();
  await button(act, '下一步').click();
  await radio(act, '修改数据').click();
  await button(act, '下一步').click();
  await button(act, '选择表单').click();
  const sf = dialog(page, '选择表单');
  await sf.getByPlaceholder('请输入表单名称').fill(stockName);
  await sf.getByRole('button', { name: '查询' }).click();
  await sf.locator('.ant-table-row', { hasText: stockName }).click();
  await expect(act.getByTestId('target-form')).toHaveText(stockName);
  await button(act, '设置条件').click();
  const filter = dialog(page, '主表单条件');
  await addRow(filter, '添加条件', filter.getByTestId('filter-item'), 1);
  await pick(page, filter, '字段', '企业名称');
  await pick(page, filter, '匹配方式', '等于');
  await pick(page, filter, '值类型', '变量');
  await pick(page, filter, '变量', '企业名称');
  await button(filter, '确定').click();
  await expect(act).toContainText('已设置 1 个条件');
  await button(act, '选择字段').click();
  const cols = dialog(page, '选择字段');
  await cols.getByRole('checkbox', { name: '库存' }).check();
  await button(cols, '确定').click();
  await pick(page, act, '计算方式', '减');
  await pick(page, act, '值方式', '变量/公式');
  await act.getByLabel('库存的值').fill('${load_ton}');
  await page.screenshot({ path: `${SHOTS}-form-action.png` });
  await button(act, '保存').click();
  await expect(nodeNamed(page, '扣减库存')).toContainText(`修改数据：${stockName}`);

  // 扣减库存 → a message to the initiator's 直接主管, previewed on the earlier record.
  async function messageAction(after: string, name: string, setRecipient: () => Promise<void>) {
    await addAfter(page, nodeNamed(page, after), '动作');
    await nodeNamed(page, '动作').locator('.flow-node-title').click();
    await page.getByLabel('节点名称').fill(name);
    await page.getByLabel('节点名称').press('Enter');
    await nodeNamed(page, name).click();
    act = drawer(page, 'action-drawer');
    await radio(act, '消息动作').click();
    await button(act, '下一步').click();
    await radio(act, '消息').click();
    await button(act, '下一步').click();
    await act.getByRole('textbox', { name: '标题' }).fill('危化品车辆入园：${plate_no}');
    await act.getByRole('textbox', { name: '内容' }).fill('${company_name} 的 ${plate_no} 载 ');
    await act.getByRole('button').filter({ hasText: '插入变量' }).nth(1).click();
    await page.getByRole('menuitem', { name: '载重（load_ton）' }).click();
    await expect(act.getByRole('textbox', { name: '内容' })).toHaveValue('${company_name} 的 ${plate_no} 载 ${load_ton}');
    await act.getByRole('textbox', { name: '跳转地址' }).fill(`/form/list/${stock}`);
    await button(act, '设置接收人').click();
    await setRecipient();
    await button(act, '保存').click();
    await expect(nodeNamed(page, name)).toContainText('发送消息：危化品车辆入园：${plate_no}');
  }
  await messageAction('扣减库存', '通知主管', async () => {
    const rd = dialog(page, '设置接收人');
    await radio(rd, '主管').click();
    await pick(page, rd, '主管级别', '发起人的直接主管');
    await pick(page, rd, '选择数据', '#');
    await button(rd, '预览').click();
    await expect(rd.getByTestId('recipient-preview-result')).toContainText('以下 1 人会收到消息');
    await expect(rd.getByTestId('recipient-preview-result')).toContainText('安全主管');
    await page.screenshot({ path: `${SHOTS}-recipient-preview.png` });
    await button(rd, '确定').click();
    await expect(drawer(page, 'action-drawer').getByTestId('recipient-summary')).toHaveText('发起人的直接主管');
  });
  await messageAction('通知主管', '通知审核人', async () => {
    const rd = dialog(page, '设置接收人');
    await radio(rd, '表单中的人员').click();
    await pick(page, rd, '表单字段', '审核人');
    await pick(page, rd, '选择数据', '#');
    await button(rd, '预览').click();
    await expect(rd.getByTestId('recipient-preview-result')).toContainText('系统管理员');
    await button(rd, '确定').click();
  });
  await expect(canvas(page).locator('.flow-node.is-error')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}-flow.png` });

  // Dry run on the earlier record (是否危化品 否): the route takes 其他情况, nothing is written.
  await button(page, '试运行').click();
  const dry = page.locator('.ant-drawer-content-wrapper:visible').filter({ hasText: '试运行只计算流程会做什么' });
  await pick(page, dry, '选择数据', '鄂A00001');
  await button(dry, '开始试运行').click();
  await expect(dry.getByTestId('dryrun-result')).toContainText('走分支：其他情况');
  await dry.locator('.ant-drawer-close').click();
  await expect(page.locator('.ant-drawer-mask')).toHaveCount(0);

  // Save: version 1, the URL names the flow.
  await button(page, '保存').click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${BASE}/automation/design/\\d+$`));
  await expect(page.getByText('v1', { exact: true })).toBeVisible();

  // Dry run of the saved flow on a hazardous record shows the update and both messages.
  await button(page, '试运行').click();
  await pick(page, dry, '选择数据', '鄂A00002');
  await button(dry, '开始试运行').click();
  const result = dry.getByTestId('dryrun-result');
  await expect(result).toContainText('走分支：条件1');
  await expect(result.getByTestId('dryrun-step').filter({ hasText: '扣减库存' })).toContainText('stock_ton：100 → 98');
  await expect(result.getByTestId('dryrun-step').filter({ hasText: '通知主管' })).toContainText('安全主管');
  await expect(result.getByTestId('dryrun-step').filter({ hasText: '通知审核人' })).toContainText('系统管理员');
  await page.screenshot({ path: `${SHOTS}-dryrun.png` });
  await dry.locator('.ant-drawer-close').click();
  await expect(page.locator('.ant-drawer-mask')).toHaveCount(0);
  expect(Number(await withDb(async (c) => (await c.query(`select stock_ton from "form_${stock}"`)).rows[0].stock_ton))).toBe(100);

  // A person adds a record through the form's list page; the engine runs the flow.
  await page.goto(`${BASE}/form/list/${vehicle}`);
  await page.getByRole('button', { name: '新增' }).click();
  const add = dialog(page, /新增/);
  await field(add, 'plate_no').locator('input').fill('鄂E19001');
  await field(add, 'company_name').locator('input').fill('宜化化工');
  await field(add, 'load_ton').locator('input').fill('12');
  await field(add, 'is_hazard').getByText('是', { exact: true }).click();
  await button(add, '保存').click();
  await confirm(page, '确认保存吗？');
  await expect(toast(page, '保存成功')).toBeVisible();

  // The effect: the stock form's list shows 88 for 宜化化工.
  await page.goto(`${BASE}/form/list/${stock}`);
  await expect(async () => {
    await page.reload();
    await expect(page.locator('.ant-table-row').filter({ hasText: '宜化化工' })).toContainText('88', { timeout: 8000 });
  }).toPass({ timeout: 45_000 });
  // The message: the administrator (审核人) finds it in 消息中心; the supervisor got one too.
  await page.goto(`${BASE}/msg/MsgList`);
  await expect(page.locator('.ant-table-row').filter({ hasText: '危化品车辆入园：鄂E19001' }).first()).toBeVisible();
  expect(await withDb(async (c) => (await c.query(`select content from msg_message where receiver_id = $1`, [supervisor])).rows)).toEqual([{ content: '宜化化工 的 鄂E19001 载 12' }]);
  await withDb((c) => c.query(`update sys_org set leader_id = null where org_name = '园区管委会'`));
  await page.screenshot({ path: `${SHOTS}-message.png` });

  // 流程管理 lists the flow with its last run.
  await page.goto(`${BASE}/automation/flow`);
  const row = page.locator('.ant-table-row').filter({ hasText: `危化品入园-${stamp}` });
  await expect(row).toContainText(vehicleName);
  await expect(row).toContainText('新增数据');
  await expect(row).toContainText('v1');
  await expect(row).toContainText('成功');
  await page.screenshot({ path: `${SHOTS}-manage.png` });
  await button(row, '执行记录').click();
  await expect(page).toHaveURL(/\/automation\/execution\?flowId=\d+$/);
  await expect(page.locator('.list-page .ant-table-row')).toHaveCount(1);
  await expect(page.locator('.list-page .ant-table-row')).toContainText(`危化品入园-${stamp}`);
});

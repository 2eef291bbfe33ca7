import { expect, test, type Browser, type Page } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { addAfter, addRow, drawer, expectMessage, nodeNamed, pick, radio } from '../support/flowDesigner.ts';
import { button, chooseOption, createForm, dialog } from '../support/forms.ts';

/*
 * Every refusal of the automation designer's drawers and dialogs (spec 001 §4, §5.1–5.5), provoked
 * in Chromium as a person would: the trigger's three tips, the action's step warnings and save
 * checks, the select-form and filter dialogs, each recipient type's check, the condition editors,
 * the unsaved-close question, the flow's own save check; then the loop warning on save and the
 * delete refused while an execution runs. One administrator session serves the whole file.
 */

const SHOTS = '/tmp/i19/refusals';
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const ctl = (type: string, model: string, name: string, extra: Record<string, unknown> = {}) => ({ type, key: `k_${model}`, model, name, options: {}, rules: [], ...extra });
const stamp = Date.now().toString(36);
const triggerName = `拒绝-触发-${stamp}`;
const targetName = `拒绝-目标-${stamp}`;
const blankName = `拒绝-未设计-${stamp}`;

let page: Page;

// Long clicking paths on a shared 2-core machine: a minute each at most.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  page = await browser.newPage();
  await loginAsAdmin(page);
  await createForm(page.request, triggerName, {
    list: [ctl('input', 'plate_no', '车牌号'), ctl('date', 'arrive_date', '到达日期'), ctl('current_user', 'reviewer', '审核人'), ctl('input_number', 'load_ton', '载重')],
    config: {},
  });
  await createForm(page.request, targetName, {
    list: [
      ctl('input', 'company_name', '企业名称'),
      ctl('number', 'stock_ton', '库存'),
      ctl('table', 'goods', '货物', { tableColumns: [ctl('input', 'goods_name', '品名'), ctl('input_number', 'qty', '数量')] }),
    ],
    config: {},
  });
  expect((await page.request.post('/api/form/formconf/save', { data: { formName: blankName }, headers: HEADERS })).ok()).toBe(true);
  await page.goto(`${BASE}/automation/design/new`);
});
test.afterAll(() => page.close());

async function closeAsked(scopeTestId: string) {
  await drawer(page, scopeTestId).locator('.ant-drawer-close').click();
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: '关闭窗口数据将不会保存，是否关闭？' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('.ant-drawer-mask')).toHaveCount(0);
}

async function chooseForm(name: string) {
  const sf = dialog(page, '选择表单');
  await sf.getByPlaceholder('请输入表单名称').fill(name);
  await sf.getByRole('button', { name: '查询' }).click();
  await sf.locator('.ant-table-row', { hasText: name }).click();
}

test('触发器：三条提示、关闭确认，流程保存前检查每个节点', async () => {
  await button(page, '保存').click();
  await expectMessage(page, '触发器：请选择触发类型');

  await nodeNamed(page, '触发器').click();
  const trig = drawer(page, 'trigger-drawer');
  // Closing unsaved asks; 取消 keeps the drawer.
  await trig.locator('.ant-drawer-close').click();
  const ask = page.locator('.ant-modal-confirm').filter({ hasText: '关闭窗口数据将不会保存，是否关闭？' });
  await ask.getByRole('button', { name: '取消' }).click();
  await expect(trig).toBeVisible();

  await button(trig, '下一步').click();
  await button(trig, '下一步').click();
  await button(trig, '保存').click();
  const tip = page.locator('.ant-notification-notice').filter({ hasText: '提示' });
  await expect(tip.filter({ hasText: '请选择触发类型' })).toBeVisible();
  await button(trig, '上一步').click();
  await button(trig, '上一步').click();
  await radio(trig, '表单').click();
  await button(trig, '下一步').click();
  await button(trig, '保存').click();
  await expect(tip.filter({ hasText: '请选择关联表单或其他触发类型' })).toBeVisible();
  await button(trig, '上一步').click();
  await trig.getByPlaceholder('请输入表单名称').fill(triggerName);
  await trig.getByRole('button', { name: '查询' }).click();
  await trig.locator('.ant-table-row', { hasText: triggerName }).click();
  await button(trig, '保存').click();
  await expect(tip.filter({ hasText: '请选择触发事件' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}-trigger.png` });
  await radio(trig, '修改数据').click();
  await button(trig, '保存').click();
  await expect(nodeNamed(page, '触发器')).not.toHaveClass(/is-error/);

  // The flow's check names the first node that still fails.
  await addAfter(page, nodeNamed(page, '触发器'), '动作');
  await button(page, '保存').click();
  await expectMessage(page, '动作：请选择动作类型');
});

test('表单动作：步骤提示、选择表单、过滤条件、字段与子表单的检查', async () => {
  await nodeNamed(page, '动作').click();
  const act = drawer(page, 'action-drawer');
  await button(act, '下一步').click();
  await expectMessage(page, '请选择动作类型');
  await radio(act, '表单动作').click();
  await button(act, '下一步').click();
  await button(act, '下一步').click();
  await expectMessage(page, '请选择动作');
  await radio(act, '修改数据').click();
  await button(act, '下一步').click();
  await button(act, '保存').click();
  await expectMessage(page, '请选择表单');

  await button(act, '选择表单').click();
  await chooseForm(triggerName);
  await expectMessage(page, '你选择表单和触发器相同，请重新选择');
  await chooseForm(blankName);
  await expectMessage(page, '你选择表单有问题，请重新选择');
  await chooseForm(targetName);
  await expect(act.getByTestId('target-form')).toHaveText(targetName);
  await button(act, '保存').click();
  await expectMessage(page, '请设置主表单条件');

  await button(act, '设置条件').click();
  const filter = dialog(page, '主表单条件');
  await addRow(filter, '添加条件', filter.getByTestId('filter-item'), 1);
  await button(filter, '确定').click();
  await expectMessage(page, '请检查添加条件是否正确');
  await pick(page, filter, '字段', '企业名称');
  await pick(page, filter, '匹配方式', '等于');
  await button(filter, '确定').click();
  await expectMessage(page, '请检查添加条件是否正确');
  await filter.getByLabel('值', { exact: true }).fill('宜化化工');
  await page.screenshot({ path: `${SHOTS}-filter.png` });
  await button(filter, '确定').click();
  await expect(filter).toHaveCount(0);

  await button(act, '选择字段').click();
  const cols = dialog(page, '选择字段');
  await cols.getByRole('checkbox', { name: '库存' }).check();
  await button(cols, '确定').click();
  await button(act, '保存').click();
  await expectMessage(page, '请输入库存');
  await act.getByLabel('库存的值').fill('5');
  await button(act, '保存').click();
  await expectMessage(page, '请选择条件');
  await pick(page, act, '计算方式', '减');

  await pick(page, act, '货物操作', '修改');
  await button(act, '保存').click();
  await expectMessage(page, '请设置子表单条件');
  await pick(page, act, '货物操作', '不操作');
  await button(act, '保存').click();
  await expect(nodeNamed(page, '动作')).toContainText(`修改数据：${targetName}`);
});

test('消息动作与接收人：每一项必填和每种接收人的检查', async () => {
  await addAfter(page, nodeNamed(page, '动作'), '动作');
  const msgNode = page.getByTestId('flow-canvas').locator('[data-testid="flow-node"]').filter({ hasText: '请设置动作' });
  await msgNode.click();
  const act = drawer(page, 'action-drawer');
  await radio(act, '消息动作').click();
  await button(act, '下一步').click();
  await radio(act, '消息').click();
  await button(act, '下一步').click();
  await button(act, '保存').click();
  await expectMessage(page, '请输入标题');
  await act.getByRole('textbox', { name: '标题' }).fill('车辆 ${plate_no}');
  await button(act, '保存').click();
  await expectMessage(page, '请输入内容');
  await act.getByRole('textbox', { name: '内容' }).fill('到达');
  // 跳转地址 is optional (issue 42): left empty, the next check is the recipients'.
  await expect(act.getByRole('textbox', { name: '跳转地址' })).toHaveValue('');
  await button(act, '保存').click();
  await expectMessage(page, '请添加指定人');

  await button(act, '设置接收人').click();
  const rd = dialog(page, '设置接收人');
  const refuse = async (type: string, text: string) => {
    if (type) await radio(rd, type).click();
    await button(rd, '确定').click();
    await expectMessage(page, text);
  };
  await refuse('角色', '请添加角色');
  await refuse('指定人员', '请添加指定人');
  await refuse('主管', '请添加主管');
  await refuse('表单中的人员', '请选择表单信息');
  await radio(rd, '组织+角色').click();
  await button(rd, '添加').click();
  await refuse('', '请选择角色');
  await pick(page, rd, '角色', '园区管理员');
  await refuse('', '请选择组织');
  await radio(rd, '表单中人员所在组织+角色').click();
  await button(rd, '添加').click();
  await pick(page, rd, '角色', '园区管理员');
  await refuse('', '请选择表单中字段');
  await radio(rd, '条件+接收人').click();
  await button(rd, '添加条件组').click();
  await refuse('', '请选择条件组1字段');
  await pick(page, rd, '条件组1字段', '载重');
  await refuse('', '请选择条件组1条件');
  await rd.getByRole('combobox', { name: '条件组1条件' }).click();
  await chooseOption(page, '大于等于');
  await refuse('', '请选择条件组1条件');
  await page.screenshot({ path: `${SHOTS}-recipient.png` });
  await radio(rd, '发起人').click();
  await button(rd, '确定').click();
  await expect(act.getByTestId('recipient-summary')).toHaveText('发起人');
  await button(act, '保存').click();
  await expect(msgNode).toHaveCount(0);
});

test('条件分支：字段条件与字段更新条件的检查，未保存关闭时询问', async () => {
  await addAfter(page, nodeNamed(page, '触发器'), '条件分支');
  await nodeNamed(page, '条件1').click();
  const cond = drawer(page, 'condition-drawer');
  await cond.getByRole('button', { name: '编辑操作数据字段条件' }).click();
  const fc = dialog(page, '操作数据字段条件');
  await addRow(fc, '添加条件', fc.getByTestId('cond-row'), 1);
  await button(fc, '确定').click();
  await expectMessage(page, '请检查添加条件是否正确');
  await pick(page, fc, '字段', '到达日期');
  await pick(page, fc, '匹配方式', '几天前');
  await fc.getByLabel('值', { exact: true }).fill('两天');
  await button(fc, '确定').click();
  await expectMessage(page, '相对日期条件请输入整数');
  await fc.getByLabel('值', { exact: true }).fill('2');
  // A nested field group, and a group relation.
  await button(fc, '添加字段组').click();
  await expect(fc.getByTestId('nested-group')).toHaveCount(1);
  await pick(page, fc.getByTestId('nested-group'), '字段', '车牌号');
  await pick(page, fc.getByTestId('nested-group'), '匹配方式', '为空');
  await page.screenshot({ path: `${SHOTS}-field-conditions.png` });
  await button(fc, '确定').click();
  await expect(cond.getByTestId('cond-card-fields')).toContainText('已设置 2 个条件');

  await cond.getByRole('button', { name: '编辑数据字段更新条件' }).click();
  const fu = dialog(page, '数据字段更新条件');
  await addRow(fu, '添加字段', fu.getByTestId('update-row'), 1);
  await button(fu, '保存').click();
  await expectMessage(page, '请完善字段更新条件');
  await pick(page, fu, '字段', '车牌号');
  await pick(page, fu, '变化方式', '从指定值变为指定值');
  await fu.getByLabel('变化前的值').fill('甲');
  await button(fu, '保存').click();
  await expectMessage(page, '请完善字段更新条件');
  await fu.getByLabel('变化后的值').fill('乙');
  await button(fu, '保存').click();
  await expect(cond.getByTestId('cond-card-updates')).toContainText('已设置 1 个条件');
  // Closing without 保存 asks, and loses the edits.
  await closeAsked('condition-drawer');
  await expect(nodeNamed(page, '条件1')).toContainText('请设置条件');
});

test('保存时提示循环触发；有执行中的记录时不能删除', async () => {
  const x = await createForm(page.request, `循环甲-${stamp}`, { list: [ctl('input', 'a', '甲')], config: {} });
  const y = await createForm(page.request, `循环乙-${stamp}`, { list: [ctl('input', 'b', '乙')], config: {} });
  const flow = (name: string, from: number, to: number, model: string) => ({
    flowName: name,
    nodeConfig: {
      nodeName: '触发器', type: 0, conf: { triggerType: 'form', destId: from, event: 'insert' },
      childNode: { nodeName: '写入', type: 1, conf: { actionType: 'formTask', action: 'insert', formConf: { formId: to, columns: [{ model, type: '0', value: '1' }] } }, childNode: null },
    },
  });
  const save = async (body: unknown) => (await (await page.request.post('/api/automation/flow/save', { data: body, headers: HEADERS })).json()).id as number;
  const a = await save(flow(`循环A-${stamp}`, x, y, 'b'));
  await save(flow(`循环B-${stamp}`, y, x, 'a'));

  await page.goto(`${BASE}/automation/flow`);
  const rowA = page.locator('.ant-table-row').filter({ hasText: `循环A-${stamp}` });
  await button(rowA, '编辑').click();
  await expect(page).toHaveURL(`${BASE}/automation/design/${a}`);
  await button(page, '保存').click();
  const warning = page.locator('.ant-modal-confirm').filter({ hasText: '循环触发提醒' });
  await expect(warning).toContainText(`自动化之间存在循环触发：循环A-${stamp} → 循环B-${stamp} → 循环A-${stamp}`);
  await page.screenshot({ path: `${SHOTS}-loop.png` });
  await warning.getByRole('button', { name: '知道了' }).click();
  // A saved flow keeps its trigger: the drawer offers 退出.
  await nodeNamed(page, '触发器').click();
  await button(drawer(page, 'trigger-drawer'), '退出').click();
  await expect(page.locator('.ant-drawer-mask')).toHaveCount(0);

  // 启用/停用 from the list: B stops, so the loop cannot run.
  await page.goto(`${BASE}/automation/flow`);
  await page.getByRole('switch', { name: `循环B-${stamp}启用` }).click();
  await expectMessage(page, '已停用');
  await expect(page.getByRole('switch', { name: `循环B-${stamp}启用` })).not.toBeChecked();
  expect((await withDb((c) => c.query(`select status from auto_flow where flow_name = $1`, [`循环B-${stamp}`]))).rows[0].status).toBe(0);

  await withDb((c) =>
    c.query(
      `insert into auto_execution (flow_id, version_id, event_id, form_id, record_id, event, status)
       select id, version_id, -id, form_id, 1, 'insert', 'running' from auto_flow where id = $1`,
      [a],
    ),
  );
  await page.goto(`${BASE}/automation/flow`);
  await button(rowA, '删除').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
  await expectMessage(page, '该自动化有正在执行的记录，请等执行结束后再删除');
  await expect(rowA).toHaveCount(1);
  await withDb((c) => c.query(`update auto_execution set status = 'success' where flow_id = $1`, [a]));
  await button(rowA, '删除').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '确定' }).click();
  await expectMessage(page, '删除成功');
  await expect(rowA).toHaveCount(0);
});

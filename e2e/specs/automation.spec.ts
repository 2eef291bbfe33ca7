import { expect, test, type Page } from '@playwright/test';
import { BASE, loginAsAdmin, withDb } from '../support/fixtures.ts';
import { button, chooseOption, confirm, createForm, dialog, field, toast } from '../support/forms.ts';

/*
 * 自动化 › 执行记录 (issue 18) in Chromium through the real server, whose automation engine runs:
 * a record added through the form's 新增 dialog triggers two flows; the execution list shows the one
 * that succeeded and the one that failed (the stock would go below 0) with its reason; the detail
 * shows each node; after the stock is raised, 重试 runs the failed node again and it succeeds.
 */

const SCREENS = '/tmp/i18-automation';
const HEADERS = { 'X-Requested-With': 'XMLHttpRequest' };
const input = (model: string, name: string, options: Record<string, unknown> = {}) => ({ type: 'input', key: `k_${model}`, model, name, options, rules: [] });

async function saveFlow(page: Page, body: unknown): Promise<number> {
  const res = await page.request.post('/api/automation/flow/save', { data: body, headers: HEADERS });
  const json = await res.json();
  expect(json.errCode, JSON.stringify(json)).toBe(0);
  return json.id as number;
}

function flow(trigger: number, name: string, action: Record<string, unknown>) {
  return {
    flowName: name,
    nodeConfig: {
      nodeId: 'trigger', nodeName: '触发器', type: 0, conf: { triggerType: 'form', destId: trigger, event: 'insert' },
      childNode: {
        nodeId: 'route', nodeName: '路由', type: 3, childNode: null,
        conditionNodes: [
          { nodeId: 'hazard', nodeName: '危化品', type: 2, priorityLevel: 1, childNode: { nodeId: 'act', nodeName: action.nodeName, type: 1, conf: action.conf, childNode: null },
            conf: { condition: { fieldConds: { condType: 'and', conditions: [{ condType: 'and', conds: [{ model: 'is_hazard', matchType: '$eq', value: '是' }] }] }, fieldUpdateConds: [] } } },
          { nodeId: 'other', nodeName: '其他情况', type: 2, priorityLevel: 2, conf: {}, childNode: null },
        ],
      },
    },
  };
}

const rows = (page: Page) => page.locator('.list-page .ant-table-tbody tr.ant-table-row');

test.describe('自动化执行记录', () => {
  test('新增一条记录后，执行记录列出成功与失败的执行，失败的可查看原因并重试', async ({ page }) => {
    // Forms, flows, a record and two waits for the engine: more than the default 30 s on a busy machine.
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    const stamp = Date.now();
    const vehicle = await createForm(page.request, `车辆入园-${stamp}`, {
      list: [input('plate_no', '车牌号', { required: true }), input('company_name', '企业名称'), { type: 'radio', key: 'k_h', model: 'is_hazard', name: '是否危化品', rules: [], options: { options: [{ value: '是', label: '是' }, { value: '否', label: '否' }] } }],
      config: {},
    });
    const ledger = await createForm(page.request, `入园台账-${stamp}`, { list: [input('plate_no', '车牌号', { required: true }), input('source', '来源')], config: {} });
    const stock = await createForm(page.request, `企业库存-${stamp}`, {
      list: [input('company_name', '企业名称', { required: true }), { type: 'number', key: 'k_s', model: 'stock_ton', name: '库存', rules: [], options: { enableMinMax: true, min: 0, max: 100000 } }],
      config: {},
    });
    await page.request.post(`/api/form/addformdata/${stock}`, { form: { company_name: '宜化化工', stock_ton: '0' }, headers: HEADERS });
    const ledgerFlow = `登记台账-${stamp}`;
    const stockFlow = `扣减库存-${stamp}`;
    await saveFlow(page, flow(vehicle, ledgerFlow, { nodeName: '登记台账', conf: { actionType: 'formTask', action: 'insert', formConf: { formId: ledger, columns: [{ model: 'plate_no', type: '1', value: '${plate_no}' }, { model: 'source', type: '0', value: '自动登记' }] } } }));
    await saveFlow(page, flow(vehicle, stockFlow, { nodeName: '扣减库存', conf: { actionType: 'formTask', action: 'update', formConf: { formId: stock,
      filter: [{ model: 'company_name', condType: 0, conds: [{ matchType: '$eq', value: '${company_name}', valueType: 1 }] }],
      columns: [{ model: 'stock_ton', cType: 'number', name: '库存', type: '0', value: '5', formula: 'subtract' }] } } }));

    // A person adds the record through the form's own 新增 dialog.
    await page.goto(`${BASE}/form/list/${vehicle}`);
    await page.getByRole('button', { name: '新增' }).click();
    const add = dialog(page, /新增/);
    await expect(add).toBeVisible();
    await field(add, 'plate_no').locator('input').fill('鄂E2E001');
    await field(add, 'company_name').locator('input').fill('宜化化工');
    await field(add, 'is_hazard').getByText('是', { exact: true }).click();
    await button(add, '保存').click();
    await confirm(page, '确认保存吗？');
    await expect(toast(page, '保存成功')).toBeVisible();

    // 自动化 › 执行记录, from the menu.
    await page.getByTestId('top-bar').getByRole('link', { name: '自动化' }).hover();
    await page.getByRole('menuitem', { name: '执行记录' }).click();
    await expect(page).toHaveURL(`${BASE}/automation/execution`);
    await expect(page.locator('.list-page .ant-card-head-title')).toHaveText('执行记录');
    const ledgerRow = rows(page).filter({ hasText: ledgerFlow });
    const stockRow = rows(page).filter({ hasText: stockFlow });
    await expect(async () => {
      await button(page, '刷新').click();
      await expect(ledgerRow).toContainText('成功', { timeout: 1000 });
      await expect(stockRow).toContainText('失败', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(stockRow).toContainText('请输入0到100000之间的数字');
    await expect(ledgerRow).toContainText('新增');
    await page.screenshot({ path: `${SCREENS}-list.png`, fullPage: true });
    expect(await withDb(async (c) => (await c.query(`select plate_no, source from "form_${ledger}"`)).rows)).toEqual([{ plate_no: '鄂E2E001', source: '自动登记' }]);

    // Filter by status.
    const statusSelect = page.locator('.admin-filter .ant-form-item').filter({ hasText: '状态' }).locator('.ant-select');
    await statusSelect.click();
    await chooseOption(page, '失败');
    await expect(statusSelect).toContainText('失败');
    await button(page, '查询').click();
    await expect(rows(page).filter({ hasText: stockFlow })).toHaveCount(1);
    await expect(rows(page).filter({ hasText: ledgerFlow })).toHaveCount(0);

    // The detail: each node with its outcome; the failed one with its reason.
    await button(stockRow, '详情').click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '执行详情' });
    await expect(drawer).toBeVisible();
    await expect(drawer.locator('.ant-descriptions')).toContainText(stockFlow);
    const steps = drawer.locator('.ant-table-row');
    await expect(steps.filter({ hasText: '扣减库存（动作）' })).toContainText('失败');
    await expect(steps.filter({ hasText: '扣减库存（动作）' })).toContainText('请输入0到100000之间的数字');
    await page.screenshot({ path: `${SCREENS}-detail-failed.png` });

    // The stock is raised (as someone would in the stock form), then 重试 from the failed node.
    await withDb((c) => c.query(`update "form_${stock}" set stock_ton = 20`));
    await drawer.getByRole('button', { name: '重试' }).click();
    await expect(toast(page, '已提交重试')).toBeVisible();
    await drawer.locator('.ant-drawer-close').click();
    await button(page, '重置').click();
    await expect(async () => {
      await button(page, '刷新').click();
      await expect(stockRow).toContainText('成功', { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    expect(await withDb(async (c) => Number((await c.query(`select stock_ton from "form_${stock}"`)).rows[0].stock_ton))).toBe(15);

    await button(stockRow, '详情').click();
    await expect(steps.filter({ hasText: '扣减库存（动作）' })).toHaveCount(2);
    await steps.filter({ hasText: '扣减库存（动作）' }).filter({ hasText: '成功' }).locator('.ant-table-row-expand-icon').click();
    await expect(drawer.locator('.automation-step-io')).toContainText('"stock_ton"');
    await page.screenshot({ path: `${SCREENS}-detail-retried.png` });

    // The owner (admin) was told of the failure.
    const told = await withDb(async (c) => (await c.query(`select id from msg_message where big_type = 2 and small_type = 6 and title = $1`, [`自动化「${stockFlow}」执行失败`])).rows);
    expect(told).toHaveLength(1);
    // Read, so the other specs on this server see the administrator's unread count they expect.
    await withDb((c) => c.query(`update msg_message set read_status = '1' where id = $1`, [told[0].id]));
  });

  test('组织机构里为组织设置主管，消息按主管选择接收人时用它', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto(`${BASE}/system/org`);
    await page.getByTestId('org-tree').getByText('安全监管科', { exact: true }).click();
    await button(page, '编辑').click();
    const d = page.getByRole('dialog', { name: '编辑组织' });
    await expect(d).toBeVisible();
    const leader = d.getByLabel('主管');
    await leader.click();
    await leader.fill('系统管理员');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '系统管理员' }).click();
    await d.getByRole('button', { name: '保存' }).click();
    await expect(d).toHaveCount(0);
    await expect(page.locator('.org-descriptions')).toContainText('主管系统管理员');
    await page.screenshot({ path: `${SCREENS}-org-leader.png` });
    expect(await withDb(async (c) => (await c.query(`select leader_id::int as l from sys_org where org_name = '安全监管科'`)).rows[0].l)).toBe(1);
    await withDb((c) => c.query(`update sys_org set leader_id = null where org_name = '安全监管科'`));
  });
});

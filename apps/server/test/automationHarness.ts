/**
 * Shared by the automation crash test (automationFault.ts) and bench/automation.ts: the forms and
 * flows they run, on a server reached over HTTP, and events written straight into PostgreSQL the
 * way the form module's batched insert writes them (record and form_event in one statement).
 */
import type pg from 'pg';
import { postJson, type Session } from './importExportHarness.ts';

const input = (model: string, name: string, options: Record<string, unknown> = {}) => ({ type: 'input', key: `k_${model}`, model, name, options, rules: [] });
const number = (model: string, name: string) => ({ type: 'input_number', key: `k_${model}`, model, name, options: {}, rules: [] });

export async function createForm(s: Session, name: string, list: unknown[]): Promise<number> {
  const { formId } = (await postJson(s, '/api/form/formconf/save', { formName: name })) as { formId: number };
  await postJson(s, '/api/form/saveformdesign', { formId, formMeta: { list, config: {} } });
  return formId;
}

/** 车辆入园 (the trigger), 入园台账 (written by insert flows), 企业库存 (written by update flows). */
export async function createAutomationForms(s: Session): Promise<{ vehicle: number; ledger: number; stock: number }> {
  const vehicle = await createForm(s, '车辆入园（压测）', [input('plate_no', '车牌号', { required: true }), input('company_name', '企业名称'), number('load_ton', '载重'), input('is_hazard', '是否危化品')]);
  const ledger = await createForm(s, '入园台账（压测）', [input('plate_no', '车牌号', { required: true }), number('load_ton', '载重'), input('source', '来源')]);
  const stock = await createForm(s, '企业库存（压测）', [input('company_name', '企业名称', { required: true }), number('stock_ton', '库存')]);
  return { vehicle, ledger, stock };
}

const trigger = (formId: number, child: unknown) => ({ nodeId: 'trigger', nodeName: '触发器', type: 0, conf: { triggerType: 'form', destId: formId, event: 'insert' }, childNode: child });
const route = (conds: unknown[], chain: unknown) => ({
  nodeId: 'route', nodeName: '路由', type: 3, childNode: null,
  conditionNodes: [
    { nodeId: 'c1', nodeName: '条件1', type: 2, priorityLevel: 1, conf: { condition: { fieldConds: { condType: 'and', conditions: [{ condType: 'and', conds }] }, fieldUpdateConds: [] } }, childNode: chain },
    { nodeId: 'c2', nodeName: '条件2', type: 2, priorityLevel: 2, conf: { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } }, childNode: null },
  ],
});

/** Crash test flow: a ledger row per hazardous vehicle and a message to the administrator. */
export async function saveLedgerFlow(s: Session, forms: { vehicle: number; ledger: number }): Promise<number> {
  const msg = { nodeId: 'msg', nodeName: '通知', type: 1, childNode: null, conf: { actionType: 'msgTask', title: '入园：${plate_no}', content: '${company_name}', menuUrl: '/home', recipient: { type: 1, person: [{ id: 1, name: '系统管理员', type: 1 }] } } };
  const insert = { nodeId: 'ledger', nodeName: '登记台账', type: 1, childNode: msg, conf: { actionType: 'formTask', action: 'insert', formConf: { formId: forms.ledger, columns: [
    { model: 'plate_no', type: '1', value: '${plate_no}' }, { model: 'load_ton', type: '1', value: '${load_ton}' }, { model: 'source', type: '0', value: '自动登记' },
  ] } } };
  const res = (await postJson(s, '/api/automation/flow/save', { flowName: '台账登记（压测）', nodeConfig: trigger(forms.vehicle, route([{ model: 'is_hazard', matchType: '$eq', value: '是' }], insert)) })) as { id: number };
  return res.id;
}

/** Benchmark flow (issue 18): one condition, one update action on another form (stock = stock − load). */
export async function saveStockFlow(s: Session, forms: { vehicle: number; stock: number }): Promise<number> {
  const update = { nodeId: 'stock', nodeName: '扣减库存', type: 1, childNode: null, conf: { actionType: 'formTask', action: 'update', formConf: { formId: forms.stock,
    filter: [{ model: 'company_name', condType: 0, conds: [{ matchType: '$eq', value: '${company_name}', valueType: 1 }] }],
    columns: [{ model: 'stock_ton', cType: 'input_number', type: '1', value: '${load_ton}', formula: 'subtract' }] } } };
  const res = (await postJson(s, '/api/automation/flow/save', { flowName: '扣减库存（压测）', nodeConfig: trigger(forms.vehicle, route([{ model: 'is_hazard', matchType: '$eq', value: '是' }], update)) })) as { id: number };
  return res.id;
}

/**
 * `n` vehicle records with their insert events in one statement, as InsertBatcher writes them: the
 * form_event trigger creates their executions in the same transaction. Plates are unique
 * (`prefix` + number); companies cycle through `companies`.
 */
export async function insertVehicles(db: pg.Pool | pg.Client, vehicle: number, n: number, prefix: string, companies = 1): Promise<void> {
  await db.query(
    `with r as (
       insert into "form_${vehicle}" (plate_no, company_name, load_ton, is_hazard, create_by, update_by)
       select $1 || g, '企业' || (g % $3), 1, '是', 1, 1 from generate_series(1, $2) g
       returning *)
     insert into form_event (form_id, record_id, op, after, actor_id)
     select $4, r.id, 'insert', to_jsonb(r), 1 from r`,
    [prefix, n, companies, vehicle],
  );
}

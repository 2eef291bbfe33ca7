import pino from 'pino';
import type { AutomationSettings } from '../../config.ts';
import type { TestApp } from '../../../test/testApp.ts';
import { AutomationEngine } from './engine.ts';

type Json = Record<string, unknown>;
let seq = 0;
const control = (type: string, name: string, model: string, options: Json = {}, extra: Json = {}): Json => ({
  type, name, key: `${type}_${++seq}`, model, options, rules: [], ...extra,
});

/** 危化品车辆入园登记, small: the trigger form of the tests. */
export function vehicleMeta(): Json {
  return {
    list: [
      control('input', '车牌号', 'plate_no', { required: true }),
      control('input', '企业名称', 'company_name'),
      control('input_number', '载重(吨)', 'load_ton'),
      control('radio', '是否危化品', 'is_hazard', { options: [{ value: '是', label: '是' }, { value: '否', label: '否' }] }),
      control('input', '状态', 'state'),
      control('user_select', '审核人', 'reviewer', {}, { label_model: 'reviewer_label' }),
      control('org_select', '部门', 'dept', {}, { label_model: 'dept_label' }),
      control('date', '到达日期', 'arrive_date'),
    ],
    config: { labelWidth: 100 },
  };
}

/** 入园车辆台账, with a sub-table of goods. */
export function ledgerMeta(): Json {
  return {
    list: [
      control('input', '车牌号', 'plate_no', { required: true }),
      control('input_number', '载重(吨)', 'load_ton'),
      control('input', '来源', 'source'),
      control('table', '货物', 'goods', {}, {
        tableColumns: [control('input', '品名', 'goods_name', { required: true }), control('input_number', '数量', 'qty')],
      }),
    ],
    config: {},
  };
}

/** 企业危化品库存: a stock that may not go below 0. */
export function stockMeta(): Json {
  return {
    list: [
      control('input', '企业名称', 'company_name', { required: true }),
      control('number', '库存(吨)', 'stock_ton', { enableMinMax: true, min: 0, max: 100000 }),
    ],
    config: {},
  };
}

export async function createForm(t: TestApp, cookie: string, name: string, meta: Json): Promise<number> {
  const created = await t.call(cookie, 'POST', '/api/form/formconf/save', { formName: name, formType: '0' });
  const formId = created.json().formId as number;
  const design = await t.call(cookie, 'POST', '/api/form/saveformdesign', { formId, formMeta: JSON.stringify(meta) });
  if (design.json().errCode !== 0) throw new Error(`design refused: ${design.body}`);
  return formId;
}

/** A form-encoded record post, as the browser sends it; returns the reply's businessId. */
async function postRecord(t: TestApp, cookie: string, url: string, fields: Record<string, string>): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  if (res.json().errCode !== 0) throw new Error(`record refused: ${res.body}`);
  return res.json().businessId as number;
}

export const addRecord = (t: TestApp, cookie: string, formId: number, fields: Record<string, string>) =>
  postRecord(t, cookie, `/api/form/addformdata/${formId}`, fields);

export const updateRecord = async (t: TestApp, cookie: string, formId: number, fields: Record<string, string>) => {
  await postRecord(t, cookie, `/api/form/updateformdata/${formId}`, fields);
};

export const TEST_AUTOMATION: AutomationSettings = { maxDepth: 5, workers: 2, batch: 8, retryDelaysMs: [30, 30, 30], leaseMs: 1500, lockTimeoutMs: 300 };

export function testEngine(t: TestApp, settings: Partial<AutomationSettings> = {}): AutomationEngine {
  const ctx = t.booted.ctx;
  return new AutomationEngine({ db: ctx.db, forms: ctx.forms, records: ctx.records, settings: { ...TEST_AUTOMATION, ...settings }, logger: pino({ level: 'silent' }) });
}

/** Runs the engine until no execution is pending or running (retries included), or fails after `ms`. */
export async function runAll(t: TestApp, engine: AutomationEngine, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    await engine.drain();
    const left = await t.sql.query(`select count(*)::int as n from auto_execution where status in ('pending', 'running')`);
    if (left.rows[0].n === 0) return;
    if (Date.now() > until) throw new Error(`executions still open after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A flow's node tree: trigger → route(branch with conditions → actions…, 其他 branch). */
export function flow(triggerForm: number, event: string, actions: Json[], conditions: Json[] = [], updateConds: Json[] = []): Json {
  const chain = actions.reduceRight<Json | null>((child, a, i) => ({ nodeId: `act-${i + 1}`, nodeName: `动作${i + 1}`, type: 1, ...a, childNode: child }), null);
  return {
    nodeId: 'trigger', nodeName: '触发器', type: 0,
    conf: { triggerType: 'form', destId: triggerForm, destName: '', event },
    childNode: {
      nodeId: 'route', nodeName: '路由', type: 3, childNode: null,
      conditionNodes: [
        { nodeId: 'cond-1', nodeName: '条件1', type: 2, priorityLevel: 1, conf: { condition: { fieldConds: { condType: 'and', conditions: conditions.length ? [{ condType: 'and', conds: conditions }] : [] }, fieldUpdateConds: updateConds } }, childNode: chain },
        { nodeId: 'cond-2', nodeName: '条件2', type: 2, priorityLevel: 2, conf: { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } }, childNode: null },
      ],
    },
  };
}

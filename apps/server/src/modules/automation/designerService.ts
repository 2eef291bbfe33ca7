import { sql, type Kysely } from 'kysely';
import { ACTION_DEFINITIONS, AUTOMATION_NODE_TYPES, formatDateTime, type FlowNode, type Recipient } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { AuthContext } from '../auth/index.ts';
import { dryRun, type DryRunDeps } from './executionService.ts';
import { queryFlows, type Page } from './flowService.ts';

/**
 * What the automation designer's screens need beyond the engine's calls (issue 19): the flow
 * list with each flow's last run and recent failures, a delete that waits for running
 * executions, and who a recipient rule names for a real record.
 */

/** 流程管理's rows: the engine's list plus the last execution and the failures of the last 24 hours. */
export async function queryFlowsWithRuns(db: Kysely<Database>, q: Page & { flowName?: string; formId?: string }) {
  const page = await queryFlows(db, q);
  const ids = page.datas.map((f) => String(f.id));
  if (ids.length === 0) return { ...page, datas: page.datas.map((f) => ({ ...f, lastRunTime: null, lastRunStatus: null, failedLastDay: 0 })) };
  const runs = await sql<{ flow_id: string; last_time: Date | null; last_status: string | null; failed: string }>`
    select f.id as flow_id, last.create_time as last_time, last.status as last_status,
      (select count(*) from auto_execution e
        where e.flow_id = f.id and e.status = 'failed' and e.create_time > now() - interval '1 day') as failed
    from unnest(${ids}::bigint[]) as f(id)
    left join lateral (select create_time, status from auto_execution e where e.flow_id = f.id order by e.id desc limit 1) last on true`.execute(db);
  const byId = new Map(runs.rows.map((r) => [String(r.flow_id), r]));
  return {
    ...page,
    datas: page.datas.map((f) => {
      const r = byId.get(String(f.id));
      return { ...f, lastRunTime: r?.last_time ? formatDateTime(r.last_time) : null, lastRunStatus: r?.last_status ?? null, failedLastDay: Number(r?.failed ?? 0) };
    }),
  };
}

/** Kept under the name the designer's route knows; the engine's delete call is guarded the same way. */
export { DELETE_WHILE_RUNNING, deleteFlow as deleteIdleFlow } from './flowService.ts';

export interface UserBrief {
  id: number;
  realName: string;
  username: string;
  orgName: string | null;
}

/** Names of users, in the order of `ids` (unknown ids are left out). */
export async function usersByIds(db: Kysely<Database>, ids: readonly string[]): Promise<UserBrief[]> {
  const list = [...new Set(ids.filter((x) => /^[1-9]\d{0,17}$/.test(x)))].slice(0, 500);
  if (list.length === 0) return [];
  const rows = await db
    .selectFrom('sys_user as u')
    .select(['u.id', 'u.real_name', 'u.username'])
    .select((eb) =>
      eb
        .selectFrom('sys_user_org as uo')
        .innerJoin('sys_org as o', 'o.id', 'uo.org_id')
        .select(sql<string>`string_agg(o.org_name, '、' order by o.id)`.as('n'))
        .whereRef('uo.user_id', '=', 'u.id')
        .as('org_name'),
    )
    .where('u.id', 'in', list)
    .execute();
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return list.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: Number(r.id), realName: r.real_name ?? r.username, username: r.username, orgName: r.org_name ?? null }] : [];
  });
}

/**
 * Who a message with this recipient rule would reach for record `businessId` of form `formId`:
 * the dry run of a one-action flow (the same resolution a run does), nothing written or sent.
 */
export async function previewRecipients(deps: DryRunDeps, auth: AuthContext, input: { formId: string; businessId: string; recipient: Recipient }) {
  const nodeConfig: FlowNode = {
    nodeId: 'preview-trigger',
    nodeName: '触发器',
    type: AUTOMATION_NODE_TYPES.trigger,
    conf: { triggerType: 'form', destId: Number(input.formId), event: 'insert' },
    childNode: {
      nodeId: 'preview-message',
      nodeName: '消息',
      type: AUTOMATION_NODE_TYPES.action,
      conf: { ...ACTION_DEFINITIONS.msgTask.template(), recipient: input.recipient },
      childNode: null,
    },
  };
  const plan = await dryRun(deps, auth, { nodeConfig, formId: input.formId, businessId: input.businessId, event: 'insert' });
  const effect = plan.effects[0] as { receivers?: unknown[]; error?: string } | undefined;
  if (effect?.error) return { receivers: [], error: effect.error };
  return { receivers: await usersByIds(deps.db, (effect?.receivers ?? []).map(String)), error: null };
}

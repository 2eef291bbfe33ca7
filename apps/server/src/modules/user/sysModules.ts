import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface SysFilter {
  sysName?: string;
  agentAccount?: string;
  status?: number;
  syn?: number;
}

/** The top bar's module list and the 子系统 screen (listSys), ordered as they show them; admin/systems edits them. */
export function listSys(db: Kysely<Database>, filter: SysFilter = {}) {
  let q = db
    .selectFrom('sys_module')
    .select(['id', 'sys_name', 'sys_url', 'status', 'order_index', 'sys_desc', 'sso', 'sso_mode', 'syn', 'agent_account', 'redirect_uris', 'logout_uris', 'webhook_url', 'secret_time']);
  if (filter.sysName) q = q.where(sql<boolean>`strpos(lower(sys_name), lower(${filter.sysName})) > 0`);
  if (filter.agentAccount) q = q.where(sql<boolean>`strpos(lower(agent_account), lower(${filter.agentAccount})) > 0`);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.syn !== undefined) q = q.where('syn', '=', filter.syn);
  return q.orderBy('order_index').orderBy('id').execute();
}

import { sql, type Kysely, type Transaction } from 'kysely';
import type { AutoReportFrequency, AutoReportInput, AutoReportRecipients, AutoReportTarget } from '@park/core';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A schedule as the runner and the list read it. */
export interface AutoReportRow {
  id: string;
  name: string;
  reportId: string;
  reportName: string;
  reportKind: string;
  target: AutoReportTarget;
  widgetId: string | null;
  frequency: AutoReportFrequency;
  recipients: AutoReportRecipients;
  enabled: boolean;
  subscription: boolean;
  ownerId: string;
  ownerName: string;
  companyId: string | null;
}

const json = <T>(x: unknown): T => (typeof x === 'string' ? JSON.parse(x) : x) as T;

function baseQuery(db: Db) {
  return db
    .selectFrom('auto_report as a')
    .innerJoin('report_def as r', 'r.id', 'a.report_id')
    .innerJoin('sys_user as u', 'u.id', 'a.owner_id')
    .select(['a.id', 'a.name', 'a.report_id', 'r.report_name', 'r.kind', 'a.target', 'a.widget_id', 'a.frequency', 'a.recipients', 'a.enabled', 'a.subscription', 'a.owner_id', 'u.real_name', 'u.username', 'a.company_id']);
}

type Raw = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];
const toRow = (r: Raw): AutoReportRow => ({
  id: String(r.id),
  name: r.name,
  reportId: String(r.report_id),
  reportName: r.report_name,
  reportKind: r.kind,
  target: r.target as AutoReportTarget,
  widgetId: r.widget_id,
  frequency: json(r.frequency),
  recipients: json(r.recipients),
  enabled: r.enabled,
  subscription: r.subscription,
  ownerId: String(r.owner_id),
  ownerName: r.real_name || r.username,
  companyId: r.company_id === null ? null : String(r.company_id),
});

/** The schedules of one tenant (null: the park's), or one owner's subscriptions. */
export async function listAutoReports(db: Db, where: { companyId: string | null; subscription: boolean; ownerId?: string }): Promise<AutoReportRow[]> {
  let q = baseQuery(db).where('a.subscription', '=', where.subscription);
  q = where.companyId === null ? q.where('a.company_id', 'is', null) : q.where('a.company_id', '=', where.companyId);
  if (where.ownerId) q = q.where('a.owner_id', '=', where.ownerId);
  return (await q.orderBy('a.id', 'desc').execute()).map(toRow);
}

export async function findAutoReport(db: Db, id: string): Promise<AutoReportRow | null> {
  const r = await baseQuery(db).where('a.id', '=', id).executeTakeFirst();
  return r ? toRow(r) : null;
}

export async function enabledAutoReports(db: Db): Promise<AutoReportRow[]> {
  return (await baseQuery(db).where('a.enabled', '=', true).orderBy('a.id').execute()).map(toRow);
}

export async function insertAutoReport(db: Db, v: AutoReportInput, owner: { id: string; companyId: string | null }, subscription: boolean): Promise<string> {
  const r = await db
    .insertInto('auto_report')
    .values({
      name: v.name,
      report_id: v.reportId,
      target: v.target,
      widget_id: v.widgetId,
      frequency: JSON.stringify(v.frequency),
      recipients: JSON.stringify(v.recipients),
      enabled: v.enabled,
      subscription,
      owner_id: owner.id,
      company_id: owner.companyId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(r.id);
}

/** An edit keeps the owner: the schedule still renders with the rights of whoever created it. */
export async function updateAutoReport(db: Db, id: string, v: AutoReportInput): Promise<void> {
  await db
    .updateTable('auto_report')
    .set({ name: v.name, report_id: v.reportId, target: v.target, widget_id: v.widgetId, frequency: JSON.stringify(v.frequency), recipients: JSON.stringify(v.recipients), enabled: v.enabled, update_time: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setEnabled(db: Db, id: string, enabled: boolean): Promise<void> {
  await db.updateTable('auto_report').set({ enabled, update_time: sql<Date>`now()` }).where('id', '=', id).execute();
}

export async function deleteAutoReport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('auto_report').where('id', '=', id).execute();
}

/** True for the one transaction (of any instance) that inserts the period; a second waits, then finds it. */
export async function claimPeriod(trx: Transaction<Database>, id: string, period: string): Promise<boolean> {
  const r = await trx.insertInto('auto_report_period').values({ auto_report_id: id, period }).onConflict((oc) => oc.doNothing()).returning('period').executeTakeFirst();
  return r !== undefined;
}

/**
 * The users the recipients name, active and inside `tenant` (null: platform users only): a role or
 * an organisation of the park never reaches a tenant's users, nor the other way round.
 */
export async function resolveRecipients(db: Db, rec: AutoReportRecipients, tenant: string | null): Promise<string[]> {
  const none = ['0'];
  const r = await sql<{ id: string }>`
    select u.id from sys_user u
    where u.status = 0
      and ${tenant === null ? sql`u.user_type = 0` : sql`u.company_id = ${tenant}`}
      and (u.id = any(${rec.users.length ? rec.users : none}::bigint[])
        or u.id in (select user_id from sys_user_role where role_id = any(${rec.roles.length ? rec.roles : none}::bigint[]))
        or u.id in (select user_id from sys_user_org where org_id = any(${rec.orgs.length ? rec.orgs : none}::bigint[])))
    order by u.id`.execute(db);
  return r.rows.map((x) => String(x.id));
}

/** The named users who are outside `tenant` (or do not exist): the save refuses them. */
export async function usersOutside(db: Db, userIds: readonly string[], tenant: string | null): Promise<string[]> {
  if (userIds.length === 0) return [];
  const inside = await db
    .selectFrom('sys_user')
    .select('id')
    .where('id', 'in', userIds)
    .where((eb) => (tenant === null ? eb('user_type', '=', 0) : eb('company_id', '=', tenant)))
    .execute();
  const ok = new Set(inside.map((u) => String(u.id)));
  return userIds.filter((id) => !ok.has(id));
}

/** Roles and organisations a tenant may name: its own (sys_role.company_id / sys_org.company_id), the park its own. */
export async function foreignRolesOrOrgs(db: Db, rec: AutoReportRecipients, tenant: string | null): Promise<boolean> {
  const check = async (table: 'sys_role' | 'sys_org', ids: string[]) => {
    if (ids.length === 0) return false;
    const r = await sql<{ n: number }>`select count(*)::int n from ${sql.table(table)} where id = any(${ids}::bigint[]) and ${tenant === null ? sql`company_id is null` : sql`company_id = ${tenant}`}`.execute(db);
    return r.rows[0]!.n !== ids.length;
  };
  return (await check('sys_role', rec.roles)) || (await check('sys_org', rec.orgs));
}

export interface LogEntry {
  autoReportId: string;
  period: string;
  trigger: 'schedule' | 'manual';
  receiverIds: string[];
  result: '成功' | '失败';
  error: string | null;
  fileId: string | null;
}

export async function writeLog(db: Db, e: LogEntry): Promise<void> {
  await db
    .insertInto('auto_report_log')
    .values({ auto_report_id: e.autoReportId, period: e.period, trigger: e.trigger, receiver_ids: JSON.stringify(e.receiverIds), result: e.result, error: e.error, file_id: e.fileId })
    .execute();
}

export async function logPage(db: Db, id: string, pageNum: number, pageSize: number) {
  const rows = await db
    .selectFrom('auto_report_log')
    .selectAll()
    .where('auto_report_id', '=', id)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const total = await db.selectFrom('auto_report_log').select((eb) => eb.fn.countAll<string>().as('n')).where('auto_report_id', '=', id).executeTakeFirstOrThrow();
  const ids = [...new Set(rows.flatMap((r) => json<string[]>(r.receiver_ids).map(String)))];
  const names = ids.length ? await db.selectFrom('sys_user').select(['id', 'real_name', 'username']).where('id', 'in', ids).execute() : [];
  const nameOf = new Map(names.map((u) => [String(u.id), u.real_name || u.username]));
  return { rows: rows.map((r) => ({ ...r, receivers: json<string[]>(r.receiver_ids).map((id) => nameOf.get(String(id)) ?? String(id)) })), total: Number(total.n) };
}

/** The receivers of a delivered file: they, and no one else but its owner (its uploader), may read it. */
export async function grantFile(db: Db, fileId: string, receiverIds: readonly string[]): Promise<void> {
  if (receiverIds.length === 0) return;
  await db.insertInto('auto_report_file').values(receiverIds.map((r) => ({ file_id: fileId, receiver_id: r }))).onConflict((oc) => oc.doNothing()).execute();
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** SQL of 报表管理 (issue 22): groups, and the lifecycle of report definitions. */

export function listGroups(db: Kysely<Database>) {
  return sql<{ id: string; name: string; order_index: number; reports: number }>`
    select g.id, g.name, g.order_index, (select count(*)::int from report_def r where r.group_id = g.id) as reports
    from report_group g order by g.order_index, g.id`.execute(db);
}

export async function groupExists(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await db.selectFrom('report_group').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function groupNameTaken(db: Kysely<Database>, name: string, exceptId: string | null): Promise<boolean> {
  let q = db.selectFrom('report_group').select('id').where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertGroup(db: Kysely<Database>, name: string): Promise<string> {
  const order = await db.selectFrom('report_group').select((eb) => eb.fn.max('order_index').as('m')).executeTakeFirst();
  const next = order?.m === null || order?.m === undefined ? 0 : Number(order.m) + 1;
  return (await db.insertInto('report_group').values({ name, order_index: next }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function renameGroup(db: Kysely<Database>, id: string, name: string): Promise<boolean> {
  const r = await db.updateTable('report_group').set({ name }).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** The group goes; its reports stay, ungrouped (the foreign key sets them null). */
export async function deleteGroup(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('report_group').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export interface ReportListFilter {
  groupId: string | null | 'none';
  name: string;
}

export function listDefinitions(db: Kysely<Database>, f: ReportListFilter) {
  let q = db
    .selectFrom('report_def as r')
    .leftJoin('report_group as g', 'g.id', 'r.group_id')
    .select(['r.id', 'r.report_name', 'r.kind', 'r.group_id', 'g.name as group_name', 'r.version', 'r.update_time'])
    .select((eb) => eb.selectFrom('report_permission as p').select((e) => e.fn.countAll<string>().as('n')).whereRef('p.report_id', '=', 'r.id').as('roles'))
    .orderBy('r.id', 'desc')
    .limit(1000);
  if (f.groupId === 'none') q = q.where('r.group_id', 'is', null);
  else if (f.groupId) q = q.where('r.group_id', '=', f.groupId);
  if (f.name) q = q.where('r.report_name', 'ilike', `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return q.execute();
}

export async function createDefinition(db: Kysely<Database>, v: { name: string; kind: string; groupId: string | null; settingMeta: unknown; createBy: string }): Promise<string> {
  const row = await db
    .insertInto('report_def')
    .values({ report_name: v.name, kind: v.kind, group_id: v.groupId, setting_meta: JSON.stringify(v.settingMeta), create_by: v.createBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Rename or move; the version moves on, so cached definitions are read again. */
export async function updateDefinition(db: Kysely<Database>, id: string, set: { report_name?: string; group_id?: string | null; kind?: string }): Promise<boolean> {
  const r = await db
    .updateTable('report_def')
    .set((eb) => ({ ...set, version: eb('version', '+', 1), update_time: new Date() }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** A copy carries the design, group and kind; who may read it is granted again. */
export async function copyDefinition(db: Kysely<Database>, id: string, name: string, createBy: string): Promise<string | null> {
  const r = await sql<{ id: string }>`
    insert into report_def (report_name, setting_meta, group_id, kind, create_by)
    select ${name}, setting_meta, group_id, kind, ${createBy} from report_def where id = ${id}
    returning id`.execute(db);
  return r.rows[0]?.id ?? null;
}

/** Permissions and export jobs go with it (foreign keys cascade). */
export async function deleteDefinition(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('report_def').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { countOf, offsetOf, type PageQuery } from '../../plugins/paging.ts';
import { likeContains } from '../../plugins/scope.ts';

/** SQL of the report module's own tables (datasources, datasets, reports, permissions). */

export type ReportDatasourceRow = Awaited<ReturnType<typeof findDatasource>> & object;

export function findDatasource(db: Kysely<Database>, id: string) {
  return db.selectFrom('report_datasource').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listReportDatasources(db: Kysely<Database>) {
  return db.selectFrom('report_datasource').selectAll().orderBy('built_in', 'desc').orderBy('id').execute();
}

export async function insertReportDatasource(db: Kysely<Database>, row: Omit<Database['report_datasource'], 'id' | 'built_in' | 'create_time' | 'update_time'>) {
  return (await db.insertInto('report_datasource').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateReportDatasource(db: Kysely<Database>, id: string, row: Partial<Omit<Database['report_datasource'], 'id' | 'built_in' | 'create_time'>>) {
  const r = await db.updateTable('report_datasource').set({ ...row, update_time: new Date() }).where('id', '=', id).where('built_in', '=', false).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteReportDatasource(db: Kysely<Database>, id: string) {
  const r = await db.deleteFrom('report_datasource').where('id', '=', id).where('built_in', '=', false).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function datasetCountOf(db: Kysely<Database>, datasourceId: string) {
  const r = await db.selectFrom('report_dataset').select((eb) => eb.fn.countAll<string>().as('n')).where('datasource_id', '=', datasourceId).executeTakeFirstOrThrow();
  return Number(r.n);
}

export function findDataset(db: Kysely<Database>, id: string) {
  return db.selectFrom('report_dataset').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listDatasets(db: Kysely<Database>, name: string | null) {
  let q = db.selectFrom('report_dataset').select(['id', 'name', 'datasource_id', 'form_id', 'version', 'update_time']).orderBy('id', 'desc');
  if (name) q = q.where('name', 'ilike', name);
  return q.limit(1000).execute();
}

export function findReport(db: Kysely<Database>, id: string) {
  return db.selectFrom('report_def').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A page of reports in the original client's list (its 报表 screen): who created each, whether a
 * menu publishes it (our 发布 adds a ReportCustom menu at /report/view/{id}) and whether it has
 * widgets. The last editor is not recorded, so the creator's name stands for it.
 */
export async function pageReports(db: Kysely<Database>, f: PageQuery & { reportName?: string | undefined }) {
  let base = db.selectFrom('report_def as r');
  if (f.reportName) base = base.where('r.report_name', 'ilike', likeContains(f.reportName));
  const [rows, total] = await Promise.all([
    base
      .leftJoin('sys_user as u', 'u.id', 'r.create_by')
      .select(['r.id', 'r.report_name', 'r.update_time', 'u.real_name'])
      .select(sql<boolean>`coalesce(jsonb_array_length(case when jsonb_typeof(r.setting_meta -> 'widgets') = 'array' then r.setting_meta -> 'widgets' end), 0) > 0`.as('has_widgets'))
      .select((eb) =>
        eb
          .exists(eb.selectFrom('sys_menu as m').select('m.id').where('m.component', '=', 'ReportCustom').where('m.path', '=', sql<string>`'/report/view/' || r.id`))
          .as('published'),
      )
      .orderBy('r.update_time', 'desc')
      .orderBy('r.id', 'desc')
      .limit(f.pageSize)
      .offset(offsetOf(f))
      .execute(),
    countOf(base),
  ]);
  return { rows, total };
}

export function listReports(db: Kysely<Database>) {
  return db.selectFrom('report_def').select(['id', 'report_name', 'version', 'update_time']).orderBy('id', 'desc').limit(1000).execute();
}

export async function reportRoleIds(db: Kysely<Database>, reportId: string): Promise<string[]> {
  const rows = await db.selectFrom('report_permission').select('role_id').where('report_id', '=', reportId).execute();
  return rows.map((r) => r.role_id);
}

export async function replaceReportRoles(db: Kysely<Database>, reportId: string, roleIds: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('report_permission').where('report_id', '=', reportId).execute();
    if (roleIds.length > 0) await trx.insertInto('report_permission').values(roleIds.map((role_id) => ({ report_id: reportId, role_id }))).execute();
  });
}

export interface DatasetValues {
  name: string;
  datasource_id: string;
  ds_meta: string;
  form_id: string | null;
}

export async function insertDataset(db: Kysely<Database>, values: DatasetValues, createBy: string): Promise<string> {
  return (await db.insertInto('report_dataset').values({ ...values, create_by: createBy }).returning('id').executeTakeFirstOrThrow()).id;
}

/** A new version: cached results of the old one are never read again. */
export async function updateDataset(db: Kysely<Database>, id: string, values: Partial<DatasetValues>): Promise<void> {
  await db
    .updateTable('report_dataset')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), update_time: new Date() }))
    .where('id', '=', id)
    .execute();
}

export async function insertReport(db: Kysely<Database>, name: string, settingMeta: unknown, createBy: string): Promise<string> {
  return (await db.insertInto('report_def').values({ report_name: name, setting_meta: JSON.stringify(settingMeta), create_by: createBy }).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateReport(db: Kysely<Database>, id: string, name: string, settingMeta: unknown): Promise<boolean> {
  const r = await db
    .updateTable('report_def')
    .set((eb) => ({ report_name: name, setting_meta: JSON.stringify(settingMeta), version: eb('version', '+', 1), update_time: new Date() }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function existingRoleIds(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom('sys_role').select('id').where('id', 'in', ids).execute()).map((r) => r.id);
}

/**
 * What a widget query needs to know is current, in one round trip: the dataset's version, its
 * datasource, and the stamp of its form's data (design version and newest form_event id; every
 * record write adds a form_event row).
 */
export async function datasetSnapshot(db: Kysely<Database>, id: string) {
  const r = await sql<{
    version: number;
    datasource_id: string;
    design_version: number | null;
    last_event: string | null;
    ds_update: Date;
  }>`
    select d.version, d.datasource_id, f.design_version, s.update_time as ds_update,
      (select max(e.id) from form_event e where e.form_id = d.form_id) as last_event
    from report_dataset d join report_datasource s on s.id = d.datasource_id left join form_conf f on f.id = d.form_id
    where d.id = ${id}`.execute(db);
  return r.rows[0];
}

/*
 * What an application package installs (ADR 0054 part 3), inside its transaction: a dataset on
 * the platform's own database and a report or dashboard with who may read it. An update is a new
 * version, as the designer's save is.
 */

export async function platformDatasourceId(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('report_datasource').select('id').where('built_in', '=', true).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function savePackagedDataset(db: Kysely<Database>, id: string | null, values: DatasetValues, createBy: string): Promise<string> {
  const live = id === null ? undefined : await db.selectFrom('report_dataset').select('id').where('id', '=', id).executeTakeFirst();
  if (!live) return insertDataset(db, values, createBy);
  await updateDataset(db, live.id, values);
  return live.id;
}

export async function savePackagedReport(
  db: Kysely<Database>,
  id: string | null,
  r: { name: string; kind: 'report' | 'dashboard'; settingMeta: unknown; roleIds: string[]; createBy: string },
): Promise<string> {
  const live = id === null ? undefined : await db.selectFrom('report_def').select('id').where('id', '=', id).executeTakeFirst();
  let reportId: string;
  if (live) {
    await updateReport(db, live.id, r.name, r.settingMeta);
    reportId = live.id;
  } else reportId = await insertReport(db, r.name, r.settingMeta, r.createBy);
  await db.updateTable('report_def').set({ kind: r.kind }).where('id', '=', reportId).execute();
  await db.deleteFrom('report_permission').where('report_id', '=', reportId).execute();
  if (r.roleIds.length > 0) await db.insertInto('report_permission').values(r.roleIds.map((role_id) => ({ report_id: reportId, role_id }))).execute();
  return reportId;
}

/** 卸载 of a packaged report: its grants, exports and menus go with it. */
export async function deletePackagedReport(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('report_permission').where('report_id', '=', id).execute();
  await db.deleteFrom('sys_menu').where('component', '=', 'ReportCustom').where('path', '=', `/report/view/${id}`).execute();
  await db.deleteFrom('report_def').where('id', '=', id).execute();
}

/** 卸载 of a packaged dataset; refused (the reason) while a report outside the application still reads it. */
export async function deletePackagedDataset(db: Kysely<Database>, id: string): Promise<string | null> {
  const readers = await sql<{ report_name: string }>`select report_name from report_def where setting_meta::text like ${`%"dataset":"${id}"%`} or setting_meta::text like ${`%"dataset":${id}%`} limit 1`.execute(db);
  const ds = await db.selectFrom('report_dataset').select('name').where('id', '=', id).executeTakeFirst();
  if (!ds) return null;
  if (readers.rows.length > 0) return `数据集「${ds.name}」仍被报表「${readers.rows[0]!.report_name}」使用，不能卸载`;
  await db.deleteFrom('report_dataset').where('id', '=', id).execute();
  return null;
}

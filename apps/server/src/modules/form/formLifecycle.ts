import { sql, type Kysely, type Transaction } from 'kysely';
import { flattenControls, storageColumns, traitsOf, type FormMeta } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../plugins/errors.ts';
import { formTable } from './tableNames.ts';
import { syncFormTables, type StorageLayout, type SyncReport } from './tableSync.ts';
import { designFileIds, syncDesignFileRefs } from './designFiles.ts';
import type { AuthContext } from '../auth/index.ts';

/**
 * Copying and deleting whole forms (issue 9 §1). Both run inside the caller's transaction, after
 * the form_conf row was locked, so a concurrent design save or a second delete waits for them.
 */

/** The tables a design needs: its columns, plus the date columns lists sort and filter by. */
export function storageLayoutOf(meta: FormMeta): StorageLayout {
  const indexed = flattenControls(meta)
    .filter((c) => traitsOf(c).indexedDate)
    .map((c) => String(c.model ?? ''))
    .filter(Boolean);
  return { ...storageColumns(meta), indexed };
}

/** The names of the form's existing tables: sub-tables (form_N__key) first, the main table last. */
export async function formTablesOf(trx: Kysely<Database>, formId: string): Promise<string[]> {
  const main = formTable(formId);
  // `_` is a LIKE wildcard: escaped, so form_1 never picks up form_12's tables.
  const subPrefix = `${main}__`.replace(/_/g, '\\_');
  const r = await sql<{ tablename: string }>`
    select tablename from pg_tables
    where schemaname = 'public' and (tablename = ${main} or tablename like ${subPrefix + '%'})`.execute(trx);
  const names = r.rows.map((row) => row.tablename);
  return [...names.filter((n) => n !== main).sort(), ...names.filter((n) => n === main)];
}

/**
 * Whether any record exists. The main table is locked first (exclusively, as DROP would), so no
 * record can be added between this answer and the drop that relies on it. Sub-table rows hang off
 * main rows (parent_id, on delete cascade), so an empty main table means an empty form.
 */
export async function lockAndCheckData(trx: Kysely<Database>, formId: string): Promise<boolean> {
  const main = formTable(formId);
  const tables = await formTablesOf(trx, formId);
  if (!tables.includes(main)) return false;
  await sql`lock table ${sql.table(main)} in access exclusive mode`.execute(trx);
  const r = await sql<{ found: boolean }>`select exists (select 1 from ${sql.table(main)}) as found`.execute(trx);
  return r.rows[0]?.found === true;
}

export interface DropReport {
  droppedTables: string[];
  /** Menu entries that opened the form's list page; gone with it (their role grants cascade). */
  removedMenus: string[];
}

/**
 * Removes an empty form: its tables, its record history, its file references (no record holds
 * them any more, so the files fall to the ordinary collection of unreferenced files), the menu
 * entries of its list page (leaves only; they would open 表单不存在) and the row. Import/export
 * jobs go with the row (foreign key, on delete cascade). The caller announces the menu change.
 */
export async function dropEmptyForm(trx: Transaction<Database>, formId: string): Promise<DropReport> {
  const droppedTables = await formTablesOf(trx, formId);
  for (const name of droppedTables) await trx.schema.dropTable(name).execute();
  await trx.deleteFrom('form_event').where('form_id', '=', formId).execute();
  await trx.deleteFrom('sys_file_ref').where('form_id', '=', formId).execute();
  const listPath = `/form/list/${formId}`;
  const menus = await trx
    .deleteFrom('sys_menu')
    .where((eb) => eb.or([eb('path', '=', listPath), eb('path', 'like', `${listPath}?%`)]))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('sys_menu as child').select('child.id').whereRef('child.parent_id', '=', 'sys_menu.id'))))
    .returning(['id', 'name'])
    .execute();
  await trx.deleteFrom('form_conf').where('id', '=', formId).execute();
  return { droppedTables, removedMenus: menus.map((m) => m.name) };
}

export interface CopyResult {
  formId: string;
  report: SyncReport | null;
}

/**
 * A new form with the source's design, list-page settings and group. A designed source's tables are
 * created at once, empty: a saved design and its tables always exist together (the list page of
 * the copy works the moment it exists, and its first publish is an ordinary change, not a special
 * case). The copy starts enabled, with no records.
 */
export async function copyForm(
  trx: Transaction<Database>,
  sourceId: string,
  formName: string,
  groupId: string | null | undefined,
  auth: AuthContext,
): Promise<CopyResult> {
  const source = await trx
    .selectFrom('form_conf')
    .select(['form_type', 'group_id', 'form_meta'])
    .where('id', '=', sourceId)
    .executeTakeFirst();
  if (!source) throw notFound('表单不存在');
  const meta = source.form_meta as FormMeta | null;
  const row = await trx
    .insertInto('form_conf')
    .values({
      form_name: formName,
      form_type: source.form_type,
      group_id: groupId === undefined ? source.group_id : groupId,
      form_meta: meta === null ? null : JSON.stringify(meta),
      design_version: meta === null ? 0 : 1,
      create_by: auth.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const formId = String(row.id);
  const report = meta === null ? null : await syncFormTables(trx as unknown as Kysely<unknown>, formId, storageLayoutOf(meta));
  // The copy uses the source's export templates too, so it keeps them alive in its own name.
  if (meta !== null) await syncDesignFileRefs(trx, auth, formId, designFileIds(meta));
  return { formId, report };
}

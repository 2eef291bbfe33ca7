import { sql, type Kysely } from 'kysely';
import type { StoredRow } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { FormModel, TableModel } from './formModel.ts';
import type { RecordActor } from './recordBulk.ts';

/**
 * The records API's entry for a job thread (issue 45 item 2, ADR 0038): the import writes its
 * records here, with the cause 'import'. RecordService (ctx.records) holds the main thread's
 * prepared statements and batchers and cannot go to the thread, so this is the part of the API a
 * thread may load: plain functions over the caller's transaction (`trx`), loaded through
 * form/worker.ts.
 *
 * What the caller has already done, as the other entries do it: the form action checked
 * (recordScopeFor(auth, formId, 'import')) and every row checked by checkRow, the same rules as the
 * add call. What this writes: the records with the system columns (creator, company, org) and one
 * form_event 'insert' per record, so the automations' trigger and the approval lock see imported
 * records as they see added ones. The import's operation-log row is one per job (its finish).
 *
 * The rows go as one JSON parameter (no bind-parameter limit, one round trip for a whole chunk)
 * and take the table's own column types: an import of a million rows is a few hundred statements.
 */
export type ImportActor = Pick<RecordActor, 'auth'> & { cause: 'import' };

/** A checked record and its checked sub-table rows. */
export interface CheckedFamily {
  row: StoredRow;
  children: Array<{ table: TableModel; row: StoredRow }>;
}

const SYSTEM_INSERT_COLUMNS = ['create_by', 'update_by', 'company_id', 'org_id'] as const;

/**
 * Checked rows of one table and their form events in one statement. Given `ids`, the records take
 * them (drawn from the table's sequence); given `parentIds`, they are a sub-table's rows of those
 * parents.
 */
export async function insertCheckedRows(
  trx: Kysely<Database>,
  model: FormModel,
  table: TableModel,
  actor: ImportActor,
  rows: readonly StoredRow[],
  link: { ids?: readonly string[]; parentIds?: readonly string[] } = {},
): Promise<void> {
  const { auth } = actor;
  const columns = [...table.dataColumns.map((c) => c.name), ...SYSTEM_INSERT_COLUMNS];
  if (link.ids) columns.unshift('id');
  if (link.parentIds) columns.push('parent_id');
  const system = {
    create_by: auth.userId,
    update_by: auth.userId,
    company_id: auth.user.companyId === null ? null : String(auth.user.companyId),
    org_id: auth.user.orgList[0]?.id === undefined ? null : String(auth.user.orgList[0].id),
  };
  const payload = JSON.stringify(
    rows.map((r, i) => ({ ...r, ...system, ...(link.ids ? { id: link.ids[i] } : {}), ...(link.parentIds ? { parent_id: link.parentIds[i] } : {}) })),
  );
  const cols = sql.join(columns.map((c) => sql.ref(c)));
  const rel = sql.table(table.table);
  await sql`
    with ins as (
      insert into ${rel} (${cols}) ${link.ids ? sql`overriding system value` : sql``}
      select ${cols} from jsonb_populate_recordset(null::${rel}, ${payload}::jsonb)
      returning *
    )
    insert into form_event (form_id, sub_key, record_id, op, after, actor_id)
    select ${model.formId}::bigint, ${table.subKey}, ins.id, 'insert', to_jsonb(ins.*), ${auth.userId}::bigint from ins`.execute(trx);
}

/**
 * Records and their sub-table rows, with the records' ids drawn beforehand so each child names
 * its parent within the same transaction: one statement for the records, one per sub-table.
 */
export async function insertCheckedFamilies(trx: Kysely<Database>, model: FormModel, actor: ImportActor, families: readonly CheckedFamily[]): Promise<void> {
  const drawn = await sql<{ id: string }>`
    select nextval(pg_get_serial_sequence(${`"${model.main.table}"`}, 'id'))::text as id from generate_series(1, ${families.length}::int)`.execute(trx);
  const ids = drawn.rows.map((r) => r.id);
  await insertCheckedRows(
    trx,
    model,
    model.main,
    actor,
    families.map((f) => f.row),
    { ids },
  );
  const bySub = new Map<TableModel, { rows: StoredRow[]; parentIds: string[] }>();
  families.forEach((family, i) => {
    for (const { table, row } of family.children) {
      const group = bySub.get(table) ?? { rows: [], parentIds: [] };
      group.rows.push(row);
      group.parentIds.push(ids[i]!);
      bySub.set(table, group);
    }
  });
  for (const [table, group] of bySub) await insertCheckedRows(trx, model, table, actor, group.rows, { parentIds: group.parentIds });
}

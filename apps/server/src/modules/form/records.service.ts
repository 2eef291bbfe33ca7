import type { FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { definitionOf, flattenControls, formatDateTime, type Condition, type ControlDefinition, type FormControl, type StoredRow } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { PreparedStatements } from '../../db/prepared.ts';
import { auditRow, writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import type { AuthContext } from '../auth/index.ts';
import type { FormModel, TableModel } from './formModel.ts';
import { InsertBatcher } from './insertBatcher.ts';
import { ReadBatcher } from './readBatcher.ts';
import { ALL_RECORDS, type RecordScope } from './recordAccess.ts';
import * as bulk from './recordBulk.ts';
import type { EventCause, RecordActor } from './recordBulk.ts';
import { buildWriteContext, writeContextFor } from './recordFiles.ts';
import { deleteRecords, insertRecord, presentRow, readRecord, updateRecord, type Row } from './recordStore.ts';
import { prepareRow, prepareRows } from './recordWriter.ts';
import { refuseByChosenRecords } from './chosenRecordChecks.ts';

export { SKIPPED_UNDER_APPROVAL, type EventCause, type RecordActor, type RecordCause } from './recordBulk.ts';
export type { Row } from './recordStore.ts';

/** An approval writing its own record: who, and the instance whose lock exception the write uses (ADR 0026). */
export interface ApprovalWriter {
  auth: AuthContext;
  instanceId: string;
}

/**
 * The one way to records (issue 45): add, update, delete and find a form's records, for every
 * caller and cause — the record routes (the user: the request is the actor, for its rights, file
 * metadata and audit), automations and approvals (a RecordActor or ApprovalWriter in the caller's
 * transaction). Every path checks with core's checkSubmission (prepareRow, the same function the
 * import's worker thread runs, which cannot hold this service's statements), writes through the
 * record store, which keeps sys_file_ref in step and writes form_event (so the approval lock and
 * the automations' trigger see every change), and writes an operation-log row. Permission is the
 * caller's: the routes check the form action (recordAccess.ts) before calling, the others write
 * with their actor's company scope.
 *
 * Lone HTTP inserts and reads by id share statements (InsertBatcher, ReadBatcher): the hot path
 * of addformdata and getformdatabyid is a method call here and nothing more.
 */
export class RecordService {
  /** Concurrent single-record inserts share a statement (addformdata). */
  readonly inserts: InsertBatcher;
  /** Concurrent reads by id share a statement too (getformdatabyid). */
  readonly reads: ReadBatcher;

  constructor(prepared: PreparedStatements) {
    this.inserts = new InsertBatcher(prepared);
    this.reads = new ReadBatcher(prepared);
  }

  /** One new main record; its operation-log row goes in the same statement as the record. */
  async add(db: Kysely<Database>, request: FastifyRequest, model: FormModel, input: Record<string, unknown>): Promise<Row> {
    const wctx = await buildWriteContext(request, db, [[model.main, [input]]]);
    const row = prepareRow(model.main, input, wctx);
    await refuseByChosenRecords(db, model, row);
    const log = auditRow(request, { action: '新增表单数据', targetType: `form:${model.formId}` });
    const inserted = await this.inserts.insert(db, model, model.main, row, wctx.auth, log);
    request.audited = true;
    return inserted;
  }

  /**
   * A main record with its sub-table rows in one transaction. Every row is checked before
   * anything is written, so a bad child leaves no parent behind.
   */
  async addWithChildren(
    db: Kysely<Database>,
    request: FastifyRequest,
    model: FormModel,
    parent: Record<string, unknown>,
    children: Array<{ table: TableModel; rows: Array<Record<string, unknown>> }>,
    /** More work in the same transaction once the rows are in (an approval's start: startformflow). */
    andThen?: (trx: Kysely<Database>, parent: Row) => Promise<void>,
  ): Promise<Row> {
    const wctx = await buildWriteContext(request, db, [[model.main, [parent]], ...children.map((c) => [c.table, c.rows] as [TableModel, Array<Record<string, unknown>>])]);
    const parentRow = prepareRow(model.main, parent, wctx);
    const prepared = children.map((c) => ({ table: c.table, rows: prepareRows(c.table, c.rows, wctx, `${c.table.name}第`) }));
    return db.transaction().execute(async (trx) => {
      await refuseByChosenRecords(trx, model, parentRow);
      const p = await insertRecord(trx, model, model.main, parentRow, wctx.auth);
      for (const c of prepared) for (const row of c.rows) await insertRecord(trx, model, c.table, row, wctx.auth, String(p.id));
      await writeAudit(trx, request, { action: '新增表单数据', targetType: `form:${model.formId}`, targetId: String(p.id) });
      await andThen?.(trx, p);
      return p;
    });
  }

  /**
   * Changes a stored row (locked by the caller's `before` read in `trx`): submitted fields
   * overlay it and the whole row is checked again; files already on it are checked with the new ones.
   */
  async update(
    trx: Kysely<Database>,
    request: FastifyRequest,
    model: FormModel,
    table: TableModel,
    before: Row,
    input: Record<string, unknown>,
    version: number | null,
    /** Names the row in a refusal of its values, for batch updates: `第3行：`. */
    label?: string,
  ): Promise<Row> {
    const wctx = await buildWriteContext(request, trx, [[table, [input, before]]]);
    let row: StoredRow;
    try {
      row = prepareRow(table, input, wctx, before);
    } catch (err) {
      if (label !== undefined && err instanceof Error) err.message = `${label}${err.message}`;
      throw err;
    }
    if (table === model.main) await refuseByChosenRecords(trx, model, row);
    return updateRecord(trx, model, table, before, row, wctx.auth, version);
  }

  /**
   * Sub-table rows under one parent, checked all before any is written; `rowLabel` null keeps a
   * refusal's message as it is (one row), else it names the row. Logged as `action`. `db` may be
   * the caller's transaction.
   */
  async addChildren(
    db: Kysely<Database>,
    request: FastifyRequest,
    model: FormModel,
    table: TableModel,
    parentId: string,
    inputs: Array<Record<string, unknown>>,
    action: string,
    rowLabel: string | null,
  ): Promise<Row[]> {
    const wctx = await buildWriteContext(request, db, [[table, inputs]]);
    const rows = rowLabel === null ? inputs.map((d) => prepareRow(table, d, wctx)) : prepareRows(table, inputs, wctx, rowLabel);
    // Inside the caller's transaction when given one (a save through a QR code writes its parent too).
    const inTransaction = <T>(work: (trx: Kysely<Database>) => Promise<T>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
    return inTransaction(async (trx) => {
      const out: Row[] = [];
      for (const row of rows) out.push(await insertRecord(trx, model, table, row, wctx.auth, parentId));
      await writeAudit(trx, request, { action, targetType: `form:${model.formId}:${table.subKey}`, targetId: out.map((r) => String(r.id)).join(',') });
      return out;
    });
  }

  /** A main record by id as getformdatabyid answers it: the stored row presented, and the editor's shape. */
  async readForEditor(model: FormModel, id: string, scope: RecordScope): Promise<{ data: Row; formData: Row } | undefined> {
    const row = await this.reads.read(model, model.main, id, scope);
    return row ? recordReply(model, row) : undefined;
  }

  /** One record within `scope` (404 otherwise), locked when `forUpdate` (inside a write). */
  find(db: Kysely<Database>, table: TableModel, id: string, scope: RecordScope, forUpdate = false): Promise<Row> {
    return readRecord(db, table, id, scope, forUpdate);
  }

  /**
   * The caller's records (or sub-table rows) of `ids` within `scope`, deleted in `trx`; the
   * deleted rows themselves are kept in the log, so a deletion can be traced and undone by hand.
   */
  async remove(trx: Kysely<Database>, request: FastifyRequest, model: FormModel, table: TableModel, ids: string[], scope: RecordScope): Promise<Row[]> {
    const rows = await deleteRecords(trx, model, table, ids, authOf(request), scope);
    await writeAudit(trx, request, {
      action: table.subKey ? '删除子表数据' : '删除表单数据',
      targetType: table.subKey ? `form:${model.formId}:${table.subKey}` : `form:${model.formId}`,
      targetId: rows.map((r) => String(r.id)).join(','),
      detail: rows,
    });
    return rows;
  }

  /** A new main record in the caller's transaction, not logged here (startformflow logs its 提交审批). */
  async addIn(trx: Kysely<Database>, request: FastifyRequest, model: FormModel, input: Record<string, unknown>): Promise<Row> {
    const wctx = await buildWriteContext(request, trx, [[model.main, [input]]]);
    const row = prepareRow(model.main, input, wctx);
    await refuseByChosenRecords(trx, model, row);
    return insertRecord(trx, model, model.main, row, wctx.auth);
  }

  // Automations: a RecordActor in the execution's transaction (recordBulk.ts).

  /** One record (a sub-table row under `parentId`), checked as the form's add call checks it. */
  insertOne(trx: Kysely<Database>, model: FormModel, table: TableModel, values: Record<string, unknown>, actor: RecordActor, parentId: string | null = null): Promise<Row> {
    return bulk.insertOne(trx, model, table, values, actor, parentId);
  }

  /** Every row the filter matches, locked in id order; `changes(before)` gives each row's new values. */
  updateWhere(
    trx: Kysely<Database>,
    model: FormModel,
    table: TableModel,
    filter: Condition | null,
    changes: (before: Row) => Record<string, unknown>,
    actor: RecordActor,
    parentIds?: readonly string[],
  ): Promise<Array<{ before: Row; after: Row }>> {
    return bulk.updateWhere(trx, model, table, filter, changes, actor, parentIds);
  }

  /** Locks every row any filter matches, in one statement, and says which rows each matched. */
  lockMatching(trx: Kysely<Database>, table: TableModel, actor: RecordActor, filters: Condition[]): Promise<{ rows: Map<string, Row>; matches: string[][] }> {
    return bulk.lockMatching(trx, table, actor, filters);
  }

  /** Changes rows lockMatching locked, in order, in one statement; null when a row refers to files. */
  updateLocked(
    trx: Kysely<Database>,
    model: FormModel,
    table: TableModel,
    rows: ReadonlyMap<string, Row>,
    changes: Array<{ id: string; change: (before: Row) => Record<string, unknown>; actor: RecordActor; cause: EventCause }>,
  ): Promise<Array<{ before: Row; after: Row }> | null> {
    return bulk.updateLocked(trx, model, table, rows, changes);
  }

  /** Deletes every row the filter matches; the deleted rows are kept in the log. */
  deleteWhere(trx: Kysely<Database>, model: FormModel, table: TableModel, filter: Condition | null, actor: RecordActor, parentIds?: readonly string[]): Promise<Row[]> {
    return bulk.deleteWhere(trx, model, table, filter, actor, parentIds);
  }

  /** The rows a filter matches, without locking (dry runs, a delete's children first). */
  findWhere(db: Kysely<Database>, table: TableModel, filter: Condition | null, actor: RecordActor, parentIds?: readonly string[], limit = 1000): Promise<Row[]> {
    return bulk.findWhere(db, table, filter, actor, parentIds, limit);
  }

  /** The row an insert of `values` would store, or the form's refusal (a dry run writes nothing). */
  check(table: TableModel, values: Record<string, unknown>, actor: RecordActor): StoredRow {
    return prepareRow(table, values, { auth: actor.auth, currentDate: formatDateTime(new Date()) });
  }

  // Approvals: the approval's own writes, which its record lock lets through (ADR 0026).

  /**
   * An approver's fields (or the initiator's resubmission) on the record under approval: checked
   * as an edit is, file fields against their files; the record's file references move with it
   * (a new file must be readable by the approver). The transaction is marked as this approval's.
   */
  async updateUnderApproval(trx: Kysely<Database>, writer: ApprovalWriter, model: FormModel, before: Row, input: Record<string, unknown>): Promise<Row> {
    const wctx = await writeContextFor(writer.auth, trx, [[model.main, [input, before]]]);
    const row = prepareRow(model.main, input, wctx, before);
    await refuseByChosenRecords(trx, model, row);
    await sql`select set_config('park.approval_instance', ${writer.instanceId}, true)`.execute(trx);
    return updateRecord(trx, model, model.main, before, row, writer.auth, null);
  }

  /** 系统管理员's maintenance removal: the records whatever their scope (their approvals cancelled first by the caller). */
  removeForMaintenance(trx: Kysely<Database>, model: FormModel, ids: string[], auth: AuthContext): Promise<Row[]> {
    return deleteRecords(trx, model, model.main, ids, auth, ALL_RECORDS);
  }
}

/** A stored main row as getformdatabyid answers it (also the approval task page's record): presented, and the editor's shape. */
export function recordReply(model: FormModel, row: Row): { data: Row; formData: Row } {
  const data = presentRow(row, model.main);
  // Decoded by the same codecs the browser uses.
  const formData: Record<string, unknown> = { id: data.id, version: data.version };
  for (const { model: m, control, definition } of storedControlsOf(model)) formData[m] = definition.codec.fromStored(row, control);
  return { data, formData };
}

const STORED_CONTROLS = new WeakMap<FormModel, Array<{ model: string; control: FormControl; definition: ControlDefinition }>>();

/** The main table's controls that store a value, with their definitions: computed once per model. */
function storedControlsOf(model: FormModel) {
  let list = STORED_CONTROLS.get(model);
  if (!list) {
    list = flattenControls(model.meta).flatMap((control) => {
      const definition = definitionOf(control);
      const m = String(control.model ?? '');
      return definition && m && definition.columns(control).length > 0 ? [{ model: m, control, definition }] : [];
    });
    STORED_CONTROLS.set(model, list);
  }
  return list;
}

/** The record service is part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    records: RecordService;
  }
}

import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { definitionOf, flattenControls, type ControlDefinition, type FormControl, type StoredRow } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { PreparedStatements } from '../../db/prepared.ts';
import { auditRow, writeAudit } from '../../plugins/audit.ts';
import type { FormModel, TableModel } from './formModel.ts';
import { InsertBatcher } from './insertBatcher.ts';
import { ReadBatcher } from './readBatcher.ts';
import type { RecordScope } from './recordAccess.ts';
import { buildWriteContext } from './recordFiles.ts';
import { insertRecord, presentRow, updateRecord, type Row } from './recordStore.ts';
import { prepareRow, prepareRows } from './recordWriter.ts';

/**
 * Records of a form for HTTP callers: check (core's checkSubmission with the metadata of the files
 * the rows name), write (batched for a lone insert, else in a transaction) and keep the file
 * references, in one place. The routes of records and sub-tables call this; automations and
 * approvals write through recordService.ts, which uses the same checks and stores with an actor
 * instead of a request. The store (recordStore.ts) keeps sys_file_ref in step inside each write.
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
    return updateRecord(trx, model, table, before, row, wctx.auth, version);
  }

  /**
   * Sub-table rows under one parent, checked all before any is written; `rowLabel` null keeps a
   * refusal's message as it is (one row), else it names the row. Logged as `action`.
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
    return db.transaction().execute(async (trx) => {
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

import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ConditionError,
  definitionOf,
  parseConditions,
  qrConditionInput,
  qrRowChanged,
  qrRowInput,
  qrSubTableRules,
  qrVisibleRow,
  QR_SUB_TEXT,
  type Condition,
  type QrCond,
  type QrEntry,
  type QrListKind,
  type QrSubReply,
  type QrSubRule,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { compileCondition, presentRow, recordIdOf, type FormModel, type Row, type TableModel } from '../form/index.ts';

/*
 * The sub-tables of a record opened through a 查看/编辑 code (issue 39, core qrCode/subTables.ts):
 * which rows are shown (数据权限: a condition compiled to SQL, so a hidden row is never read out),
 * and what a save may do to them — add (none, one, several), change the shown rows the edit's
 * condition also matches, in the columns its 字段权限 allows. Nothing is deleted through a code:
 * the original has no such permission, and a row left out of a save stays as it is.
 */

type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
const anyDb = (db: Kysely<Database>) => db as unknown as AnyDb;

/** At most this many rows of one sub-table are shown through a code (a sticker's record, not a report). */
const MAX_ROWS = 500;

/** A rule's condition checked against the table's columns (each field's kind decides its operators). */
export function rowCondition(table: TableModel, cond: QrCond | null): Condition | null {
  try {
    return parseConditions(qrConditionInput(cond), table.queryColumns);
  } catch (err) {
    if (err instanceof ConditionError) throw badRequest(`子表「${table.name}」数据权限：${err.message}`);
    throw err;
  }
}

async function rowsMatching(db: Kysely<Database>, table: TableModel, parentId: string, conds: Array<Condition | null>, forUpdate = false): Promise<Row[]> {
  const now = new Date();
  let q = anyDb(db).selectFrom(table.table).selectAll().where('parent_id', '=', parentId);
  for (const c of conds) if (c) q = q.where((eb) => compileCondition(eb, c, table.queryColumns, now));
  q = q.orderBy('id').limit(MAX_ROWS);
  return (forUpdate ? q.forUpdate() : q).execute();
}

const COLUMNS = new WeakMap<TableModel, Map<string, string[]>>();
/** Each field's columns (a choice keeps its label beside its value). */
function columnsOfField(table: TableModel): Map<string, string[]> {
  let map = COLUMNS.get(table);
  if (!map) {
    map = new Map();
    for (const c of table.controls) if (c.model) map.set(String(c.model), (definitionOf(c)?.columns(c) ?? []).map((col) => col.name));
    COLUMNS.set(table, map);
  }
  return map;
}

function shownColumns(table: TableModel, rule: QrSubRule): string[] {
  const out: string[] = [];
  for (const [model, columns] of columnsOfField(table)) if (!rule.fields || rule.fields.has(model)) out.push(...columns);
  return out;
}

interface Shown {
  table: TableModel;
  rule: QrSubRule;
  rows: Map<string, Row>;
  editable: Set<string>;
}

async function shownRows(db: Kysely<Database>, model: FormModel, rule: QrSubRule, parentId: string, forUpdate = false): Promise<Shown> {
  const table = model.subs.get(rule.subKey)!;
  const rowCond = rowCondition(table, rule.rowCond);
  const rows = rule.visible ? await rowsMatching(db, table, parentId, [rowCond], forUpdate) : [];
  const editable = rule.edit ? await rowsMatching(db, table, parentId, [rowCond, rowCondition(table, rule.editCond)]) : [];
  return { table, rule, rows: new Map(rows.map((r) => [String(r.id), r])), editable: new Set(editable.map((r) => String(r.id))) };
}

const list = (s: ReadonlySet<string> | null) => (s ? [...s] : null);

/** The record reply's sub-tables: each one the entry shows or lets add to, its shown rows cut to its columns. */
export async function subTablesFor(ctx: AppContext, model: FormModel, kind: QrListKind, entry: QrEntry, parentId: string): Promise<QrSubReply[]> {
  const out: QrSubReply[] = [];
  for (const rule of qrSubTableRules(kind, entry, [...model.subs.keys()]).values()) {
    if (!rule.visible && rule.add === 'none') continue;
    const shown = await shownRows(ctx.db, model, rule, parentId);
    out.push({
      subKey: rule.subKey,
      rows: [...shown.rows.values()].map((r) => qrVisibleRow(rule.fields, presentRow(r, shown.table), columnsOfField(shown.table))),
      editableRowIds: [...shown.editable].map(Number),
      fields: list(rule.fields),
      add: rule.add,
      addFields: list(rule.addFields),
      editFields: list(rule.editFields),
    });
  }
  return out;
}

interface SentTable {
  subKey: string;
  rows: Array<Record<string, unknown>>;
}

/** The save's `child` ([{subKey, subDatas}], as addpcformdata sends it). */
export function sentTables(raw: unknown): SentTable[] {
  if (raw === undefined || raw === null || raw === '') return [];
  if (!Array.isArray(raw) || raw.length > 50) throw badRequest('子表数据格式不正确');
  return raw.map((c: { subKey?: unknown; subDatas?: unknown }) => {
    if (typeof c !== 'object' || c === null || typeof c.subKey !== 'string' || !Array.isArray(c.subDatas) || c.subDatas.length > 1000) throw badRequest('子表数据格式不正确');
    if (c.subDatas.some((r) => typeof r !== 'object' || r === null || Array.isArray(r))) throw badRequest('子表数据格式不正确');
    return { subKey: c.subKey, rows: c.subDatas as Array<Record<string, unknown>> };
  });
}

/**
 * A save's sub-table rows through the code, in the caller's transaction (the parent locked): every
 * row is checked against the entry's rule before it is written; any refusal rolls the whole save back.
 */
export async function writeSubTables(
  ctx: AppContext,
  trx: Kysely<Database>,
  request: FastifyRequest,
  model: FormModel,
  kind: QrListKind,
  entry: QrEntry,
  parentId: string,
  sent: SentTable[],
): Promise<void> {
  const rules = qrSubTableRules(kind, entry, [...model.subs.keys()]);
  for (const { subKey, rows } of sent) {
    const table = model.subs.get(subKey);
    if (!table) throw badRequest(QR_SUB_TEXT.subUnknown);
    const rule = rules.get(subKey);
    const added = rows.filter((r) => r.id === undefined || r.id === null || r.id === '');
    const kept = rows.filter((r) => !added.includes(r));
    if (!rule) {
      if (kept.length > 0) throw notFound(QR_SUB_TEXT.rowHidden(table.name));
      if (added.length > 0) throw badRequest(QR_SUB_TEXT.noAdd(table.name));
      continue;
    }
    const readOnly = rule.add === 'none' && !rule.edit;
    if (added.length > 0 && rule.add === 'none') throw badRequest(readOnly ? QR_SUB_TEXT.readOnly(table.name) : QR_SUB_TEXT.noAdd(table.name));
    if (added.length > 1 && rule.add === 'single') throw badRequest(QR_SUB_TEXT.single(table.name));
    const shown = await shownRows(trx, model, rule, parentId, true);
    const columns = shownColumns(table, rule);
    for (const [i, row] of kept.entries()) {
      const id = recordIdOf(row.id, `第${i + 1}行 id`);
      const before = shown.rows.get(id);
      if (!before) throw notFound(QR_SUB_TEXT.rowHidden(table.name));
      if (!shown.editable.has(id)) {
        if (qrRowChanged(columns, before, row)) throw badRequest(readOnly ? QR_SUB_TEXT.readOnly(table.name) : QR_SUB_TEXT.rowHidden(table.name));
        continue;
      }
      // Columns the edit does not allow are ignored, as the main fields' are (ADR 0055).
      const input = qrRowInput(rule.editFields ?? rule.fields, row);
      await ctx.records.update(trx, request, model, table, before, input, null, `${table.name}第${i + 1}行：`);
    }
    if (added.length > 0) {
      const inputs = added.map((r) => {
        const input = qrRowInput(rule.addFields, r);
        for (const [k, v] of Object.entries(rule.addDefaults)) if (input[k] === undefined || input[k] === null || input[k] === '') input[k] = v;
        return input;
      });
      await ctx.records.addChildren(trx, request, model, table, parentId, inputs, `扫码新增子表数据（${entry.name}）`, `${table.name}第`);
    }
  }
}

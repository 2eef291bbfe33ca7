/**
 * The records' preparation: flat submitted fields → the row to store, checked by core's
 * checkSubmission. It is the pure half of the records service (records.service.ts), which adds
 * file metadata, the write and the file references. The service cannot run on the import's worker
 * thread (it holds the main thread's batched prepared statements and answers a request), so the
 * service, recordService.ts (automations, approvals) and the import worker (importExport/rowCells.ts)
 * all call this one function.
 */
import {
  checkSubmission,
  labelColumnOf,
  traitsOf,
  type FileMeta,
  type FormContext,
  type StoredRow,
  type FieldError,
} from '@park/core';
import type { AuthContext } from '../auth/index.ts';
import { AppError } from '../../plugins/errors.ts';
import type { TableModel } from './formModel.ts';

export interface WriteContext {
  auth: AuthContext;
  /** yyyy-MM-dd HH:mm:ss from the server clock. */
  currentDate: string;
  fileInfo?: (fileId: string) => FileMeta | undefined;
}

const DATA_COLUMN_NAMES = new WeakMap<TableModel, Set<string>>();

function dataColumnNames(model: TableModel): Set<string> {
  let names = DATA_COLUMN_NAMES.get(model);
  if (!names) DATA_COLUMN_NAMES.set(model, (names = new Set(model.dataColumns.map((c) => c.name))));
  return names;
}

/** Keeps only this table's data columns: system fields and anything outside the design are ignored. */
export function pickDataColumns(model: TableModel, input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const col of model.dataColumns) if (col.name in input) out[col.name] = input[col.name];
  return out;
}

function formContext(ctx: WriteContext, mode: 'add' | 'edit'): FormContext {
  const { user } = ctx.auth;
  return {
    mode,
    currentDate: ctx.currentDate,
    currentUser: { id: user.id, realName: user.realName, userType: user.userType },
    ...(user.companyId !== null ? { currentCompany: { id: user.companyId } } : {}),
    ...(ctx.fileInfo ? { fileInfo: ctx.fileInfo } : {}),
  };
}

/** A company administrator's company picker always names their own company (spec 000 §6). */
function forceOwnCompany(model: TableModel, row: Record<string, unknown>, ctx: WriteContext): void {
  const { user } = ctx.auth;
  if (user.userType !== 1 || user.companyId === null) return;
  for (const control of model.controls) {
    if (!traitsOf(control).ownCompany || !control.model) continue;
    if (String(row[control.model] ?? '') !== String(user.companyId)) {
      row[control.model] = String(user.companyId);
      row[labelColumnOf(control)] = null;
    }
  }
}

/**
 * Turns flat submitted fields into the row to store, through core's checkSubmission — the same
 * definitions, formulas and conditional display the browser uses. On update, `existing` is the
 * stored row: submitted fields overlay it and the whole record is checked again, so a partial
 * update cannot leave a required field empty; hidden fields are left as they were.
 */
export function prepareRow(
  model: TableModel,
  input: Record<string, unknown>,
  ctx: WriteContext,
  existing?: Record<string, unknown>,
): StoredRow {
  const checked = checkRow(model, input, ctx, existing);
  if (!checked.ok) throw new AppError(400, checked.message, 400, checked.errors);
  return checked.row;
}

export type RowCheck =
  | { ok: true; row: StoredRow }
  | { ok: false; message: string; errors: Array<Pick<FieldError, 'model' | 'name' | 'message' | 'row'>> };

export const TOO_MANY_KEYS = '提交的字段过多';

/**
 * Keys a submission may carry: the table's columns twice over (labels, the client's own keys) and
 * a hundred more (system fields, sub-table keys). Unknown keys are ignored, but a body of tens of
 * thousands of them is no form's submission: it is refused before anything is read or written.
 */
export function keyLimitOf(model: TableModel): number {
  return 2 * model.dataColumns.length + 100;
}

/** prepareRow's answer without an exception: the import refuses a row by its message and goes on. */
export function checkRow(model: TableModel, input: Record<string, unknown>, ctx: WriteContext, existing?: Record<string, unknown>): RowCheck {
  if (Object.keys(input).length > keyLimitOf(model)) return { ok: false, message: TOO_MANY_KEYS, errors: [] };
  const merged: Record<string, unknown> = { ...(existing ?? {}), ...pickDataColumns(model, input) };
  for (const [k, v] of Object.entries(merged)) if (typeof v === 'number') merged[k] = String(v);
  forceOwnCompany(model, merged, ctx);
  const result = checkSubmission(model.source, merged, formContext(ctx, existing ? 'edit' : 'add'));
  if (!result.ok) {
    const errors = result.errors.map((e) => ({ model: e.model, name: e.name, message: e.message, ...(e.row ? { row: e.row } : {}) }));
    return { ok: false, message: errors.slice(0, 3).map((e) => e.message).join('；') || result.message, errors };
  }
  // Only the design's own columns are written, whatever a codec produced.
  const allowed = dataColumnNames(model);
  const row: StoredRow = {};
  for (const [key, value] of Object.entries(result.stored)) if (allowed.has(key)) row[key] = value;
  return { ok: true, row };
}

/** Rows checked one by one; a refusal names its row (`第3行：…`, prefixed with `label`). */
export function prepareRows(table: TableModel, inputs: Array<Record<string, unknown>>, wctx: WriteContext, label = '第'): StoredRow[] {
  return inputs.map((d, i) => {
    try {
      return prepareRow(table, d, wctx);
    } catch (err) {
      if (err instanceof Error) err.message = `${label}${i + 1}行：${err.message}`;
      throw err;
    }
  });
}

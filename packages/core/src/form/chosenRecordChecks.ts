/**
 * 关联记录校验 (issue 41, ADR 0059): a form-level rule that compares a field of the record a
 * 通用数据 picker chose with a field of the record being saved, and refuses the save with the
 * designer's Chinese message when the comparison fails. Example: a waybill's 车辆 picker chooses a
 * vehicle whose 道路运输证有效期至 must not be before the waybill's 计划时间.
 *
 * Why a rule on the chosen record and not on a copied field: a picker's mapped fields are filled
 * by the browser, so a copy can be stale or forged; the server reads the chosen record itself
 * when it saves (the records service), and this file is the pure half — the rules' shape, their
 * design check (identifiers through the same whitelist) and the comparison.
 */
import { isRecord, modelOf, nameOf, optionsOf, scalarText } from './lib/values.ts';
import { traitsOf } from './registry.ts';
import type { FormControl, FormMeta } from './types.ts';
import { flattenControls } from './walk.ts';

/** Stored in `meta.config.chosenRecordChecks`. */
export interface ChosenRecordCheck {
  /** Model of a single 通用数据 picker (data_select) of the main form that chooses from a form. */
  picker: string;
  /** Column of the chosen record (in the picked form). */
  field: string;
  /** The chosen record's field must be `op` this record's `against` field. */
  op: ChosenCheckOp;
  /** Column of this form's main table. */
  against: string;
  /** The refusal; `{value}` is the chosen record's value, `{against}` this record's. */
  message: string;
}

/*
 * Values compare as numbers when both are numbers, else as text over their common prefix: dates
 * and date-times are stored as yyyy-MM-dd[ HH:mm:ss] text, so a date 有效期至 2026-12-01 holds for
 * a plan at 2026-12-01 08:00 (the day itself is still valid).
 */
const CHECK_OPS = {
  $gte: (c: number) => c >= 0,
  $gt: (c: number) => c > 0,
  $lte: (c: number) => c <= 0,
  $lt: (c: number) => c < 0,
  $eq: (c: number) => c === 0,
} as const;
export type ChosenCheckOp = keyof typeof CHECK_OPS;
export const CHOSEN_CHECK_OPS = Object.keys(CHECK_OPS) as ChosenCheckOp[];

const IDENT = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
/** The picked form's table as a picker names it (`form_<id>`; a sub-table is not a record to check). */
const FORM_TABLE = /^form_([1-9]\d{0,15})$/;
const MESSAGE_MAX = 200;

export function chosenRecordChecksOf(meta: FormMeta): ChosenRecordCheck[] {
  const raw = isRecord(meta.config) ? meta.config.chosenRecordChecks : undefined;
  return Array.isArray(raw) ? (raw.filter(isRecord) as unknown as ChosenRecordCheck[]) : [];
}

/** The form id a single data picker chooses from, or null (a data source, a sub-table, no table). */
export function pickedFormId(control: FormControl): string | null {
  if (!traitsOf(control).choosesOneRecord) return null;
  const maps = optionsOf(control).maps;
  if (!isRecord(maps) || !isRecord(maps.source)) return null;
  if (scalarText(maps.source.datasource) !== '') return null;
  const m = FORM_TABLE.exec(scalarText(maps.source.table));
  // The picker must store the chosen record's id, else there is no record to read.
  const key = scalarText(maps.key) || 'id';
  return m && key === 'id' ? m[1]! : null;
}

/** Problems of the checks in a design (the save and the package import refuse the design on any). */
export function chosenRecordCheckProblems(meta: FormMeta): string[] {
  const raw = isRecord(meta.config) ? meta.config.chosenRecordChecks : undefined;
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) return ['关联记录校验的格式不正确'];
  const controls = new Map<string, FormControl>();
  for (const c of flattenControls(meta)) if (modelOf(c)) controls.set(modelOf(c), c);
  const problems: string[] = [];
  raw.forEach((check, i) => {
    const n = `关联记录校验第${i + 1}条`;
    if (!isRecord(check)) return void problems.push(`${n}的格式不正确`);
    const picker = controls.get(scalarText(check.picker));
    const pickerOk = picker && traitsOf(picker).choosesOneRecord;
    if (!pickerOk) problems.push(`${n}：选择记录的字段 ${scalarText(check.picker).slice(0, 64)} 不是本表单的通用数据(单选)控件`);
    // A picker saved without its table yet is the designer's to finish; a package maps it to form_<id>.
    if (!IDENT.test(scalarText(check.field))) problems.push(`${n}：被选记录的字段名 ${scalarText(check.field).slice(0, 64)} 不合法`);
    if (!controls.has(scalarText(check.against))) problems.push(`${n}：比较的字段 ${scalarText(check.against).slice(0, 64)} 不是本表单的字段`);
    if (!CHOSEN_CHECK_OPS.includes(scalarText(check.op) as ChosenCheckOp)) problems.push(`${n}：比较方式 ${scalarText(check.op).slice(0, 16)} 不受支持`);
    const message = scalarText(check.message);
    if (message === '' || message.length > MESSAGE_MAX) problems.push(`${n}：请填写不超过${MESSAGE_MAX}字的提示`);
  });
  return problems;
}

function compare(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return Math.sign(na - nb);
  const len = Math.min(a.length, b.length);
  const pa = a.slice(0, len);
  const pb = b.slice(0, len);
  return pa < pb ? -1 : pa > pb ? 1 : 0;
}

/**
 * The refusal for one check, or null when it holds. Nothing chosen or nothing to compare with
 * holds: required-ness is the controls' own rule.
 */
export function chosenCheckRefusal(check: ChosenRecordCheck, chosenValue: unknown, ownValue: unknown, pickerName = ''): string | null {
  const own = scalarText(ownValue);
  if (own === '') return null;
  const chosen = scalarText(chosenValue);
  const test = CHECK_OPS[check.op];
  if (chosen !== '' && test && test(compare(chosen, own))) return null;
  return check.message
    .replaceAll('{value}', chosen === '' ? '（未填写）' : chosen)
    .replaceAll('{against}', own)
    .replaceAll('{picker}', pickerName);
}

export interface ResolvedChosenCheck {
  check: ChosenRecordCheck;
  /** The picker's model (its column holds the chosen record's id) and its label. */
  pickerModel: string;
  pickerName: string;
  /** The form the picker chooses from. */
  formId: string;
}

/** The checks with the form each picker reads (checks with a malformed picker are left out: the design check names them). */
export function chosenChecksByPicker(meta: FormMeta): ResolvedChosenCheck[] {
  const checks = chosenRecordChecksOf(meta);
  // Every record save asks: a form without checks pays no walk of its design.
  if (checks.length === 0) return [];
  const controls = new Map<string, FormControl>();
  for (const c of flattenControls(meta)) if (modelOf(c)) controls.set(modelOf(c), c);
  return checks.flatMap((check) => {
    const control = controls.get(scalarText(check.picker));
    const formId = control ? pickedFormId(control) : null;
    return control && formId && IDENT.test(scalarText(check.field)) ? [{ check, pickerModel: modelOf(control), pickerName: nameOf(control), formId }] : [];
  });
}

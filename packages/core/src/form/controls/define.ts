import { compilePattern } from '../lib/patterns.ts';
import { flag, isBlank, modelOf, nameOf, optionsOf, rulesOf } from '../lib/values.ts';
import { patternMismatch, requiredChoice, requiredInput, requiredUpload } from '../messages.ts';
import type { Column, FormContext, FormControl, FormValue, SqlType, StoredRow } from '../types.ts';
import type { DateKind } from '../lib/dateText.ts';
import type { PaletteEntry } from './palette.ts';
import type { ColumnQuery, QueryKindOf, SheetCodec } from './sheet.ts';

export type ControlFamily =
  | 'text'
  | 'number'
  | 'choice'
  | 'switch'
  | 'date'
  | 'upload'
  | 'picker'
  | 'multiPicker'
  | 'region'
  | 'gis'
  | 'formula'
  | 'subTable'
  | 'layout';

/** A database row as it arrives: text, numbers from a driver, nulls. */
export type RowInput = Readonly<Record<string, unknown>>;

export interface ControlCodec {
  /** The control's columns with their stored values (spec 000 "Stored value shapes"). */
  toStored(value: unknown, control: FormControl): StoredRow;
  /** The editor's value; text that cannot be read is passed through for validate to refuse. */
  fromStored(row: RowInput, control: FormControl): FormValue;
}

/**
 * What a control family's factory gives (DESIGN §3: a registry, not a switch): its columns, its
 * value codec and checks, its Excel half and how conditions query its columns. Every part is
 * required, so a new family does not compile until it says how it exports, imports and is queried.
 */
export interface ControlBehaviour {
  readonly family: ControlFamily;
  columns(control: FormControl): Column[];
  readonly codec: ControlCodec;
  /** Cells of an export, an import and the import template's note. */
  readonly sheet: SheetCodec;
  /** How a condition compares one of this control's columns. */
  queryKind(control: FormControl, column: Column): ColumnQuery;
  isEmpty(value: unknown, control: FormControl): boolean;
  /** Palette default patterns this type's own check replaces. */
  readonly supersededPatterns: readonly string[];
  /** A Chinese message, or null when the value is acceptable. Same code in browser and server. */
  validate(value: unknown, control: FormControl, ctx?: FormContext): string | null;
  defaultValue(control: FormControl, ctx?: FormContext): FormValue;
}

/**
 * One control type, whole: its family's behaviour and its palette entry (group and template). The
 * registry (form/registry.ts) holds one per type and the type list is its keys, so a type is added
 * in one place.
 */
export interface ControlDefinition extends ControlBehaviour {
  readonly palette: PaletteEntry;
  readonly traits: ControlTraits;
}

/** What an upload control holds. */
export type UploadKind = 'file' | 'image' | 'signature';

/**
 * What code outside the registry asks of a type besides its family (issue 45 item 5). Each was a
 * `.type === '<control>'` test in some file, where a new type fell silently to the test's default;
 * as a property of the definition a type states it in its registry entry (form/registry.ts), and
 * a lint rule (eslint.config.js) bans comparing `.type` to a control type's name elsewhere.
 */
export interface ControlTraits {
  /** Lays other controls out in columns (栅格布局): walks, the designer's tree and drops go inside. */
  readonly holdsColumns: boolean;
  /** Its options may show other controls (each option's relatedList, 选项关联). */
  readonly optionRelations: boolean;
  /** What it uploads, or null for a control that uploads nothing. */
  readonly upload: UploadKind | null;
  /** An import reads its column from the sheet; false when the server fills it (the current user). */
  readonly imported: boolean;
  /** A company administrator's value is always their own company (spec 000 §6). */
  readonly ownCompany: boolean;
  /** A calendar day or moment the lists sort and filter by: its column gets an index. */
  readonly indexedDate: boolean;
  /** Approval conditions compare it as a date; a month or a time of day is compared as text. */
  readonly calendarDate: boolean;
  /** Its value is a path through a tree of options (a cascader), never one choice of a list. */
  readonly optionPath: boolean;
  /** The columns its parts are stored in beside its model (`<model>_<column>`, keyed by modelExt part). */
  readonly partColumns: Readonly<Record<string, string>> | null;
  /**
   * A number a person enters or counts (the three number inputs and 计数器; a slider always has
   * one): an automation's field assignment must give it a value, approval-recipient conditions
   * compare it with the number operators.
   */
  readonly numberEntry: boolean;
  /** The automation designer's conditions may compare it (a signature or a data reference cannot be). */
  readonly flowComparable: boolean;
  /** The approval designer's recipient conditions offer it (pickers of many, files, places, containers do not). */
  readonly recipientCondition: boolean;
  /** The calendar or clock kind of a date control (its list query's picker, its date formula), else null. */
  readonly dateKind: DateKind | null;
  /** Whom its value names, for approval recipients taken from a form field (表单中的人员, 部门字段, 企业字段), else null. */
  readonly names: 'user' | 'org' | 'company' | null;
  /**
   * Where it names another form whose records it reads (issue 36: a form handed down brings them):
   * `dsConf` is options.dsConf.formId (数据引用, a sub-table filled from a form), `mapsSource` is
   * options.maps.source.table (通用数据 pickers over a form table); null for a control that reads none.
   */
  readonly formSource: 'dsConf' | 'mapsSource' | null;
  /** Chooses one record of a form, storing its id: a 关联记录校验 (chosenRecordChecks.ts) may read that record. */
  readonly choosesOneRecord: boolean;
  /** Its choices are a dictionary's entries (control.typeCode): a form handed down brings the dictionary. */
  readonly dictionary: boolean;
}

/** The traits of a type that states none: what most controls are. */
export const PLAIN_TRAITS: ControlTraits = {
  choosesOneRecord: false,
  holdsColumns: false,
  optionRelations: false,
  upload: null,
  imported: true,
  ownCompany: false,
  indexedDate: false,
  calendarDate: false,
  optionPath: false,
  partColumns: null,
  numberEntry: false,
  flowComparable: true,
  recipientCondition: true,
  dateKind: null,
  names: null,
  formSource: null,
  dictionary: false,
};

export type RequiredVerb = 'input' | 'choice' | 'upload';

export interface DefinitionParts {
  family: ControlFamily;
  requiredVerb: RequiredVerb;
  columns(control: FormControl): Column[];
  codec: ControlCodec;
  sheet: SheetCodec;
  queryKind: QueryKindOf;
  isEmpty?: (value: unknown, control: FormControl) => boolean;
  /** Type checks of a non-empty value. */
  check?: (value: unknown, control: FormControl, ctx: FormContext) => string | null;
  defaultValue(control: FormControl, ctx: FormContext): FormValue;
  /** Palette default patterns this type's own check replaces (they were looser or unsafe). */
  supersededPatterns?: readonly string[];
}

export function defineControl(parts: DefinitionParts): ControlBehaviour {
  const isEmpty = parts.isEmpty ?? isBlank;
  const supersededPatterns = parts.supersededPatterns ?? [];
  const superseded = new Set(supersededPatterns);
  return {
    family: parts.family,
    columns: parts.columns,
    codec: parts.codec,
    sheet: parts.sheet,
    queryKind: parts.queryKind,
    isEmpty,
    supersededPatterns,
    defaultValue: (control, ctx) => parts.defaultValue(control, ctx ?? {}),
    validate(value, control, ctx) {
      if (isEmpty(value, control)) return isRequired(control) ? requiredMessage(control, parts.requiredVerb) : null;
      return parts.check?.(value, control, ctx ?? {}) ?? checkPatterns(value, control, superseded);
    },
  };
}

export function isRequired(control: FormControl): boolean {
  return flag(optionsOf(control).required) || rulesOf(control).some((r) => flag(r.required));
}

/** The design's own message wins: older designs carry "{name}为必填项" in their rules. */
export function requiredMessage(control: FormControl, verb: RequiredVerb): string {
  const own = rulesOf(control).find((r) => flag(r.required) && typeof r.message === 'string' && r.message.trim() !== '');
  if (own?.message) return own.message;
  const name = nameOf(control);
  return verb === 'input' ? requiredInput(name) : verb === 'upload' ? requiredUpload(name) : requiredChoice(name);
}

/**
 * Pattern rules from the design, tested against text and numbers only. A pattern that does not
 * compile is skipped here; validateFormMeta refuses it when the design is saved.
 */
function checkPatterns(value: unknown, control: FormControl, superseded: ReadonlySet<string>): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value);
  const seen = new Set<string>();
  const tests: Array<{ pattern: string; message?: string }> = [];
  for (const rule of rulesOf(control)) {
    if (typeof rule.pattern !== 'string' || rule.pattern.trim() === '') continue;
    seen.add(rule.pattern);
    tests.push({ pattern: rule.pattern, message: typeof rule.message === 'string' ? rule.message : undefined });
  }
  const own = optionsOf(control).pattern;
  if (typeof own === 'string' && own.trim() !== '' && !seen.has(own)) tests.push({ pattern: own });
  for (const test of tests) {
    if (superseded.has(test.pattern)) continue;
    const re = compilePattern(test.pattern);
    if (re && !re.test(text)) return test.message?.trim() ? test.message : patternMismatch(nameOf(control));
  }
  return null;
}

/** The control's own column, when it has a model. */
export function modelColumn(control: FormControl, sqlType: SqlType): Column[] {
  const model = modelOf(control);
  return model ? [{ name: model, sqlType }] : [];
}

export const noColumns = (): Column[] => [];

/** A scalar read from a row; numbers from a driver become text. */
export function cell(row: RowInput, column: string): string | null {
  const value = row[column];
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return null;
}

/** One stored column under the control's model. */
export function single(control: FormControl, value: string | null): StoredRow {
  const model = modelOf(control);
  return model ? { [model]: value } : {};
}

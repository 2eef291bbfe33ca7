import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DataValidation, Workbook, Worksheet } from 'exceljs';
import { definitionOf, pickerKindOf, str, type SheetChoices } from '@park/core';
import type { Database } from '../../db/schema.ts';
import type { ColumnSpec } from './columns.ts';

/**
 * The import template's drop-downs (issue 39, screens-round3 §6.3): a list check on each column
 * whose values are known — the design's own options (choices, switches) from core, a dictionary's
 * items from the caller's tenant. Excel caps an inline list at 255 characters and reads a comma
 * as a separator, so longer lists, or ones with commas or quotes, point at a range of a hidden
 * sheet instead. The import reads only the first sheet and the sub-table sheets, so the hidden
 * one travels back unread.
 */

/** Rows below the header that carry the check; a longer sheet still imports, unchecked. */
export const CHECKED_ROWS = 5000;
const INLINE_LIMIT = 255;
/** Dictionaries are small; a runaway one is cut so the hidden sheet stays a list, not a dump. */
const MAX_CHOICES = 2000;
export const CHOICE_SHEET = '下拉选项';

/** The dictionary items (by name) a tenant's user sees for a type code: its own type first, else the park's. */
async function dictionaryChoices(db: Kysely<Database>, typeCode: string, companyId: string | null): Promise<SheetChoices | null> {
  if (!typeCode) return null;
  let types = db.selectFrom('sys_dic_type').select('id').where('type_code', '=', typeCode);
  types = companyId === null ? types.where('company_id', 'is', null) : types.where((eb) => eb.or([eb('company_id', '=', companyId), eb('company_id', 'is', null)]));
  const type = await types.orderBy(sql`company_id is null`).executeTakeFirst();
  if (!type) return null;
  const rows = await db
    .selectFrom('sys_dic_catalog')
    .select('name')
    .where('type_id', '=', type.id)
    .orderBy('order_index')
    .orderBy('id')
    .limit(MAX_CHOICES)
    .execute();
  const labels = [...new Set(rows.map((r) => r.name.trim()).filter(Boolean))];
  return labels.length > 0 ? { labels, multiple: false } : null;
}

/** Each column's drop-down values, or null where a cell is free text (or names a directory too large to list). */
export async function columnChoices(
  db: Kysely<Database>,
  specs: ReadonlyArray<ColumnSpec | null>,
  companyId: string | null,
): Promise<Array<SheetChoices | null>> {
  const out: Array<SheetChoices | null> = [];
  for (const spec of specs) {
    const c = spec?.control;
    if (!c || spec.family === 'system') {
      out.push(null);
      continue;
    }
    const own = definitionOf(c)?.sheet.choices(c) ?? null;
    if (own) out.push({ labels: own.labels.slice(0, MAX_CHOICES), multiple: own.multiple });
    else if ((spec.family === 'picker' || spec.family === 'multiPicker') && pickerKindOf(c.type) === 'dic') {
      const dic = await dictionaryChoices(db, str(c.typeCode).trim(), companyId);
      out.push(dic && { ...dic, multiple: spec.family === 'multiPicker' });
    } else out.push(null);
  }
  return out;
}

const fitsInline = (labels: readonly string[]) =>
  labels.every((l) => !/[,"]/.test(l)) && labels.join(',').length + 2 <= INLINE_LIMIT;

function columnLetters(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

/**
 * Where the long lists go: one column per list on a hidden sheet, written after the sheets a
 * person reads (`finish`), under a name none of them uses.
 */
export class ChoiceSheet {
  private readonly lists: string[][] = [];
  readonly name: string;
  constructor(takenNames: readonly string[]) {
    let name = CHOICE_SHEET;
    for (let i = 2; takenNames.includes(name); i++) name = `${CHOICE_SHEET}${i}`;
    this.name = name;
  }

  /** The formula a list check refers to for these labels. */
  rangeFor(labels: readonly string[]): string {
    this.lists.push([...labels]);
    const letters = columnLetters(this.lists.length);
    return `'${this.name}'!$${letters}$1:$${letters}$${labels.length}`;
  }

  finish(book: Workbook): void {
    if (this.lists.length === 0) return;
    const ws = book.addWorksheet(this.name, { state: 'hidden' });
    this.lists.forEach((labels, c) => labels.forEach((label, r) => (ws.getCell(r + 1, c + 1).value = label)));
  }
}

/** exceljs keeps range checks on the sheet; its typings only show the per-cell ones. */
type WithValidations = Worksheet & { dataValidations: { add(range: string, rule: DataValidation): void } };

/**
 * A list check on `rows` cells below the header. A single choice refuses other text with a Chinese
 * message; a multiple one only offers the list (a cell joins several with 、, which the list check
 * would refuse).
 */
export function addDropDown(ws: Worksheet, list: ChoiceSheet, choices: SheetChoices, col: number, firstRow: number, header: string): void {
  const formula = fitsInline(choices.labels) ? `"${choices.labels.join(',')}"` : list.rangeFor(choices.labels);
  const letters = columnLetters(col);
  (ws as WithValidations).dataValidations.add(`${letters}${firstRow}:${letters}${firstRow + CHECKED_ROWS - 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: [formula],
    showErrorMessage: !choices.multiple,
    errorStyle: 'stop',
    errorTitle: '选项不存在',
    error: `请从下拉列表中选择“${header}”的值`,
    showInputMessage: choices.multiple,
    promptTitle: choices.multiple ? '可多选' : undefined,
    prompt: choices.multiple ? '可从列表选择，多个值用“、”分隔' : undefined,
  });
}

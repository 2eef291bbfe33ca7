import { flag, isRecord, modelOf, nameOf, optionsOf, scalarText } from '../lib/values.ts';
import { badShape, notCurrentUser, notOwnCompany, PICKER_SINGLE_ONLY } from '../messages.ts';
import type { Column, FormContext, FormControl, FormValue, MultiPickerItem, PickerValue } from '../types.ts';
import { cell, defineControl, type ControlBehaviour } from './define.ts';
import { failCell, LIST_JOIN, LIST_SPLIT, onlyCell, queryByColumnType, sheetCodec, storedText, str, type SheetCodec } from './sheet.ts';

export type PickerKind = 'org' | 'user' | 'role' | 'company' | 'dic' | 'data';

/** Which directory a picker names: its type without m_ and _select; data pickers name records. */
export function pickerKindOf(type: string): PickerKind {
  const base = type.replace(/^m_/, '').replace(/_select$/, '');
  if (type === 'current_user') return 'user';
  return (['org', 'user', 'company', 'role', 'dic'] as const).find((k) => k === base) ?? 'data';
}

/** The name of the lookup table a picker's cells are read through ('dic:{typeCode}' per dictionary). */
export function pickerLookupOf(control: FormControl): string {
  const kind = pickerKindOf(control.type);
  return kind === 'dic' ? `dic:${str(control.typeCode).trim()}` : kind;
}

const PICKER_HINT: Record<PickerKind, string> = {
  user: '填写用户姓名或登录名',
  org: '填写组织名称',
  role: '填写角色名称',
  company: '填写企业名称',
  dic: '填写字典项名称',
  data: '填写数据编号',
};

/** A picker's cell is the label a person reads; an import finds the id by name, a data picker keeps it. */
const pickerSheet: SheetCodec = sheetCodec({
  exportText: (c, raw, row) => storedText(row, labelColumnOf(c)) || raw,
  emptyCell: (c, key) => ({ [key]: null, [labelColumnOf(c)]: null }),
  readCell: (field, c, _value, text, lookups) => {
    const index = lookups.namesFor(c);
    if (!index) return { ok: true, columns: { [field.key]: text, [labelColumnOf(c)]: null } };
    const found = index.resolve(text);
    if (typeof found === 'string') return failCell(field, found);
    return { ok: true, columns: { [field.key]: found.id, [labelColumnOf(c)]: found.label } };
  },
  hint: (c) => PICKER_HINT[pickerKindOf(c.type)],
});

/** Labels joined with 、 going out; each name resolved coming back, repeats dropped. */
const multiPickerSheet: SheetCodec = sheetCodec({
  exportText: (_c, raw) => {
    const items = readMultiPicker(raw);
    return items ? items.map((i) => i.v || i.k).join(LIST_JOIN) : raw;
  },
  readCell: (field, c, _value, text, lookups) => {
    const index = lookups.namesFor(c);
    const items: Array<{ k: string; v: string }> = [];
    for (const part of text.split(LIST_SPLIT).map((s) => s.trim()).filter(Boolean)) {
      if (!index) {
        items.push({ k: part, v: part });
        continue;
      }
      const found = index.resolve(part);
      if (typeof found === 'string') return failCell(field, found);
      if (!items.some((i) => i.k === found.id)) items.push({ k: found.id, v: found.label });
    }
    return onlyCell(field, items.length > 0 ? JSON.stringify(items) : null);
  },
  hint: (c) => `${PICKER_HINT[pickerKindOf(c.type)]}，多个用“${LIST_JOIN}”分隔`,
});

/** The label column; a design that left label_model empty gets "{model}_label". */
export function labelColumnOf(control: FormControl): string {
  const label = typeof control.label_model === 'string' ? control.label_model.trim() : '';
  if (label) return label;
  const model = modelOf(control);
  return model ? `${model}_label` : '';
}

type PickerReading =
  | { kind: 'empty' }
  | { kind: 'one'; value: PickerValue }
  | { kind: 'many' }
  | { kind: 'bad' };

/**
 * Accepts {id, label}, the original's {[model]: id, [label_model]: label}, a bare id, or a list
 * (which is "many" when it holds more than one record).
 */
export function readPicker(value: unknown, control: FormControl): PickerReading {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'string' || typeof value === 'number') {
    const id = String(value).trim();
    if (id === '') return { kind: 'empty' };
    return id.includes(',') ? { kind: 'many' } : { kind: 'one', value: { id, label: '' } };
  }
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== null && v !== undefined && v !== '');
    if (items.length === 0) return { kind: 'empty' };
    return items.length > 1 ? { kind: 'many' } : readPicker(items[0], control);
  }
  if (!isRecord(value)) return { kind: 'bad' };
  const rawId = value.id ?? value[modelOf(control)];
  const rawLabel = value.label ?? value[labelColumnOf(control)];
  if (Array.isArray(rawId)) return rawId.length > 1 ? { kind: 'many' } : readPicker({ id: rawId[0], label: rawLabel }, control);
  const id = scalarText(rawId).trim();
  const label = scalarText(rawLabel);
  if (id === '' && label === '') return { kind: 'empty' };
  if (id === '') return { kind: 'bad' };
  return id.includes(',') ? { kind: 'many' } : { kind: 'one', value: { id, label } };
}

function pickerColumns(control: FormControl): Column[] {
  const model = modelOf(control);
  return model ? [{ name: model, sqlType: 'text' }, { name: labelColumnOf(control), sqlType: 'text' }] : [];
}

function userValue(ctx: FormContext): PickerValue | null {
  return ctx.currentUser ? { id: String(ctx.currentUser.id), label: ctx.currentUser.realName ?? '' } : null;
}

/** An enterprise user (userType 1) may only pick their own company (spec 000 §6). */
function lockedCompany(control: FormControl, ctx: FormContext): PickerValue | null {
  if (control.type !== 'company_select' || String(ctx.currentUser?.userType) !== '1' || !ctx.currentCompany) return null;
  return { id: String(ctx.currentCompany.id), label: ctx.currentCompany.companyName ?? '' };
}

function checkPicker(value: unknown, control: FormControl, ctx: FormContext): string | null {
  const reading = readPicker(value, control);
  if (reading.kind === 'many') return PICKER_SINGLE_ONLY;
  if (reading.kind !== 'one') return badShape(nameOf(control));
  const company = lockedCompany(control, ctx);
  if (company && reading.value.id !== company.id) return notOwnCompany(nameOf(control));
  const user = userValue(ctx);
  if (control.type === 'current_user' && ctx.mode === 'add' && user && reading.value.id !== user.id) {
    return notCurrentUser(nameOf(control));
  }
  return null;
}

function defaultPicker(control: FormControl, ctx: FormContext): FormValue {
  if (control.type === 'current_user') return userValue(ctx);
  if (control.type === 'user_select' && flag(optionsOf(control).defaultCurrentUser)) return userValue(ctx);
  return lockedCompany(control, ctx);
}

/** data/org/user/company/role/dic pickers and current_user: id under model, label under label_model. */
export function singlePicker(): ControlBehaviour {
  return defineControl({
    family: 'picker',
    requiredVerb: 'choice',
    columns: pickerColumns,
    sheet: pickerSheet,
    queryKind: queryByColumnType,
    isEmpty: (value, control) => readPicker(value, control).kind === 'empty',
    codec: {
      toStored(value, control) {
        const columns = pickerColumns(control);
        if (columns.length === 0) return {};
        const reading = readPicker(value, control);
        const one = reading.kind === 'one' ? reading.value : null;
        return { [columns[0]!.name]: one?.id ?? null, [columns[1]!.name]: one?.label || null };
      },
      fromStored(row, control) {
        const id = cell(row, modelOf(control));
        const label = cell(row, labelColumnOf(control));
        if ((id ?? '') === '' && (label ?? '') === '') return null;
        return { id: id ?? '', label: label ?? '' };
      },
    },
    check: checkPicker,
    defaultValue: defaultPicker,
  });
}

/** The m_ pickers' list of {k, v}, from JSON text or an array; null when it is neither. */
export function readMultiPicker(value: unknown): MultiPickerItem[] | null {
  if (value === null || value === undefined || value === '') return [];
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(list)) return null;
  const items: MultiPickerItem[] = [];
  for (const entry of list) {
    if (!isRecord(entry)) return null;
    const k = scalarText(entry.k ?? entry.id).trim();
    if (k === '') return null;
    items.push({ k, v: scalarText(entry.v ?? entry.label) });
  }
  return items;
}

/** m_ pickers and m_data_ref: JSON text of [{k, v}] in one text column. */
export function multiPicker(): ControlBehaviour {
  return defineControl({
    family: 'multiPicker',
    requiredVerb: 'choice',
    columns: (control) => (modelOf(control) ? [{ name: modelOf(control), sqlType: 'text' }] : []),
    sheet: multiPickerSheet,
    queryKind: () => ({ kind: 'string', sql: 'text', list: 'json' }),
    isEmpty: (value) => readMultiPicker(value)?.length === 0,
    codec: {
      toStored(value, control) {
        const model = modelOf(control);
        if (!model) return {};
        const items = readMultiPicker(value) ?? [];
        return { [model]: items.length > 0 ? JSON.stringify(items) : null };
      },
      fromStored(row, control) {
        const raw = cell(row, modelOf(control));
        return readMultiPicker(raw) ?? raw ?? [];
      },
    },
    check: (value, control) => (readMultiPicker(value) === null ? badShape(nameOf(control)) : null),
    defaultValue: () => [],
  });
}

import type { PackagedDictEntry, PackagedDictionary, PartAction } from '../../package.ts';
import { isRecord } from '../../../form/lib/values.ts';
import { nonEmpty, type PartKind } from '../types.ts';



export const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;

export const dictionariesKind: PartKind<PackagedDictionary> = {
  kind: 'dictionary',
  label: '数据字典',
  key: 'dictionaries',
  code: DICT_CODE,
  optional: false,
  codeOf: (d) => d.typeCode,
  read(code, raw) {
    if (!isRecord(raw) || raw.typeCode !== code || !nonEmpty(raw.typeName) || !Array.isArray(raw.entries)) return { part: null, reasons: [`数据字典「${code}」的内容不合法`] };
    const entries: PackagedDictEntry[] = [];
    const seen = new Set<string>();
    for (const e of raw.entries) {
      if (!isRecord(e) || !nonEmpty(e.code, 64) || !nonEmpty(e.name) || (e.parent !== null && typeof e.parent !== 'string') || seen.has(e.code)) {
        return { part: null, reasons: [`数据字典「${raw.typeName}」的字典项不合法`] };
      }
      seen.add(e.code);
      entries.push({ code: e.code, name: e.name, parent: (e.parent as string | null) ?? null, order: Number.isInteger(e.order) ? (e.order as number) : 0 });
    }
    if (entries.some((e) => e.parent !== null && !seen.has(e.parent))) return { part: null, reasons: [`数据字典「${raw.typeName}」的上级字典项不存在`] };
    return { part: { typeCode: code, typeName: raw.typeName, entries }, reasons: [] };
  },
  preview(dicts, { state }) {
    const notes: string[] = [];
    const parts = dicts.map((d) => {
      const mine = state.app?.dictionaries.has(d.typeCode) ?? false;
      const present = state.dictionaries.has(d.typeCode);
      if (present && !mine) notes.push(`数据字典「${d.typeName}」(${d.typeCode}) 已存在，沿用现有字典`);
      const action: PartAction = present ? (mine ? '更新' : '不变') : '新建';
      return { kind: 'dictionary', label: '数据字典', code: d.typeCode, name: d.typeName, action, added: [], changed: [] };
    });
    return { parts, reasons: [], notes };
  },
};


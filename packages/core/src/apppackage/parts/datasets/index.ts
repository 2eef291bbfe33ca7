import type { PackagedDataset } from '../../package.ts';
import { isRecord } from '../../../form/lib/values.ts';
import { allColumns, DatasetError, parseDsMeta, parseExpress, type DsMeta } from '../../../report/dataset.ts';
import { APP_CODE, FORM_REF_PREFIX } from '../../format.ts';
import { compareAction, nonEmpty, sameJson, type PartKind } from '../types.ts';
import { mapReportRefs } from './refs.ts';


export const datasetsKind: PartKind<PackagedDataset> = {
  kind: 'dataset',
  label: '数据集',
  key: 'datasets',
  code: APP_CODE,
  optional: true,
  codeOf: (d) => d.code,
  read(code, raw, ctx) {
    if (!isRecord(raw) || raw.code !== code) return { part: null, reasons: [`数据集「${code}」的内容不合法`] };
    if (!nonEmpty(raw.name)) return { part: null, reasons: [`数据集「${code}」缺少名称，或名称超过 100 字`] };
    const label = `数据集「${raw.name}」`;
    for (const key of Object.keys(raw)) if (!['code', 'name', 'meta'].includes(key)) return { part: null, reasons: [`${label}含应用包不能携带的内容「${key}」（外部数据源不随应用包导出）`] };
    // Tables by packaged form only; the designer's own parser then reads it on stand-in table names.
    const codes = (ctx.read.forms ?? []).map((f) => f.code);
    const standIn = mapReportRefs(raw.meta, { form: (ref) => (ref.startsWith(FORM_REF_PREFIX) && codes.includes(ref.slice(FORM_REF_PREFIX.length)) ? String(codes.indexOf(ref.slice(FORM_REF_PREFIX.length)) + 1) : null), asTable: (i) => `form_${i}` });
    if (standIn.unmapped.length > 0) return { part: null, reasons: standIn.unmapped.map((t) => `${label}读取的表「${t}」不在应用包中`) };
    let parsed: DsMeta;
    try {
      parsed = parseDsMeta(standIn.value);
      for (const c of allColumns(parsed)) if (c.express) parseExpress(c, () => true);
    } catch (err) {
      if (err instanceof DatasetError) return { part: null, reasons: [`${label}：${err.message}`] };
      throw err;
    }
    // The parsed columns, their stand-in tables named by form code again.
    const meta = mapReportRefs(parsed, { form: (id) => `${FORM_REF_PREFIX}${codes[Number(id) - 1]}` }).value as DsMeta;
    return { part: { code, name: raw.name, meta }, reasons: [] };
  },
  preview(datasets, { state }) {
    const installed = state.portable?.get('dataset');
    const parts = datasets.map((d) => ({ kind: 'dataset', label: '数据集', code: d.code, name: d.name, action: compareAction(installed?.get(d.code), { name: d.name, meta: d.meta }, sameJson), added: [], changed: [] }));
    return { parts, reasons: [], notes: [] };
  },
};



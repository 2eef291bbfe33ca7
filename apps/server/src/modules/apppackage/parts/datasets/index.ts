import { allColumns, DatasetError, FORM_REF_PREFIX, formTableParts, mapReportRefs, parseExpress, type DsMeta, type PackagedDataset } from '@park/core';
import { loadModelFor } from '../../../form/index.ts';
import { deletePackagedDataset, platformDatasourceId, savePackagedDataset } from '../../../report/index.ts';
import { datasetsOfForms, partCodes } from '../../repo.ts';
import { badRequest } from '../../../../plugins/errors.ts';
import { madeCode, PackageRefused } from '../../refused.ts';
import type { InstalledPart, ServerPartKind, Target } from '../types.ts';

/*
 * Datasets (数据集) over the packaged forms, on the platform's own database only: a dataset on an
 * external connection reads a server of one installation (its address, user and sealed password
 * do not travel), so it is never exported. The install checks every column against the form as
 * the transaction sees it, as the dataset designer's save checks it against the source.
 */

const portableMeta = (meta: unknown, codeOf: ReadonlyMap<string, string>) =>
  mapReportRefs(meta, { form: (id) => (codeOf.has(id) ? `${FORM_REF_PREFIX}${codeOf.get(id)}` : null) });

const installed = (target: Target) => target.parts.get('dataset') ?? new Map<string, string>();

/** The form (by code) and sub-table key of a packaged column's table. */
function tableOf(table: string): { code: string; subKey: string | null } {
  const p = formTableParts(table)!;
  return { code: p.form.slice(FORM_REF_PREFIX.length), subKey: p.sub ? p.sub.slice(2) : null };
}

export const serverDatasets: ServerPartKind<'datasets'> = {
  key: 'datasets',
  async export(db, sel) {
    const rows = await datasetsOfForms(db, sel.formIds);
    const known = await partCodes(db, 'dataset', rows.map((r) => r.id));
    const codes = new Map<string, string>();
    sel.exported.set('dataset', codes);
    return rows.map((r): PackagedDataset => {
      const meta = portableMeta(r.ds_meta, sel.codeOf);
      if (meta.unmapped.length > 0) throw badRequest(`数据集「${r.name}」读取的表不在应用中：${meta.unmapped.join('、')}`);
      let code = known.get(r.id) ?? madeCode('d', r.name);
      for (let i = 2; [...codes.values()].includes(code); i++) code = `${code.slice(0, 13)}_${i}`;
      codes.set(r.id, code);
      return { code, name: r.name, meta: meta.value as DsMeta };
    });
  },
  async portable(db, target) {
    const ids = installed(target);
    const rows = new Map((await datasetsOfForms(db, [], [...ids.values()])).map((r) => [r.id, r]));
    const codeOf = new Map([...target.formIds].map(([code, id]) => [id, code]));
    const out = new Map<string, unknown>();
    for (const [code, id] of ids) {
      const r = rows.get(id);
      if (r) out.set(code, { name: r.name, meta: portableMeta(r.ds_meta, codeOf).value });
    }
    return out;
  },
  async install(datasets, { trx, userId, preview, target, formIds }) {
    const out: InstalledPart[] = [];
    const had = installed(target);
    const datasource = datasets.length > 0 ? await platformDatasourceId(trx) : '';
    for (const d of datasets) {
      const action = preview.parts.find((p) => p.kind === 'dataset' && p.code === d.code)?.action;
      if (action === '不变' && had.has(d.code)) {
        out.push({ kind: 'dataset', code: d.code, localId: had.get(d.code)! });
        continue;
      }
      const first = tableOf(allColumns(d.meta)[0]!.table);
      const formId = formIds.get(first.code)!;
      const model = await loadModelFor(trx, formId, null);
      for (const c of allColumns(d.meta)) {
        const t = tableOf(c.table);
        if (t.code !== first.code) throw new PackageRefused([`数据集「${d.name}」：一个数据集只能使用一个表单及其子表`]);
        const table = t.subKey === null ? model.main : model.subs.get(t.subKey);
        if (!table) throw new PackageRefused([`数据集「${d.name}」：子表「${t.subKey}」不在表单中`]);
        try {
          if (c.express) parseExpress(c, (col) => (table.queryColumns.has(col) ? table.queryColumns.get(col)!.kind === 'number' : undefined));
          else if (!table.queryColumns.has(c.column)) throw new DatasetError(`字段「${c.desc}」不在表单中`);
        } catch (err) {
          if (err instanceof DatasetError) throw new PackageRefused([`数据集「${d.name}」：${err.message}`]);
          throw err;
        }
      }
      const meta = mapReportRefs(d.meta, { form: (ref) => formIds.get(ref.slice(FORM_REF_PREFIX.length)) ?? null, asTable: (id) => `form_${id}` }).value;
      const id = await savePackagedDataset(trx, had.get(d.code) ?? null, { name: d.name, datasource_id: datasource, ds_meta: JSON.stringify(meta), form_id: formId }, userId);
      out.push({ kind: 'dataset', code: d.code, localId: id });
    }
    return out;
  },
  async uninstall(trx, _ctx, ids) {
    const reasons: string[] = [];
    for (const id of ids.values()) {
      const why = await deletePackagedDataset(trx, id);
      if (why) reasons.push(why);
    }
    return reasons;
  },
};

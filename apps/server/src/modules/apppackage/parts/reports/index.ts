import { DATASET_REF_PREFIX, FORM_REF_PREFIX, mapReportRefs, REPORT_KIND_LABELS, type PackagedReport } from '@park/core';
import { deletePackagedReport, savePackagedReport } from '../../../report/index.ts';
import { installReportMenu, menuAt, partCodes, reportRoleCodes, reportsForExport } from '../../repo.ts';
import { badRequest } from '../../../../plugins/errors.ts';
import { madeCode, PackageRefused } from '../../refused.ts';
import type { InstalledPart, ServerPartKind, Target } from '../types.ts';

/*
 * Reports and dashboards (报表, 大屏) over the package's datasets: each one whose widgets read a
 * packaged dataset comes along, with who may read it (role codes) and its published menu. One that
 * also reads a dataset outside the application — another form's, or one on an external
 * connection — refuses the export, named: half a report would be a broken one.
 */

const installed = (target: Target) => target.parts.get('report') ?? new Map<string, string>();

function portableDesign(meta: unknown, formCodeOf: ReadonlyMap<string, string>, datasetCodeOf: ReadonlyMap<string, string>) {
  return mapReportRefs(meta, {
    form: (id) => (formCodeOf.has(id) ? `${FORM_REF_PREFIX}${formCodeOf.get(id)}` : null),
    dataset: (id) => (datasetCodeOf.has(id) ? `${DATASET_REF_PREFIX}${datasetCodeOf.get(id)}` : null),
  });
}

/** The dataset ids a design's widgets read. */
function datasetIds(meta: unknown): string[] {
  const out: string[] = [];
  mapReportRefs(meta, { form: (x) => x, dataset: (id) => (out.push(id), id) });
  return out;
}

export const serverReports: ServerPartKind<'reports'> = {
  key: 'reports',
  async export(db, sel) {
    const datasets = sel.exported.get('dataset') ?? new Map<string, string>();
    if (datasets.size === 0) return [];
    const rows = (await reportsForExport(db)).filter((r) => datasetIds(r.setting_meta).some((id) => datasets.has(id)));
    const known = await partCodes(db, 'report', rows.map((r) => r.id));
    const out: PackagedReport[] = [];
    for (const r of rows) {
      const kind = r.kind === 'dashboard' ? 'dashboard' : 'report';
      const design = portableDesign(r.setting_meta, sel.codeOf, datasets);
      if (design.unmapped.length > 0) {
        throw badRequest(`${REPORT_KIND_LABELS[kind]}「${r.report_name}」还使用了不在应用中的数据集或表（${design.unmapped.join('、')}）：外部数据源的数据集不随应用包导出，请先调整该报表`);
      }
      let code = known.get(r.id) ?? madeCode('r', r.report_name);
      for (let i = 2; out.some((o) => o.code === code); i++) code = `${code.slice(0, 13)}_${i}`;
      out.push({ code, name: r.report_name, kind, settingMeta: design.value as Record<string, unknown>, roles: await reportRoleCodes(db, r.id), menu: await menuAt(db, `/report/view/${r.id}`) });
    }
    return out;
  },
  async portable(db, target) {
    const ids = installed(target);
    const rows = new Map((await reportsForExport(db, [...ids.values()])).map((r) => [r.id, r]));
    const formCodeOf = new Map([...target.formIds].map(([code, id]) => [id, code]));
    const datasetCodeOf = new Map([...(target.parts.get('dataset') ?? [])].map(([code, id]) => [id, code]));
    const out = new Map<string, unknown>();
    for (const [code, id] of ids) {
      const r = rows.get(id);
      if (r) out.set(code, { name: r.report_name, kind: r.kind, settingMeta: portableDesign(r.setting_meta, formCodeOf, datasetCodeOf).value });
    }
    return out;
  },
  async install(reports, { trx, userId, preview, target, formIds, notes, installed: installedNow }) {
    const out: InstalledPart[] = [];
    const had = installed(target);
    // The datasets this install wrote just before, over those installed earlier.
    const datasetIds = new Map(target.parts.get('dataset') ?? []);
    for (const p of installedNow) if (p.kind === 'dataset') datasetIds.set(p.code, p.localId);
    for (const r of reports) {
      const action = preview.parts.find((p) => p.kind === 'report' && p.code === r.code)?.action;
      const design = mapReportRefs(r.settingMeta, {
        form: (ref) => formIds.get(ref.slice(FORM_REF_PREFIX.length)) ?? null,
        dataset: (ref) => datasetIds.get(ref.slice(DATASET_REF_PREFIX.length)) ?? null,
        asTable: (id) => `form_${id}`,
      });
      if (design.unmapped.length > 0) throw new PackageRefused([`${REPORT_KIND_LABELS[r.kind]}「${r.name}」引用的数据集或表不在应用包中`]);
      const roleIds = r.roles.map((c) => target.roles.idOf.get(c)).filter((x): x is string => x !== undefined);
      const id = action === '不变' && had.has(r.code) ? had.get(r.code)! : await savePackagedReport(trx, had.get(r.code) ?? null, { name: r.name, kind: r.kind, settingMeta: design.value, roleIds, createBy: userId });
      out.push({ kind: 'report', code: r.code, localId: id });
      if (r.menu) {
        const m = await installReportMenu(trx, id, r.menu);
        if (m.missingRoles.length > 0) notes.push(`${REPORT_KIND_LABELS[r.kind]}「${r.name}」的菜单未授权给不存在的角色：${m.missingRoles.join('、')}`);
      }
    }
    return out;
  },
  async uninstall(trx, _ctx, ids) {
    for (const id of ids.values()) await deletePackagedReport(trx, id);
    return [];
  },
};

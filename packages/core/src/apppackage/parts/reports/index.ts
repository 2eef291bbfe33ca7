import type { PackagedReport } from '../../package.ts';
import { isRecord } from '../../../form/lib/values.ts';
import { APP_CODE, FORM_REF_PREFIX } from '../../format.ts';
import { DATASET_REF_PREFIX, mapReportRefs } from '../datasets/refs.ts';
import { codeList, compareAction, nonEmpty, ROLE_CODE, sameJson, type PartKind } from '../types.ts';


export const REPORT_KIND_LABELS = { report: '报表', dashboard: '大屏' } as const;
const DESIGN_MAX = 1024 * 1024;

export const reportsKind: PartKind<PackagedReport> = {
  kind: 'report',
  label: '报表',
  key: 'reports',
  code: APP_CODE,
  optional: true,
  codeOf: (r) => r.code,
  read(code, raw, ctx) {
    if (!isRecord(raw) || raw.code !== code) return { part: null, reasons: [`报表「${code}」的内容不合法`] };
    if (!nonEmpty(raw.name)) return { part: null, reasons: [`报表「${code}」缺少名称，或名称超过 100 字`] };
    if (raw.kind !== 'report' && raw.kind !== 'dashboard') return { part: null, reasons: [`报表「${raw.name}」的类型不合法`] };
    const label = `${REPORT_KIND_LABELS[raw.kind]}「${raw.name}」`;
    if (!isRecord(raw.settingMeta) || JSON.stringify(raw.settingMeta).length > DESIGN_MAX) return { part: null, reasons: [`${label}的设计不合法`] };
    const reasons: string[] = [];
    if (!codeList(raw.roles, ROLE_CODE)) reasons.push(`${label}的授权角色须以角色编码列出`);
    let menu: PackagedReport['menu'] = null;
    if (raw.menu !== null && raw.menu !== undefined) {
      const m = raw.menu;
      if (!isRecord(m) || !nonEmpty(m.group) || !nonEmpty(m.name) || !codeList(m.roles, ROLE_CODE)) reasons.push(`${label}的菜单不合法`);
      else menu = { group: m.group, name: m.name, roles: m.roles };
    }
    // Every dataset and form table a widget names is the package's.
    const forms = new Set((ctx.read.forms ?? []).map((f) => `${FORM_REF_PREFIX}${f.code}`));
    const datasets = new Set((ctx.read.datasets ?? []).map((d) => `${DATASET_REF_PREFIX}${d.code}`));
    const refs = mapReportRefs(raw.settingMeta, { form: (ref) => (forms.has(ref) ? ref : null), dataset: (ref) => (datasets.has(ref) ? ref : null) });
    for (const ref of refs.unmapped) reasons.push(`${label}引用的数据集或表「${ref}」不在应用包中`);
    return { part: { code, name: raw.name, kind: raw.kind, settingMeta: raw.settingMeta, roles: codeList(raw.roles, ROLE_CODE) ? raw.roles : [], menu }, reasons };
  },
  preview(reports, { state }) {
    const installed = state.portable?.get('report');
    const notes: string[] = [];
    const parts = reports.map((r) => {
      const lacking = [...r.roles, ...(r.menu?.roles ?? [])].filter((c) => state.roleCodes !== undefined && !state.roleCodes.has(c));
      if (lacking.length > 0) notes.push(`${REPORT_KIND_LABELS[r.kind]}「${r.name}」未授权给本系统没有的角色：${[...new Set(lacking)].join('、')}`);
      const action = compareAction(installed?.get(r.code), { name: r.name, kind: r.kind, settingMeta: r.settingMeta }, sameJson);
      return { kind: 'report', label: REPORT_KIND_LABELS[r.kind], code: r.code, name: r.name, action, added: [], changed: [] };
    });
    return { parts, reasons: [], notes };
  },
};


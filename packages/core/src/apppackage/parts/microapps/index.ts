import type { PackagedMicroFunction, PackagedMicroApp } from '../../package.ts';
import { isRecord } from '../../../form/lib/values.ts';
import { APP_CODE, FORM_REF_PREFIX } from '../../format.ts';
import { compareAction, nonEmpty, sameJson, type PartKind } from '../types.ts';



/** A route inside the product: a path of plain segments, no scheme, no `..`. */
const ROUTE = /^\/(?:[A-Za-z0-9_-]+\/?)*$/;
const COMPONENT = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const COLOR = /^#[0-9A-Fa-f]{3,8}$/;
const optText = (v: unknown, max: number): v is string | null | undefined => v === null || v === undefined || (typeof v === 'string' && v.length <= max);
const orNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function readFunction(raw: unknown, forms: ReadonlySet<string>, label: string): { fn: PackagedMicroFunction | null; reason: string | null } {
  if (!isRecord(raw) || typeof raw.code !== 'string' || !APP_CODE.test(raw.code) || !nonEmpty(raw.funName)) return { fn: null, reason: `${label}的功能不合法` };
  const name = `${label}的功能「${raw.funName}」`;
  if (raw.type !== 0 && raw.type !== 1 && raw.type !== 2) return { fn: null, reason: `${name}类型不合法` };
  if (raw.showType !== 0 && raw.showType !== 1 && raw.showType !== 2) return { fn: null, reason: `${name}显示端不合法` };
  if (!optText(raw.tag, 100) || !optText(raw.explanation, 500)) return { fn: null, reason: `${name}的标签或说明不合法` };
  const form = orNull(raw.form);
  if (raw.type !== 2 && (form === null || !form.startsWith(FORM_REF_PREFIX) || !forms.has(form.slice(FORM_REF_PREFIX.length)))) return { fn: null, reason: `${name}的表单「${form ?? ''}」不在应用包中` };
  const menuUrl = orNull(raw.menuUrl);
  const component = orNull(raw.component);
  if (menuUrl !== null && !ROUTE.test(menuUrl)) return { fn: null, reason: `${name}的地址「${menuUrl.slice(0, 100)}」不合法` };
  if (component !== null && !COMPONENT.test(component)) return { fn: null, reason: `${name}的页面组件不合法` };
  if (raw.type === 2 && menuUrl === null) return { fn: null, reason: `${name}缺少专项服务地址` };
  return { fn: { code: raw.code, funName: raw.funName, type: raw.type, showType: raw.showType, form: raw.type === 2 ? null : form, menuUrl, component, tag: orNull(raw.tag), explanation: orNull(raw.explanation) }, reason: null };
}

export const microAppsKind: PartKind<PackagedMicroApp> = {
  kind: 'micro_app',
  label: '微应用',
  key: 'microapps',
  code: APP_CODE,
  optional: true,
  codeOf: (m) => m.code,
  read(code, raw, ctx) {
    if (!isRecord(raw) || raw.code !== code) return { part: null, reasons: [`微应用「${code}」的内容不合法`] };
    if (!nonEmpty(raw.appName, 50)) return { part: null, reasons: [`微应用「${code}」缺少名称，或名称超过 50 字`] };
    const label = `微应用「${raw.appName}」`;
    if (!Number.isInteger(raw.appType) || !optText(raw.introduce, 500) || !optText(raw.tag, 100) || !optText(raw.iconName, 100)) return { part: null, reasons: [`${label}的内容不合法`] };
    if (raw.iconBgColor !== null && raw.iconBgColor !== undefined && (typeof raw.iconBgColor !== 'string' || !COLOR.test(raw.iconBgColor))) return { part: null, reasons: [`${label}的图标颜色不合法`] };
    if (!Array.isArray(raw.functions) || raw.functions.length > 200) return { part: null, reasons: [`${label}的功能列表不合法`] };
    const forms = new Set((ctx.read.forms ?? []).map((f) => f.code));
    const reasons: string[] = [];
    const functions: PackagedMicroFunction[] = [];
    for (const f of raw.functions) {
      const r = readFunction(f, forms, label);
      if (r.reason) reasons.push(r.reason);
      else if (functions.some((x) => x.code === r.fn!.code)) reasons.push(`${label}的功能编码重复`);
      else functions.push(r.fn!);
    }
    const part: PackagedMicroApp = { code, appName: raw.appName, appType: raw.appType as number, introduce: orNull(raw.introduce), tag: orNull(raw.tag), iconName: orNull(raw.iconName), iconBgColor: orNull(raw.iconBgColor), functions };
    return { part, reasons };
  },
  checkWhole: (pkg) => (pkg.microapps.length > 1 ? ['一个应用包最多包含一个微应用'] : []),
  preview(apps, { state }) {
    const installed = state.portable?.get('micro_app');
    const parts = apps.map((m) => ({ kind: 'micro_app', label: '微应用', code: m.code, name: m.appName, action: compareAction(installed?.get(m.code), m, sameJson), added: [], changed: [] }));
    return { parts, reasons: [], notes: [] };
  },
};


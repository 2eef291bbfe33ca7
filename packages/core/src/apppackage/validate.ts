import { parseFormMeta, validateFormMeta } from '../form/designValidation.ts';
import { directDepends } from '../tenant/formDepends.ts';
import { isRecord } from '../form/lib/values.ts';
import { IDENTIFIER } from '../form/designValidation.ts';
import { entryNameProblem } from './entryNames.ts';
import { flowProblems } from './flows.ts';
import { packagedFormRefs } from './formRefs.ts';
import {
  APP_CODE,
  APP_PACKAGE_FORMAT,
  dictEntry,
  entriesDigestText,
  flowEntry,
  formEntry,
  MANIFEST_ENTRY,
  SEMVER,
  type AppManifest,
  type AppPackage,
  type PackagedDictionary,
  type PackagedFlow,
  type PackagedForm,
} from './format.ts';

/*
 * Reading a package's entries into an AppPackage, refusing it whole at the first kind of problem
 * (each reason in Chinese). The server inflates the zip under PACKAGE_LIMITS and hands the entries
 * here; the hash is the caller's (node:crypto on the server), so this stays pure.
 */

/** sha256 hex of a text's UTF-8 bytes. */
export type Sha256 = (text: string) => string;
export type ReadResult = { ok: true; pkg: AppPackage } | { ok: false; reasons: string[] };

const DICT_CODE = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const ROLE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const NAME_MAX = 100;

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const str = (v: unknown, max = NAME_MAX): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= max;
const codes = (v: unknown, rule: RegExp): v is string[] => Array.isArray(v) && v.every((c) => typeof c === 'string' && rule.test(c));

function manifestProblems(m: unknown): string[] {
  if (!isRecord(m)) return ['manifest.json 不是有效的 JSON 对象'];
  if (m.format !== APP_PACKAGE_FORMAT) return [`不支持的应用包格式版本：${String(m.format)}（本系统支持 ${APP_PACKAGE_FORMAT}）`];
  const out: string[] = [];
  const app = isRecord(m.app) ? m.app : {};
  if (typeof app.code !== 'string' || !APP_CODE.test(app.code)) out.push(`应用编码「${String(app.code ?? '')}」不合法：须以字母开头，只含字母、数字和下划线`);
  if (!str(app.name)) out.push('应用名称不能为空，且不超过 100 字');
  if (typeof app.version !== 'string' || !SEMVER.test(app.version)) out.push(`版本号「${String(app.version ?? '')}」不合法，应形如 1.0.0`);
  if (app.description !== undefined && (typeof app.description !== 'string' || app.description.length > 500)) out.push('应用描述不超过 500 字');
  const parts = isRecord(m.parts) ? m.parts : {};
  if (!codes(parts.forms, APP_CODE)) out.push('表单编码不合法：须以字母开头，只含字母、数字和下划线');
  if (!codes(parts.dictionaries, DICT_CODE)) out.push('数据字典编码不合法');
  if (parts.flows !== undefined && !codes(parts.flows, APP_CODE)) out.push('审批流程的表单编码不合法');
  const deps = isRecord(m.dependencies) ? m.dependencies : {};
  if (!codes(deps.dictionaries, DICT_CODE)) out.push('依赖的数据字典编码不合法');
  if (!Array.isArray(m.entries) || !m.entries.every((e) => isRecord(e) && typeof e.path === 'string' && typeof e.sha256 === 'string')) out.push('manifest.json 的文件清单不合法');
  if (typeof m.sha256 !== 'string') out.push('manifest.json 缺少整包校验值');
  return out;
}

function formProblems(code: string, raw: unknown): { form: PackagedForm | null; reasons: string[] } {
  if (!isRecord(raw) || raw.code !== code) return { form: null, reasons: [`表单「${code}」的内容不合法`] };
  if (!str(raw.formName)) return { form: null, reasons: [`表单「${code}」缺少名称`] };
  const parsed = parseFormMeta(raw.meta);
  if (!parsed.ok) return { form: null, reasons: [`表单「${raw.formName}」：${parsed.message}`] };
  const reasons: string[] = [];
  const check = validateFormMeta(parsed.meta);
  if (!check.ok) for (const e of check.errors) reasons.push(`表单「${raw.formName}」：${e.message}`);
  let menu: PackagedForm['menu'] = null;
  if (raw.menu !== null && raw.menu !== undefined) {
    const m = raw.menu;
    if (!isRecord(m) || !str(m.group) || !str(m.name) || !codes(m.roles, ROLE_CODE)) reasons.push(`表单「${raw.formName}」的菜单不合法`);
    else menu = { group: m.group, name: m.name, roles: m.roles };
  }
  return { form: { code, formName: raw.formName, meta: parsed.meta, menu }, reasons };
}

function dictProblems(code: string, raw: unknown): { dict: PackagedDictionary | null; reasons: string[] } {
  if (!isRecord(raw) || raw.typeCode !== code || !str(raw.typeName) || !Array.isArray(raw.entries)) return { dict: null, reasons: [`数据字典「${code}」的内容不合法`] };
  const entries: PackagedDictionary['entries'] = [];
  const seen = new Set<string>();
  for (const e of raw.entries) {
    if (!isRecord(e) || !str(e.code, 64) || !str(e.name) || (e.parent !== null && typeof e.parent !== 'string') || seen.has(e.code)) {
      return { dict: null, reasons: [`数据字典「${raw.typeName}」的字典项不合法`] };
    }
    seen.add(e.code);
    entries.push({ code: e.code, name: e.name, parent: (e.parent as string | null) ?? null, order: Number.isInteger(e.order) ? (e.order as number) : 0 });
  }
  if (entries.some((e) => e.parent !== null && !seen.has(e.parent))) return { dict: null, reasons: [`数据字典「${raw.typeName}」的上级字典项不存在`] };
  return { dict: { typeCode: code, typeName: raw.typeName, entries }, reasons: [] };
}

/**
 * The package in `files` (entry name → its UTF-8 text; the server refuses bytes that are not UTF-8), or every reason to refuse it. Dependencies on the
 * installation (a dictionary not in the package) are the server's to check: `manifest.dependencies`.
 */
export function readAppPackage(files: ReadonlyMap<string, string>, sha256: Sha256): ReadResult {
  const names = [...files.keys()];
  const badNames = names.map(entryNameProblem).filter((r): r is string => r !== null);
  if (badNames.length > 0) return { ok: false, reasons: badNames };
  const manifestBytes = files.get(MANIFEST_ENTRY);
  if (manifestBytes === undefined) return { ok: false, reasons: ['应用包缺少 manifest.json'] };
  const raw = json(manifestBytes);
  const mp = manifestProblems(raw);
  if (mp.length > 0) return { ok: false, reasons: mp };
  const manifest = raw as AppManifest;

  // Checksums before any content is believed: every entry listed, every listed entry present and equal.
  const listed = new Map(manifest.entries.map((e) => [e.path, e.sha256]));
  const reasons: string[] = [];
  for (const name of names) if (name !== MANIFEST_ENTRY && !listed.has(name)) reasons.push(`文件「${name}」不在清单中`);
  for (const [path, hash] of listed) {
    const bytes = files.get(path);
    if (bytes === undefined) reasons.push(`清单中的文件「${path}」缺失`);
    else if (sha256(bytes) !== hash) reasons.push(`文件「${path}」校验值不符，应用包可能被篡改或损坏`);
  }
  if (sha256(entriesDigestText(manifest.entries)) !== manifest.sha256) reasons.push('整包校验值不符，应用包可能被篡改或损坏');
  if (reasons.length > 0) return { ok: false, reasons };

  const forms: PackagedForm[] = [];
  for (const code of manifest.parts.forms) {
    const bytes = files.get(formEntry(code));
    const r = bytes !== undefined ? formProblems(code, json(bytes)) : { form: null, reasons: [`缺少表单「${code}」的文件`] };
    reasons.push(...r.reasons);
    if (r.form) forms.push(r.form);
  }
  const dictionaries: PackagedDictionary[] = [];
  for (const code of manifest.parts.dictionaries) {
    const bytes = files.get(dictEntry(code));
    const r = bytes !== undefined ? dictProblems(code, json(bytes)) : { dict: null, reasons: [`缺少数据字典「${code}」的文件`] };
    reasons.push(...r.reasons);
    if (r.dict) dictionaries.push(r.dict);
  }
  const flows: PackagedFlow[] = [];
  const formsByCode = new Map(forms.map((f) => [f.code, f]));
  for (const code of new Set(manifest.parts.flows ?? [])) {
    const bytes = files.get(flowEntry(code));
    const r = bytes !== undefined ? flowProblems(code, json(bytes), formsByCode) : { flow: null, reasons: [`缺少审批流程「${code}」的文件`] };
    reasons.push(...r.reasons);
    if (r.flow) flows.push(r.flow);
  }
  if (new Set(manifest.parts.forms).size !== manifest.parts.forms.length) reasons.push('表单编码重复');
  if (new Set(forms.map((f) => f.formName)).size !== forms.length) reasons.push('应用包内表单名称重复');
  // Every form a design names is in the package; every dictionary it uses is in it or a declared dependency.
  const formCodes = new Set(manifest.parts.forms);
  const dictCodes = new Set([...manifest.parts.dictionaries, ...manifest.dependencies.dictionaries]);
  for (const f of forms) {
    for (const ref of packagedFormRefs(f.meta)) if (!formCodes.has(ref)) reasons.push(`表单「${f.formName}」引用的表单「${ref}」不在应用包中`);
    for (const d of directDepends('0', f.meta).dictionaries) if (!dictCodes.has(d)) reasons.push(`表单「${f.formName}」使用的数据字典「${d}」既不在应用包中，也未声明为依赖`);
    for (const sub of directDepends('0', f.meta).tables) if (!IDENTIFIER.test(sub.slice('form_0__'.length))) reasons.push(`表单「${f.formName}」的子表名不合法`);
  }
  if (reasons.length > 0) return { ok: false, reasons };
  return { ok: true, pkg: { manifest, forms, dictionaries, flows } };
}

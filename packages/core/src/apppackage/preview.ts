import { flattenControls, storageColumns, subTableChildren, subTablesOf } from '../form/walk.ts';
import type { DesignChange } from '../tenant/formDepends.ts';
import type { FormMeta } from '../form/types.ts';
import { compareSemver } from './format.ts';
import { formsKind } from './parts/forms/index.ts';
import { PART_KEYS, PART_KINDS, type AppPackage } from './parts/index.ts';
import type { PartKind } from './parts/types.ts';

/*
 * What importing a package will do, before anything is written (导入预览): per part 新建 / 更新 /
 * 不变, the fields an upgrade adds and changes, and the reasons that refuse it. Pure over the
 * installation's state, which the server reads; whether a changed field holds data is the
 * server's question (it asks the rows), added to `reasons`.
 */

export type PartAction = '新建' | '更新' | '不变';

export interface PartPreview {
  /** The part kind (parts/index.ts: form, dictionary, flow, automation …). */
  kind: string;
  /** Its Chinese name (表单, 自动化 …). */
  label: string;
  code: string;
  name: string;
  action: PartAction;
  /** Field names (the designer's labels) an upgrade adds. */
  added: string[];
  /** Fields an upgrade drops or retypes, e.g. 「数量」改为数字. */
  changed: string[];
}

export interface InstalledApp {
  version: string;
  /** The application's forms by code: their current name and design. */
  forms: ReadonlyMap<string, { formName: string; meta: FormMeta }>;
  dictionaries: ReadonlySet<string>;
}

export interface InstallationState {
  /**
   * This application's installed parts other than forms and dictionaries, by kind (`flow`,
   * `automation` …) then code, made portable the way export makes them (roles as codes, forms as
   * `@form:`), so each kind's preview compares them with the packaged ones.
   */
  portable?: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  /** Role codes the target has: a flow naming another is refused (nobody would approve). */
  roleCodes?: ReadonlySet<string>;
  /** This application as installed in the target, or null. */
  app: InstalledApp | null;
  /** Names of forms in the target that are not this application's. */
  otherFormNames: ReadonlySet<string>;
  /** Dictionary type codes the target has (any owner). */
  dictionaries: ReadonlySet<string>;
}

export interface PackagePreview {
  code: string;
  name: string;
  version: string;
  /** null: a first install. */
  fromVersion: string | null;
  parts: PartPreview[];
  /** Design changes of each upgraded form by code, for the server's data check. */
  changes: Array<{ code: string; formName: string; changes: DesignChange[]; before: FormMeta }>;
  reasons: string[];
  /** Things done differently than asked, said to the user (a dictionary the target already has …). */
  notes: string[];
}

/** The label of a stored column in a design: the control's name. */
export function fieldLabel(meta: FormMeta, subKey: string | null, column: string): string {
  const source = subKey === null ? meta : subTablesOf(meta).find((t) => t.model === subKey);
  if (!source) return column;
  const controls = subKey === null ? flattenControls(meta) : flattenControls(subTableChildren(source as never));
  const c = controls.find((x) => x.model === column);
  return typeof c?.name === 'string' && c.name ? c.name : column;
}

export function addedFields(before: FormMeta, after: FormMeta): string[] {
  const a = storageColumns(before);
  const b = storageColumns(after);
  const had = new Set([...a.main.map((c) => `:${c.name}`), ...a.subTables.flatMap((s) => s.columns.map((c) => `${s.subKey}:${c.name}`))]);
  const out: string[] = [];
  for (const c of b.main) if (!had.has(`:${c.name}`)) out.push(fieldLabel(after, null, c.name));
  for (const s of b.subTables) for (const c of s.columns) if (!had.has(`${s.subKey}:${c.name}`)) out.push(`${s.name}.${fieldLabel(after, s.subKey, c.name)}`);
  return out;
}

export function previewPackage(pkg: AppPackage, state: InstallationState): PackagePreview {
  const { app } = pkg.manifest;
  const reasons: string[] = [];
  const notes: string[] = [];
  const installed = state.app;
  if (installed && compareSemver(app.version, installed.version) <= 0) {
    reasons.push(`已安装「${app.name}」${installed.version}，导入的版本 ${app.version} 不高于已安装版本，不能导入`);
  }
  const parts: PartPreview[] = [];
  const formName = (code: string) => pkg.forms.find((f) => f.code === code)?.formName ?? code;
  for (const key of PART_KEYS) {
    const kind = PART_KINDS[key] as PartKind<unknown>;
    const r = kind.preview(pkg[key], { pkg, state, formName });
    parts.push(...r.parts);
    reasons.push(...r.reasons);
    notes.push(...r.notes);
  }
  for (const code of pkg.manifest.dependencies.dictionaries) {
    if (!state.dictionaries.has(code)) reasons.push(`缺少依赖的数据字典「${code}」：请先创建该字典或使用包含它的应用包`);
  }
  const changes = formsKind.changes(pkg.forms, installed?.forms ?? new Map());
  return { code: app.code, name: app.name, version: app.version, fromVersion: installed?.version ?? null, parts, changes, reasons, notes };
}

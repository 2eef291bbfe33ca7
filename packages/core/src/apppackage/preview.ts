import { flattenControls, storageColumns, subTableChildren, subTablesOf } from '../form/walk.ts';
import { designChanges, type DesignChange } from '../tenant/formDepends.ts';
import type { FlowNode } from '../flow/types.ts';
import type { FormMeta } from '../form/types.ts';
import { flowRoleCodes, sameFlowTree } from './flows.ts';
import { compareSemver, type AppPackage } from './format.ts';

/*
 * What importing a package will do, before anything is written (导入预览): per part 新建 / 更新 /
 * 不变, the fields an upgrade adds and changes, and the reasons that refuse it. Pure over the
 * installation's state, which the server reads; whether a changed field holds data is the
 * server's question (it asks the rows), added to `reasons`.
 */

export type PartAction = '新建' | '更新' | '不变';

export interface PartPreview {
  kind: 'form' | 'dictionary' | 'flow';
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
   * The active approval flow of each of this application's installed forms, by form code, made
   * portable the way export makes it (roles as codes), so it compares with the packaged one.
   */
  flows?: ReadonlyMap<string, FlowNode>;
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

function addedFields(before: FormMeta, after: FormMeta): string[] {
  const a = storageColumns(before);
  const b = storageColumns(after);
  const had = new Set([...a.main.map((c) => `:${c.name}`), ...a.subTables.flatMap((s) => s.columns.map((c) => `${s.subKey}:${c.name}`))]);
  const out: string[] = [];
  for (const c of b.main) if (!had.has(`:${c.name}`)) out.push(fieldLabel(after, null, c.name));
  for (const s of b.subTables) for (const c of s.columns) if (!had.has(`${s.subKey}:${c.name}`)) out.push(`${s.name}.${fieldLabel(after, s.subKey, c.name)}`);
  return out;
}

const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

export function previewPackage(pkg: AppPackage, state: InstallationState): PackagePreview {
  const { app } = pkg.manifest;
  const reasons: string[] = [];
  const notes: string[] = [];
  const installed = state.app;
  if (installed && compareSemver(app.version, installed.version) <= 0) {
    reasons.push(`已安装「${app.name}」${installed.version}，导入的版本 ${app.version} 不高于已安装版本，不能导入`);
  }
  const parts: PartPreview[] = [];
  const changes: PackagePreview['changes'] = [];
  for (const f of pkg.forms) {
    if (state.otherFormNames.has(f.formName)) reasons.push(`表单名称「${f.formName}」已被本系统的其他表单使用`);
    const was = installed?.forms.get(f.code);
    if (!was) {
      parts.push({ kind: 'form', code: f.code, name: f.formName, action: '新建', added: [], changed: [] });
      continue;
    }
    const dc = designChanges(was.meta, f.meta);
    changes.push({ code: f.code, formName: f.formName, changes: dc, before: was.meta });
    const changed = dc.map((c) => `「${fieldLabel(was.meta, c.subKey, c.column)}」${c.kind === 'dropped' ? '被删除' : `由 ${c.from} 改为 ${c.to}`}`);
    const unchanged = was.formName === f.formName && same(was.meta, f.meta);
    parts.push({ kind: 'form', code: f.code, name: f.formName, action: unchanged ? '不变' : '更新', added: addedFields(was.meta, f.meta), changed });
  }
  if (installed) {
    for (const [code, was] of installed.forms) {
      if (!pkg.forms.some((f) => f.code === code)) notes.push(`新版本不再包含表单「${was.formName}」，该表单及其数据保留`);
    }
  }
  for (const d of pkg.dictionaries) {
    const mine = installed?.dictionaries.has(d.typeCode) ?? false;
    const present = state.dictionaries.has(d.typeCode);
    if (present && !mine) notes.push(`数据字典「${d.typeName}」(${d.typeCode}) 已存在，沿用现有字典`);
    parts.push({ kind: 'dictionary', code: d.typeCode, name: d.typeName, action: present ? (mine ? '更新' : '不变') : '新建', added: [], changed: [] });
  }
  for (const flow of pkg.flows) {
    const formName = pkg.forms.find((f) => f.code === flow.form)?.formName ?? flow.form;
    const was = state.flows?.get(flow.form);
    const action: PartAction = was === undefined ? '新建' : sameFlowTree(was, flow.tree) ? '不变' : '更新';
    parts.push({ kind: 'flow', code: flow.form, name: `${formName}（审批流程）`, action, added: [], changed: [] });
    notes.push(...flow.notes.map((n) => `表单「${formName}」的审批流程：${n}`));
    const lacking = flowRoleCodes(flow.tree).filter((c) => state.roleCodes !== undefined && !state.roleCodes.has(c));
    if (lacking.length > 0) reasons.push(`表单「${formName}」的审批流程使用的角色「${lacking.join('、')}」在本系统中不存在：请先创建这些角色`);
  }
  for (const code of pkg.manifest.dependencies.dictionaries) {
    if (!state.dictionaries.has(code)) reasons.push(`缺少依赖的数据字典「${code}」：请先创建该字典或使用包含它的应用包`);
  }
  return { code: app.code, name: app.name, version: app.version, fromVersion: installed?.version ?? null, parts, changes, reasons, notes };
}

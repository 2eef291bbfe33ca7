import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  APP_CODE,
  APP_PACKAGE_FORMAT,
  dictEntry,
  entriesDigestText,
  flowEntry,
  formEntry,
  localFlowTree,
  FORM_REF_PREFIX,
  MANIFEST_ENTRY,
  mapFormRefs,
  portableFlowTree,
  previewPackage,
  readAppPackage,
  SEMVER,
  type AppManifest,
  type AppPackage,
  type FlowNode,
  type FormMeta,
  type InstalledApp,
  type PackagedFlow,
  type PackagedForm,
  type PackagePreview,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../plugins/errors.ts';
import { installFormDesign, removeEmptyPackagedForm } from '../form/index.ts';
import { analyzeParkForms, handDownInPackage, lossesIn, planFor } from '../tenant/index.ts';
import {
  activeFlows,
  installFlow,
  parkRoles,
  findParkApp,
  formCodes,
  formMenu,
  formNamesExcept,
  formsById,
  installDictionary,
  installFormMenu,
  lockAppCode,
  parkDictionaries,
  parkDictionaryCodes,
  partsOf,
  saveInstalled,
  saveTenantInstall,
  tenantNames,
  deleteInstalled,
  installedInTenants,
} from './repo.ts';
import { readZip, writeZip } from './zip.ts';

/*
 * 应用管理 (issue 41, ADR 0054): export an application's parts from the park into one package,
 * read and preview an uploaded one, and install or upgrade it in one transaction. Every check
 * of the package is core's (readAppPackage, previewPackage); this adds what only the database
 * knows (what is installed, which changed field holds data).
 */

export const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

export class PackageRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('；'));
  }
}

export interface ExportRequest {
  code: string;
  name: string;
  version: string;
  description: string;
  formIds: string[];
  dictionaries: string[];
}

/** A form's code in a package: the one it was installed under, or one made from its name (stable across exports). */
const madeCode = (formName: string) => `f${sha256(formName).slice(0, 12)}`;

export async function exportPackage(db: Kysely<Database>, req: ExportRequest): Promise<{ fileName: string; zip: Buffer; manifest: AppManifest }> {
  if (!APP_CODE.test(req.code)) throw badRequest('应用编码须以字母开头，只含字母、数字和下划线');
  if (!SEMVER.test(req.version)) throw badRequest('版本号应形如 1.0.0');
  if (!req.name.trim()) throw badRequest('请填写应用名称');
  if (req.formIds.length === 0) throw badRequest('请选择应用包含的表单');
  // Forms pull the forms they read from and the dictionaries they choose from (core's walk).
  const depends = await analyzeParkForms(db, req.formIds);
  if (depends.missing.length > 0) throw badRequest(`表单引用的表单已不存在（编号 ${depends.missing.join('、')}）`);
  const ids = [...Object.keys(depends.originalFormMap), ...Object.keys(depends.dependsFormMap)];
  const stored = await formsById(db, ids);
  const undesigned = stored.filter((f) => !f.meta);
  if (undesigned.length > 0) throw badRequest(`表单「${undesigned[0]!.formName}」暂未进行表单设计，不能导出`);
  const known = await formCodes(db, ids);
  const codeOf = new Map(stored.map((f) => [f.id, known.get(f.id) ?? madeCode(f.formName)]));
  const forms: PackagedForm[] = [];
  for (const f of stored) {
    const mapped = mapFormRefs(f.meta!, (ref) => (codeOf.has(ref) ? `${FORM_REF_PREFIX}${codeOf.get(ref)}` : null));
    if (mapped.unmapped.length > 0) throw badRequest(`表单「${f.formName}」引用的表单无法导出：${mapped.unmapped.join('、')}`);
    forms.push({ code: codeOf.get(f.id)!, formName: f.formName, meta: mapped.meta, menu: await formMenu(db, f.id) });
  }
  // Each form's deployed approval flow comes with it, roles by code (flows.ts says what is left out).
  const roles = await parkRoles(db);
  const flows: PackagedFlow[] = [];
  for (const [formId, flow] of await activeFlows(db, ids)) {
    const portable = portableFlowTree(flow.tree, (id) => roles.codeOf.get(id) ?? null);
    flows.push({ form: codeOf.get(formId)!, modelName: flow.modelName, tree: portable.tree, notes: portable.notes });
  }
  flows.sort((a, b) => (a.form < b.form ? -1 : 1));
  const dictCodes = [...new Set([...req.dictionaries, ...depends.dependDictionaries])].sort();
  const dictionaries = await parkDictionaries(db, dictCodes);
  const packaged = new Set(dictionaries.map((d) => d.typeCode));
  const app = { code: req.code, name: req.name.trim(), version: req.version, description: req.description.trim() };
  return packParts(app, { forms, dictionaries, flows }, dictCodes.filter((c) => !packaged.has(c)), new Date());
}

/**
 * The zip of a package's parts with its manifest (entries' and whole-package checksums). Export
 * writes it from the park's forms; an application kept as source (apps/<name>/) is built by it
 * from its JSON files, with a fixed `exportedAt` so the same source gives the same file.
 */
export function packParts(
  app: AppManifest['app'],
  parts: Pick<AppPackage, 'forms' | 'dictionaries' | 'flows'>,
  dependencies: string[],
  exportedAt: Date,
): { fileName: string; zip: Buffer; manifest: AppManifest } {
  const { forms, dictionaries, flows } = parts;
  const entries = new Map<string, string>();
  for (const f of parts.forms) entries.set(formEntry(f.code), JSON.stringify(f, null, 2));
  for (const d of parts.dictionaries) entries.set(dictEntry(d.typeCode), JSON.stringify(d, null, 2));
  for (const f of parts.flows) entries.set(flowEntry(f.form), JSON.stringify(f, null, 2));
  const list = [...entries].map(([path, text]) => ({ path, sha256: sha256(text) }));
  const manifest: AppManifest = {
    format: APP_PACKAGE_FORMAT,
    app,
    dependencies: { dictionaries: dependencies },
    parts: { forms: forms.map((f) => f.code), dictionaries: dictionaries.map((d) => d.typeCode), flows: flows.map((f) => f.form) },
    entries: list,
    sha256: sha256(entriesDigestText(list)),
    exportedAt: exportedAt.toISOString(),
  };
  entries.set(MANIFEST_ENTRY, JSON.stringify(manifest, null, 2));
  return { fileName: `${app.code}-${app.version}.zip`, zip: writeZip(entries), manifest };
}

/** The package in an uploaded file, or every reason it is refused. */
export function readPackageFile(data: Uint8Array): AppPackage {
  const zip = readZip(data);
  if (!zip.ok) throw new PackageRefused(zip.reasons);
  const read = readAppPackage(zip.files, sha256);
  if (!read.ok) throw new PackageRefused(read.reasons);
  return read.pkg;
}

interface Target {
  appId: string | null;
  /** form code → installed form id */
  formIds: Map<string, string>;
  /** role code → the park's role id */
  roleIds: Map<string, string>;
}

/** The preview against the park as it is now (inside the install's transaction, the same check). */
async function previewIn(db: Kysely<Database>, pkg: AppPackage): Promise<{ preview: PackagePreview; target: Target }> {
  const app = await findParkApp(db, pkg.manifest.app.code);
  const parts = app ? await partsOf(db, app.id) : [];
  const formIds = new Map(parts.filter((p) => p.kind === 'form').map((p) => [p.code, String(p.local_id)]));
  const stored = await formsById(db, [...formIds.values()]);
  const byId = new Map(stored.map((f) => [f.id, f]));
  const forms = new Map<string, { formName: string; meta: FormMeta }>();
  for (const [code, id] of formIds) {
    const f = byId.get(id);
    if (f) forms.set(code, { formName: f.formName, meta: f.meta ?? { list: [], config: {} } });
    else formIds.delete(code); // deleted since it was installed: installed again
  }
  const installed: InstalledApp | null = app
    ? { version: app.version, forms, dictionaries: new Set(parts.filter((p) => p.kind === 'dictionary').map((p) => p.code)) }
    : null;
  const roles = await parkRoles(db);
  const flows = new Map<string, FlowNode>();
  const idToCode = new Map([...formIds].map(([code, id]) => [id, code]));
  for (const [formId, flow] of await activeFlows(db, [...formIds.values()])) {
    flows.set(idToCode.get(formId)!, portableFlowTree(flow.tree, (id) => roles.codeOf.get(id) ?? null).tree);
  }
  const preview = previewPackage(pkg, {
    app: installed,
    flows,
    roleCodes: new Set(roles.idOf.keys()),
    otherFormNames: await formNamesExcept(db, [...formIds.values()]),
    dictionaries: await parkDictionaryCodes(db),
  });
  // A field that holds data is never dropped or retyped away by an upgrade (the tenant sync's check).
  for (const c of preview.changes) {
    const id = formIds.get(c.code);
    if (id && c.changes.length > 0) preview.reasons.push(...(await lossesIn(db, id, null, c.changes, c.before)).map((r) => `表单「${c.formName}」：${r}`));
  }
  return { preview, target: { appId: app?.id ?? null, formIds, roleIds: roles.idOf } };
}

export async function previewPackageFile(db: Kysely<Database>, data: Uint8Array): Promise<PackagePreview> {
  return (await previewIn(db, readPackageFile(data))).preview;
}

export interface InstallReport {
  preview: PackagePreview;
  formIds: Record<string, string>;
  notes: string[];
}

/**
 * Installs or upgrades in one transaction; any refusal rolls everything back. The forms land in
 * the park and, for each chosen tenant, are handed down as 表单分配 does (ADR 0037).
 */
export async function installPackageFile(ctx: AppContext, data: Uint8Array, userId: string, tenantIds: readonly string[] = []): Promise<InstallReport> {
  const pkg = readPackageFile(data);
  const report = await ctx.db.transaction().execute(async (trx) => {
    await lockAppCode(trx, pkg.manifest.app.code);
    const { preview, target } = await previewIn(trx, pkg);
    if (preview.reasons.length > 0) throw new PackageRefused(preview.reasons);
    const notes = [...preview.notes];
    const parts: Array<{ kind: 'form' | 'dictionary' | 'menu' | 'flow'; code: string; localId: string }> = [];
    for (const d of pkg.dictionaries) parts.push({ kind: 'dictionary', code: d.typeCode, localId: await installDictionary(trx, d) });
    // First every form has an id, then designs are written with references mapped to those ids.
    const ids = new Map(target.formIds);
    for (const f of pkg.forms) {
      if (!ids.has(f.code)) ids.set(f.code, await installFormDesign(trx, ctx, { formId: null, formName: f.formName, meta: { list: [], config: {} }, createBy: userId }));
    }
    for (const f of pkg.forms) {
      const formId = ids.get(f.code)!;
      const mapped = mapFormRefs(
        f.meta,
        (ref) => (ref.startsWith(FORM_REF_PREFIX) ? (ids.get(ref.slice(FORM_REF_PREFIX.length)) ?? null) : null),
        (id) => `form_${id}`,
      );
      if (mapped.unmapped.length > 0) throw new PackageRefused([`表单「${f.formName}」引用的表单不在应用包中`]);
      await installFormDesign(trx, ctx, { formId, formName: f.formName, meta: mapped.meta, createBy: userId });
      parts.push({ kind: 'form', code: f.code, localId: formId });
      if (f.menu) {
        const m = await installFormMenu(trx, formId, f.menu);
        parts.push({ kind: 'menu', code: f.code, localId: m.menuId });
        if (m.missingRoles.length > 0) notes.push(`表单「${f.formName}」的菜单未授权给不存在的角色：${m.missingRoles.join('、')}`);
      }
    }
    // After the designs: a flow names its form's fields. An unchanged flow keeps its active version.
    for (const flow of pkg.flows) {
      const local = localFlowTree(flow.tree, (code) => target.roleIds.get(code) ?? null);
      if (local.missingRoles.length > 0) throw new PackageRefused([`审批流程使用的角色「${local.missingRoles.join('、')}」在本系统中不存在`]);
      const deploy = preview.parts.find((p) => p.kind === 'flow' && p.code === flow.form)?.action !== '不变';
      parts.push({ kind: 'flow', code: flow.form, localId: await installFlow(trx, ids.get(flow.form)!, { modelName: flow.modelName, tree: local.tree, deploy }, userId) });
    }
    const { app } = pkg.manifest;
    const fields = { code: app.code, name: app.name, version: app.version, description: app.description, manifest: JSON.stringify(pkg.manifest), userId };
    await saveInstalled(trx, { id: target.appId, ...fields }, parts);
    if (tenantIds.length > 0) {
      const names = await tenantNames(trx, tenantIds);
      const formIds = pkg.forms.map((f) => ids.get(f.code)!);
      const plan = await planFor(trx, formIds[0]!, formIds.slice(1), pkg.dictionaries.map((d) => d.typeCode).concat(pkg.manifest.dependencies.dictionaries));
      for (const tenantId of tenantIds) {
        const name = names.get(tenantId) ?? tenantId;
        const r = await handDownInPackage(trx, plan, tenantId, userId);
        if (!r.ok) throw new PackageRefused([`租户「${name}」：${r.reason}`]);
        notes.push(...r.notes.map((n) => `租户「${name}」：${n}`));
        await saveTenantInstall(trx, tenantId, fields);
      }
    }
    await ctx.events.publish(trx, { kind: 'user', id: '*' }); // menus changed: sessions read them again
    return { preview, formIds: Object.fromEntries(ids), notes };
  });
  ctx.events.deliver({ kind: 'user', id: '*' });
  return report;
}

/**
 * 卸载: refused while any of the application's forms holds a record (the form and its data stay,
 * the reason names it); otherwise its forms, their tables and menus go, in one transaction.
 * Dictionaries stay: other forms may choose from them.
 */
export async function uninstallApp(ctx: AppContext, code: string): Promise<{ name: string; removedForms: number }> {
  const out = await ctx.db.transaction().execute(async (trx) => {
    await lockAppCode(trx, code);
    const app = await findParkApp(trx, code, true);
    if (!app) throw new PackageRefused(['应用不存在']);
    if (await installedInTenants(trx, code)) throw new PackageRefused([`「${app.name}」已安装到租户，不能卸载`]);
    const forms = (await partsOf(trx, app.id)).filter((p) => p.kind === 'form');
    const names = new Map((await formsById(trx, forms.map((f) => String(f.local_id)))).map((f) => [f.id, f.formName]));
    const held: string[] = [];
    let removed = 0;
    for (const f of forms) {
      const id = String(f.local_id);
      if (!names.has(id)) continue; // deleted since
      if (await removeEmptyPackagedForm(trx, ctx, id)) removed++;
      else held.push(names.get(id)!);
    }
    if (held.length > 0) throw new PackageRefused(held.map((n) => `表单「${n}」已有数据，不能卸载应用；请先删除其数据`));
    await deleteInstalled(trx, app.id);
    await ctx.events.publish(trx, { kind: 'user', id: '*' });
    return { name: app.name, removedForms: removed };
  });
  ctx.events.deliver({ kind: 'user', id: '*' });
  return out;
}

/**
 * An application installed in the park: its version and the form ids its form codes landed on
 * (null when it is not installed). What an application's own code (its gate check, its seed)
 * finds its forms by, since ids differ between installations.
 */
export async function findInstalledApp(db: Kysely<Database>, code: string): Promise<{ version: string; formIds: Map<string, string> } | null> {
  const app = await findParkApp(db, code);
  if (!app) return null;
  const parts = await partsOf(db, app.id);
  return { version: app.version, formIds: new Map(parts.filter((p) => p.kind === 'form').map((p) => [p.code, String(p.local_id)])) };
}

/** The park's forms of an installed application by their codes (empty when it is not installed). */
export async function installedFormIds(db: Kysely<Database>, code: string): Promise<Map<string, string>> {
  return (await findInstalledApp(db, code))?.formIds ?? new Map();
}

import type { Kysely } from 'kysely';
import {
  APP_CODE,
  APP_PACKAGE_FORMAT,
  entriesDigestText,
  MANIFEST_ENTRY,
  PART_KEYS,
  PART_KINDS,
  partEntry,
  previewPackage,
  readAppPackage,
  SEMVER,
  type AppManifest,
  type AppPackage,
  type FormMeta,
  type InstalledApp,
  type PackageParts,
  type PackagePreview,
  type PartKey,
} from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../plugins/errors.ts';
import { analyzeParkForms, handDownInPackage, lossesIn, planFor } from '../tenant/index.ts';
import { INSTALL_ORDER, SERVER_PARTS, type ExportSelection, type InstallContext, type ServerPartKind, type Target } from './parts/index.ts';
import { madeCode, PackageRefused, sha256 } from './refused.ts';
import {
  deleteInstalled,
  findParkApp,
  formCodes,
  formNamesExcept,
  formsById,
  installedInTenants,
  lockAppCode,
  parkDictionaryCodes,
  parkRoles,
  partsOf,
  saveInstalled,
  saveTenantInstall,
  tenantNames,
} from './repo.ts';
import { readZip, writeZip } from './zip.ts';

/*
 * 应用管理 (issue 41, ADR 0054): export an application's parts from the park into one package,
 * read and preview an uploaded one, and install or upgrade it in one transaction. Every check
 * of the package is core's (readAppPackage, previewPackage); each part kind's reads and writes
 * are its folder's (parts/); this walks them and adds what only the database knows (what is
 * installed, which changed field holds data), and the forms' hand-down into tenants.
 */

export { PackageRefused, sha256 };

export interface ExportRequest {
  code: string;
  name: string;
  version: string;
  description: string;
  formIds: string[];
  dictionaries: string[];
  /** The micro-app the application appears as (optional). */
  microAppId?: string | null;
}

const kindOf = <K extends PartKey>(key: K) => SERVER_PARTS[key] as unknown as ServerPartKind<PartKey>;

export async function exportPackage(db: Kysely<Database>, req: ExportRequest): Promise<{ fileName: string; zip: Buffer; manifest: AppManifest }> {
  if (!APP_CODE.test(req.code)) throw badRequest('应用编码须以字母开头，只含字母、数字和下划线');
  if (!SEMVER.test(req.version)) throw badRequest('版本号应形如 1.0.0');
  if (!req.name.trim()) throw badRequest('请填写应用名称');
  if (req.formIds.length === 0) throw badRequest('请选择应用包含的表单');
  // Forms pull the forms they read from and the dictionaries they choose from (core's walk).
  const depends = await analyzeParkForms(db, req.formIds);
  if (depends.missing.length > 0) throw badRequest(`表单引用的表单已不存在（编号 ${depends.missing.join('、')}）`);
  const ids = [...Object.keys(depends.originalFormMap), ...Object.keys(depends.dependsFormMap)];
  const known = await formCodes(db, ids);
  const stored = await formsById(db, ids);
  const sel: ExportSelection = {
    formIds: stored.map((f) => f.id),
    codeOf: new Map(stored.map((f) => [f.id, known.get(f.id) ?? madeCode('f', f.formName)])),
    dictionaries: [...new Set([...req.dictionaries, ...depends.dependDictionaries])].sort(),
    roles: await parkRoles(db),
    microAppId: req.microAppId ?? null,
    exported: new Map(),
  };
  const parts = {} as Record<PartKey, unknown[]>;
  for (const key of PART_KEYS) parts[key] = await kindOf(key).export(db, sel);
  const pkgParts = parts as PackageParts;
  const packagedDicts = new Set(pkgParts.dictionaries.map((d) => d.typeCode));
  const app = { code: req.code, name: req.name.trim(), version: req.version, description: req.description.trim() };
  return packParts(app, pkgParts, sel.dictionaries.filter((c) => !packagedDicts.has(c)), new Date());
}

/**
 * The zip of a package's parts with its manifest (entries' and whole-package checksums). Export
 * writes it from the park's forms; an application kept as source (apps/<name>/) is built by it
 * from its JSON files, with a fixed `exportedAt` so the same source gives the same file. A kind
 * the source does not have is simply empty.
 */
export function packParts(
  app: AppManifest['app'],
  given: Partial<PackageParts>,
  dependencies: string[],
  exportedAt: Date,
): { fileName: string; zip: Buffer; manifest: AppManifest } {
  const entries = new Map<string, string>();
  const codes = {} as Record<PartKey, string[]>;
  for (const key of PART_KEYS) {
    const kind = PART_KINDS[key] as unknown as { codeOf(p: unknown): string };
    const list = (given[key] ?? []) as unknown[];
    codes[key] = list.map((p) => kind.codeOf(p));
    for (const p of list) entries.set(partEntry(key, kind.codeOf(p)), JSON.stringify(p, null, 2));
  }
  const list = [...entries].map(([path, text]) => ({ path, sha256: sha256(text) }));
  const manifest: AppManifest = {
    format: APP_PACKAGE_FORMAT,
    app,
    dependencies: { dictionaries: dependencies },
    parts: { ...codes, forms: codes.forms, dictionaries: codes.dictionaries },
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

/** An application's part rows by kind, then code → local id. */
function partsByKind(rows: ReadonlyArray<{ kind: string; code: string; local_id: string | number }>): Map<string, Map<string, string>> {
  const parts = new Map<string, Map<string, string>>();
  for (const r of rows) {
    if (!parts.has(r.kind)) parts.set(r.kind, new Map());
    parts.get(r.kind)!.set(r.code, String(r.local_id));
  }
  return parts;
}

/** The preview against the park as it is now (inside the install's transaction, the same check). */
async function previewIn(db: Kysely<Database>, pkg: AppPackage): Promise<{ preview: PackagePreview; target: Target }> {
  const app = await findParkApp(db, pkg.manifest.app.code);
  const parts = partsByKind(app ? await partsOf(db, app.id) : []);
  const formIds = new Map(parts.get('form') ?? []);
  const byId = new Map((await formsById(db, [...formIds.values()])).map((f) => [f.id, f]));
  const forms = new Map<string, { formName: string; meta: FormMeta }>();
  for (const [code, id] of formIds) {
    const f = byId.get(id);
    if (f) forms.set(code, { formName: f.formName, meta: f.meta ?? { list: [], config: {} } });
    else formIds.delete(code); // deleted since it was installed: installed again
  }
  const installed: InstalledApp | null = app ? { version: app.version, forms, dictionaries: new Set(parts.get('dictionary')?.keys() ?? []) } : null;
  const target: Target = { appId: app?.id ?? null, parts, formIds, roles: await parkRoles(db) };
  const portable = new Map<string, ReadonlyMap<string, unknown>>();
  for (const key of PART_KEYS) {
    const server = kindOf(key);
    if (server.portable) portable.set(PART_KINDS[key].kind, await server.portable(db, target));
  }
  const preview = previewPackage(pkg, {
    app: installed,
    portable,
    roleCodes: new Set(target.roles.idOf.keys()),
    otherFormNames: await formNamesExcept(db, [...formIds.values()]),
    dictionaries: await parkDictionaryCodes(db),
  });
  // A field that holds data is never dropped or retyped away by an upgrade (the tenant sync's check).
  for (const c of preview.changes) {
    const id = formIds.get(c.code);
    if (id && c.changes.length > 0) preview.reasons.push(...(await lossesIn(db, id, null, c.changes, c.before)).map((r) => `表单「${c.formName}」：${r}`));
  }
  return { preview, target };
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
 * Installs or upgrades in one transaction; any refusal rolls everything back. The parts land in
 * the park and, for each chosen tenant, the forms are handed down as 表单分配 does (ADR 0037).
 */
export async function installPackageFile(ctx: AppContext, data: Uint8Array, userId: string, tenantIds: readonly string[] = []): Promise<InstallReport> {
  const pkg = readPackageFile(data);
  const report = await ctx.db.transaction().execute(async (trx) => {
    await lockAppCode(trx, pkg.manifest.app.code);
    const { preview, target } = await previewIn(trx, pkg);
    if (preview.reasons.length > 0) throw new PackageRefused(preview.reasons);
    const ic: InstallContext = { trx, ctx, userId, preview, target, formIds: new Map(target.formIds), notes: [...preview.notes], installed: [] };
    for (const key of INSTALL_ORDER) ic.installed.push(...(await kindOf(key).install(pkg[key], ic)));
    const { app } = pkg.manifest;
    const fields = { code: app.code, name: app.name, version: app.version, description: app.description, manifest: JSON.stringify(pkg.manifest), userId };
    await saveInstalled(trx, { id: target.appId, ...fields }, ic.installed);
    if (tenantIds.length > 0) {
      const names = await tenantNames(trx, tenantIds);
      const formIds = pkg.forms.map((f) => ic.formIds.get(f.code)!);
      const plan = await planFor(trx, formIds[0]!, formIds.slice(1), pkg.dictionaries.map((d) => d.typeCode).concat(pkg.manifest.dependencies.dictionaries));
      for (const tenantId of tenantIds) {
        const name = names.get(tenantId) ?? tenantId;
        const r = await handDownInPackage(trx, plan, tenantId, userId);
        if (!r.ok) throw new PackageRefused([`租户「${name}」：${r.reason}`]);
        ic.notes.push(...r.notes.map((n) => `租户「${name}」：${n}`));
        await saveTenantInstall(trx, tenantId, fields);
      }
    }
    await ctx.events.publish(trx, { kind: 'user', id: '*' }); // menus changed: sessions read them again
    return { preview, formIds: Object.fromEntries(ic.formIds), notes: ic.notes };
  });
  ctx.events.deliver({ kind: 'user', id: '*' });
  return report;
}

/**
 * 卸载: refused while any of the application's forms holds a record (the form and its data stay,
 * the reason names it) or another part cannot go (an automation running); otherwise every part
 * goes, in one transaction, the kinds in reverse install order. Dictionaries stay: other forms may
 * choose from them.
 */
export async function uninstallApp(ctx: AppContext, code: string): Promise<{ name: string; removedForms: number }> {
  const out = await ctx.db.transaction().execute(async (trx) => {
    await lockAppCode(trx, code);
    const app = await findParkApp(trx, code, true);
    if (!app) throw new PackageRefused(['应用不存在']);
    if (await installedInTenants(trx, code)) throw new PackageRefused([`「${app.name}」已安装到租户，不能卸载`]);
    const rows = await partsOf(trx, app.id);
    const all = partsByKind(rows);
    const reasons: string[] = [];
    for (const key of [...INSTALL_ORDER].reverse()) {
      const server = kindOf(key);
      if (server.uninstall) reasons.push(...(await server.uninstall(trx, ctx, all.get(PART_KINDS[key].kind) ?? new Map(), all)));
    }
    if (reasons.length > 0) throw new PackageRefused(reasons);
    await deleteInstalled(trx, app.id);
    await ctx.events.publish(trx, { kind: 'user', id: '*' });
    return { name: app.name, removedForms: rows.filter((r) => r.kind === 'form').length };
  });
  ctx.events.deliver({ kind: 'user', id: '*' });
  return out;
}

/**
 * An application installed in the park: its version and the form ids its form codes landed on
 * (null when it is not installed). What an application's own code (its gate check, its seed)
 * finds its forms by, since ids differ between installations.
 */
export async function findInstalledApp(db: Kysely<Database>, code: string): Promise<{ version: string; formIds: Map<string, string>; microAppId: string | null } | null> {
  const app = await findParkApp(db, code);
  if (!app) return null;
  const parts = await partsOf(db, app.id);
  const micro = parts.find((p) => p.kind === 'micro_app');
  return { version: app.version, formIds: new Map(parts.filter((p) => p.kind === 'form').map((p) => [p.code, String(p.local_id)])), microAppId: micro ? String(micro.local_id) : null };
}

/** The park's forms of an installed application by their codes (empty when it is not installed). */
export async function installedFormIds(db: Kysely<Database>, code: string): Promise<Map<string, string>> {
  return (await findInstalledApp(db, code))?.formIds ?? new Map();
}

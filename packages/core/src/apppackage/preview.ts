import { compareSemver } from './format.ts';
import type { AppPackage, InstallationState, PackagePreview, PartPreview } from './package.ts';
import { formsKind } from './parts/forms/index.ts';
import { PART_KEYS, PART_KINDS } from './parts/index.ts';
import type { PartKind } from './parts/types.ts';

/*
 * What importing a package will do, before anything is written (导入预览): per part 新建 / 更新 /
 * 不变, the fields an upgrade adds and changes, and the reasons that refuse it. Pure over the
 * installation's state, which the server reads; whether a changed field holds data is the
 * server's question (it asks the rows), added to `reasons`.
 */

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

import { isRecord } from '../form/lib/values.ts';
import { entryNameProblem } from './entryNames.ts';
import { APP_CODE, APP_PACKAGE_FORMAT, entriesDigestText, MANIFEST_ENTRY, SEMVER } from './format.ts';
import type { AppManifest, AppPackage, PartKey } from './package.ts';
import { DICT_CODE } from './parts/dictionaries/index.ts';
import { PART_KEYS, PART_KINDS, partEntry } from './parts/index.ts';
import { codeList, nonEmpty, type PartKind, type ReadContext } from './parts/types.ts';

/*
 * Reading a package's entries into an AppPackage, refusing it whole at the first kind of problem
 * (each reason in Chinese). The server inflates the zip under PACKAGE_LIMITS and hands the entries
 * here; the hash is the caller's (node:crypto on the server), so this stays pure. Each part kind's
 * own checks are its folder's (parts/); this walks PART_KINDS.
 */

/** sha256 hex of a text's UTF-8 bytes. */
export type Sha256 = (text: string) => string;
export type ReadResult = { ok: true; pkg: AppPackage } | { ok: false; reasons: string[] };

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function manifestProblems(m: unknown): string[] {
  if (!isRecord(m)) return ['manifest.json 不是有效的 JSON 对象'];
  if (m.format !== APP_PACKAGE_FORMAT) return [`不支持的应用包格式版本：${String(m.format)}（本系统支持 ${APP_PACKAGE_FORMAT}）`];
  const out: string[] = [];
  const app = isRecord(m.app) ? m.app : {};
  if (typeof app.code !== 'string' || !APP_CODE.test(app.code)) out.push(`应用编码「${String(app.code ?? '')}」不合法：须以字母开头，只含字母、数字和下划线`);
  if (!nonEmpty(app.name)) out.push('应用名称不能为空，且不超过 100 字');
  if (typeof app.version !== 'string' || !SEMVER.test(app.version)) out.push(`版本号「${String(app.version ?? '')}」不合法，应形如 1.0.0`);
  if (app.description !== undefined && (typeof app.description !== 'string' || app.description.length > 500)) out.push('应用描述不超过 500 字');
  const parts = isRecord(m.parts) ? m.parts : {};
  for (const key of PART_KEYS) {
    const kind: PartKind<unknown> = PART_KINDS[key] as PartKind<unknown>;
    if (parts[key] === undefined && kind.optional) continue;
    if (!codeList(parts[key], kind.code)) out.push(`${kind.label}编码不合法：须以字母开头，只含字母、数字和下划线`);
  }
  for (const key of Object.keys(parts)) if (!(PART_KEYS as string[]).includes(key)) out.push(`应用包含本系统不认识的部分「${key}」`);
  const deps = isRecord(m.dependencies) ? m.dependencies : {};
  if (!codeList(deps.dictionaries, DICT_CODE)) out.push('依赖的数据字典编码不合法');
  if (!Array.isArray(m.entries) || !m.entries.every((e) => isRecord(e) && typeof e.path === 'string' && typeof e.sha256 === 'string')) out.push('manifest.json 的文件清单不合法');
  if (typeof m.sha256 !== 'string') out.push('manifest.json 缺少整包校验值');
  return out;
}

/** Every entry of one kind read and checked; codes listed twice refused. */
function readKind(key: PartKey, files: ReadonlyMap<string, string>, ctx: ReadContext, reasons: string[]): unknown[] {
  const kind = PART_KINDS[key] as PartKind<unknown>;
  const codes = ctx.manifest.parts[key] ?? [];
  if (new Set(codes).size !== codes.length) reasons.push(`${kind.label}编码重复`);
  const out: unknown[] = [];
  for (const code of new Set(codes)) {
    const text = files.get(partEntry(key, code));
    const r = text !== undefined ? kind.read(code, json(text), ctx) : { part: null, reasons: [`缺少${kind.label}「${code}」的文件`] };
    reasons.push(...r.reasons);
    if (r.part !== null) out.push(r.part);
  }
  return out;
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

  const read: Record<string, unknown[]> = {};
  const ctx: ReadContext = { manifest, read: read as Partial<AppPackage> };
  for (const key of PART_KEYS) read[key] = readKind(key, files, ctx, reasons);
  const pkg = { manifest, ...read } as AppPackage;
  for (const key of PART_KEYS) reasons.push(...((PART_KINDS[key] as PartKind<unknown>).checkWhole?.(pkg) ?? []));
  if (reasons.length > 0) return { ok: false, reasons };
  return { ok: true, pkg };
}

import type { AppManifest, AppPackage, InstallationState, PartPreview } from '../package.ts';

/*
 * One kind of part an application package carries (ADR 0054 part 3). Each kind is one folder
 * under parts/: its entry folder and manifest key, its JSON type, the pure checks that read an
 * entry, and the preview compare against the installation. The reader, the entry-name whitelist
 * and the preview walk PART_KINDS (parts/index.ts) and know no kind by name.
 */

export interface ReadContext {
  manifest: AppManifest;
  /** The parts of the kinds read before this one (PART_KINDS' order): a flow reads its form. */
  read: Partial<AppPackage>;
}

export interface PartRead<T> {
  part: T | null;
  reasons: string[];
}

export interface PreviewContext {
  pkg: AppPackage;
  state: InstallationState;
  /** A packaged form's name by its code (the code when it is not in the package). */
  formName(code: string): string;
}

export interface PartPreviewResult {
  parts: PartPreview[];
  reasons: string[];
  notes: string[];
}

export interface PartKind<T> {
  /** app_package_part.kind and PartPreview.kind. */
  kind: string;
  /** The Chinese name 导入预览 shows (自动化, 报表 …). */
  label: string;
  /** The manifest.parts key, and the folder its entries live in: `<key>/<code>.json`. */
  key: string;
  /** What a code may be (anchored by the callers), part of an entry's file name. */
  code: RegExp;
  /** Format 1 packages written before this kind existed lack the key: read as none. */
  optional: boolean;
  codeOf(part: T): string;
  /** One entry's JSON checked whole; `part` null when it cannot be used at all. */
  read(code: string, raw: unknown, ctx: ReadContext): PartRead<T>;
  /** Checks across the package once every kind is read (references resolve inside it). */
  checkWhole?(pkg: AppPackage): string[];
  preview(parts: readonly T[], ctx: PreviewContext): PartPreviewResult;
}

/** The shared rule of a part other than a form: 新建 when absent, 不变 when equal (key order ignored), else 更新. */
export function compareAction(installed: unknown, packaged: unknown, same: (a: unknown, b: unknown) => boolean): PartPreview['action'] {
  if (installed === undefined) return '新建';
  return same(installed, packaged) ? '不变' : '更新';
}

/** Key-order-free JSON text (PostgreSQL's jsonb reorders keys), for comparing an installed part with a packaged one. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o).filter((k) => o[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);

const str = (v: unknown, max: number): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= max;
export const nonEmpty = (v: unknown, max = 100): v is string => str(v, max);
export const codeList = (v: unknown, rule: RegExp): v is string[] => Array.isArray(v) && v.every((c) => typeof c === 'string' && rule.test(c));
export const ROLE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** A part's `notes` (what export left out): at most 100 texts of 300 characters, or null. */
export const partNotes = (v: unknown): string[] | null => (Array.isArray(v) && v.length <= 100 && v.every((n) => typeof n === 'string' && n.length <= 300) ? (v as string[]) : null);

import { PART_KEYS, PART_KINDS } from './parts/index.ts';

/*
 * Names of entries inside a package zip. Only the layout this format writes is accepted
 * (`manifest.json` and `<kind>/<code>.json` for each part kind, its code by the kind's rule), so a
 * name can never climb out (`../`), start at a root (`/`, `C:`), or hide a separator (`\`).
 */
function isPartEntry(name: string): boolean {
  const m = /^([a-z]+)\/([^/]+)\.json$/.exec(name);
  if (!m) return false;
  const key = PART_KEYS.find((k) => k === m[1]);
  return key !== undefined && PART_KINDS[key].code.test(m[2]!);
}

/** Null when the name is one this format writes; otherwise the Chinese reason. */
export function entryNameProblem(name: string): string | null {
  if (name.includes('\\')) return `文件名「${name}」含反斜杠，拒绝导入`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return `文件名「${name}」是绝对路径，拒绝导入`;
  if (name.split('/').some((p) => p === '..' || p === '.')) return `文件名「${name}」含上级目录路径，拒绝导入`;
  if (name !== 'manifest.json' && !isPartEntry(name)) return `文件名「${name}」不属于应用包格式，拒绝导入`;
  return null;
}

/*
 * Names of entries inside a package zip. Only the layout this format writes is accepted, so a
 * name can never climb out (`../`), start at a root (`/`, `C:`), or hide a separator (`\`).
 */
const ENTRY = /^(manifest\.json|forms\/[A-Za-z][A-Za-z0-9_]{0,39}\.json|flows\/[A-Za-z][A-Za-z0-9_]{0,39}\.json|dictionaries\/[A-Za-z][A-Za-z0-9_]{0,62}\.json)$/;

/** Null when the name is one this format writes; otherwise the Chinese reason. */
export function entryNameProblem(name: string): string | null {
  if (name.includes('\\')) return `文件名「${name}」含反斜杠，拒绝导入`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return `文件名「${name}」是绝对路径，拒绝导入`;
  if (name.split('/').some((p) => p === '..' || p === '.')) return `文件名「${name}」含上级目录路径，拒绝导入`;
  if (!ENTRY.test(name)) return `文件名「${name}」不属于应用包格式，拒绝导入`;
  return null;
}

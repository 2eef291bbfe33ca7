import { Unzip, UnzipInflate, zipSync, strToU8 } from 'fflate';
import { PACKAGE_LIMITS } from '@park/core';

/*
 * The package's zip (ADR 0054: fflate — pure JavaScript, no dependencies or install scripts, and a
 * streaming inflater that hands over each chunk as it is inflated, so the limits below count the
 * bytes really produced rather than the sizes a header claims). Reading stops at the first limit
 * crossed: a zip bomb never inflates past it.
 */

export type ZipRead = { ok: true; files: Map<string, string> } | { ok: false; reasons: string[] };

class Stop extends Error {}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** One zip of UTF-8 text entries. */
export function writeZip(entries: ReadonlyMap<string, string>): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (const [name, text] of entries) files[name] = strToU8(text);
  return Buffer.from(zipSync(files, { level: 6, mtime: new Date('2026-01-01T00:00:00Z') }));
}

/** The entries of an uploaded package, inflated under PACKAGE_LIMITS, or why not. */
export function readZip(data: Uint8Array, limits: typeof PACKAGE_LIMITS = PACKAGE_LIMITS): ZipRead {
  if (data.length > limits.fileBytes) return { ok: false, reasons: [`应用包文件超过 ${Math.round(limits.fileBytes / 1024 / 1024)} MB，拒绝导入`] };
  if (data.length < 4 || ZIP_MAGIC.some((b, i) => data[i] !== b)) return { ok: false, reasons: ['文件不是 zip 格式的应用包'] };
  const maxTotal = Math.min(limits.totalBytes, data.length * limits.ratio);
  const chunks = new Map<string, Uint8Array[]>();
  let total = 0;
  let count = 0;
  // The first limit crossed; fflate catches what its callbacks throw, so the reason is kept here.
  let stopped: string | null = null;
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    if (stopped) return;
    if (++count > limits.entries) stopped = `应用包文件数超过 ${limits.entries} 个，拒绝导入`;
    else if (chunks.has(file.name)) stopped = `文件「${file.name}」重复，拒绝导入`;
    if (stopped) return;
    const parts: Uint8Array[] = [];
    chunks.set(file.name, parts);
    let size = 0;
    file.ondata = (err, chunk) => {
      if (stopped) throw new Stop(stopped);
      if (err) {
        stopped = '应用包已损坏，无法解压';
        throw new Stop(stopped);
      }
      size += chunk.length;
      total += chunk.length;
      if (size > limits.entryBytes) stopped = `文件「${file.name}」解压后超过 ${Math.round(limits.entryBytes / 1024 / 1024)} MB，拒绝导入`;
      else if (total > maxTotal) stopped = total > limits.totalBytes ? '应用包解压后总大小超过限制，拒绝导入（疑似压缩炸弹）' : '应用包压缩比异常，拒绝导入（疑似压缩炸弹）';
      if (stopped) {
        file.terminate();
        throw new Stop(stopped);
      }
      parts.push(chunk);
    };
    file.start();
  };
  try {
    unzip.push(data, true);
  } catch (err) {
    stopped ??= err instanceof Stop ? err.message : '应用包已损坏，无法解压';
  }
  if (stopped) return { ok: false, reasons: [stopped] };
  if (count === 0) return { ok: false, reasons: ['应用包是空的'] };
  const files = new Map<string, string>();
  for (const [name, parts] of chunks) {
    try {
      files.set(name, utf8.decode(Buffer.concat(parts)));
    } catch {
      return { ok: false, reasons: [`文件「${name}」不是 UTF-8 文本，拒绝导入`] };
    }
  }
  return { ok: true, files };
}

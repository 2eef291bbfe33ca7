import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import { zipDirectory, type ZipDirectory, type ZipEntry } from '../file/worker.ts';

/**
 * Bounds an uploaded workbook before any parser sees it (issue 8 §4): the entry count and the
 * total uncompressed size from the zip's central directory; every entry's local header where
 * the directory says it is, entries back to back (nothing hidden between them for a streaming
 * reader to find); every entry inflated with its declared size as a hard limit (a zip that lies
 * about sizes is caught at the first extra byte); and the sheet's cell references within Excel's
 * limits, its data rows counted against the row cap. Only then is the file handed to exceljs.
 */

export const EXCEL_MAX_ROW = 1_048_576;
export const EXCEL_MAX_COLUMN = 16_384;

export interface XlsxCaps {
  maxEntries: number;
  maxUnzippedBytes: number;
  /** Uncompressed/compressed ratio above which a large entry is taken for a bomb. */
  maxRatio: number;
  maxRows: number;
}

/** A workbook refused, with the reason shown to the user. */
export class XlsxRefusedError extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = 'XlsxRefusedError';
  }
}

const LOCAL_SIG = 0x04034b50;
/* A data descriptor after an entry's data: optional signature, crc, sizes (32- or 64-bit). */
const DESCRIPTOR_MAX = 24;
const RATIO_FLOOR_BYTES = 10 * 1024 * 1024;
const SMALL_PART_MAX = 4 * 1024 * 1024;
const SHEET_PATH = /^xl\/worksheets\/sheet\d+\.xml$/;

const NOT_XLSX = '文件不是有效的 xlsx 格式，请使用导入模板填写后上传';
const MB = 1024 * 1024;

/** The central-directory checks alone: cheap enough for the upload request itself. */
export async function checkZipDirectory(filePath: string, size: number, caps: XlsxCaps): Promise<ZipDirectory> {
  const dir = await zipDirectory(filePath, size);
  if (!dir) throw new XlsxRefusedError(NOT_XLSX, 415);
  if (dir.entries.length > caps.maxEntries) {
    throw new XlsxRefusedError(`Excel文件包含的条目过多（${dir.entries.length} 个，最多 ${caps.maxEntries} 个）`);
  }
  if (dir.totalUncompressed > caps.maxUnzippedBytes) {
    throw new XlsxRefusedError(`Excel文件解压后过大（最大 ${Math.round(caps.maxUnzippedBytes / MB)} MB）`, 413);
  }
  for (const e of dir.entries) {
    if (e.uncompressedSize > RATIO_FLOOR_BYTES && e.uncompressedSize > e.compressedSize * caps.maxRatio) {
      throw new XlsxRefusedError('Excel文件压缩比异常，已拒绝处理', 413);
    }
    if (e.method !== 0 && e.method !== 8) throw new XlsxRefusedError(NOT_XLSX, 415);
    if (e.flags & 1) throw new XlsxRefusedError('不支持加密的Excel文件', 415);
  }
  const names = new Set(dir.entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml') || !dir.entries.some((e) => SHEET_PATH.test(e.name))) {
    throw new XlsxRefusedError(NOT_XLSX, 415);
  }
  return dir;
}

interface Located extends ZipEntry {
  dataStart: number;
}

/** Every entry's local header agrees with the directory, and entries leave no gaps to hide data in. */
async function locateEntries(filePath: string, dir: ZipDirectory): Promise<Located[]> {
  const sorted = [...dir.entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  const fh = await fs.open(filePath, 'r');
  try {
    const out: Located[] = [];
    let expected = 0;
    const head = Buffer.alloc(30);
    for (const e of sorted) {
      const gap = e.localHeaderOffset - expected;
      if (gap < 0 || gap > (out.length === 0 ? 0 : DESCRIPTOR_MAX)) throw new XlsxRefusedError('Excel文件结构异常，已拒绝处理');
      const { bytesRead } = await fh.read(head, 0, 30, e.localHeaderOffset);
      if (bytesRead < 30 || head.readUInt32LE(0) !== LOCAL_SIG) throw new XlsxRefusedError('Excel文件结构异常，已拒绝处理');
      const nameLen = head.readUInt16LE(26);
      const extraLen = head.readUInt16LE(28);
      const name = Buffer.alloc(nameLen);
      await fh.read(name, 0, nameLen, e.localHeaderOffset + 30);
      if (name.toString('utf8') !== e.name || head.readUInt16LE(8) !== e.method) {
        throw new XlsxRefusedError('Excel文件结构异常，已拒绝处理');
      }
      const dataStart = e.localHeaderOffset + 30 + nameLen + extraLen;
      out.push({ ...e, dataStart });
      expected = dataStart + e.compressedSize;
    }
    const tail = dir.directoryOffset - expected;
    if (tail < 0 || tail > DESCRIPTOR_MAX) throw new XlsxRefusedError('Excel文件结构异常，已拒绝处理');
    return out;
  } finally {
    await fh.close();
  }
}

/** Inflates one entry, refusing it the moment it yields more than it declared. */
async function inflateEntry(filePath: string, e: Located, onChunk: (chunk: Buffer) => void): Promise<void> {
  if (e.compressedSize === 0) {
    if (e.uncompressedSize !== 0) throw new XlsxRefusedError('Excel文件已损坏');
    return;
  }
  const source = createReadStream(filePath, { start: e.dataStart, end: e.dataStart + e.compressedSize - 1 });
  const stream = e.method === 8 ? source.pipe(zlib.createInflateRaw()) : source;
  let total = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > e.uncompressedSize) throw new XlsxRefusedError('Excel文件解压后的大小与声明不符，已拒绝处理', 413);
      onChunk(chunk);
    }
  } catch (err) {
    if (err instanceof XlsxRefusedError) throw err;
    throw new XlsxRefusedError('Excel文件已损坏，无法读取');
  } finally {
    source.destroy();
    if (stream !== source) (stream as zlib.InflateRaw).destroy();
  }
  if (total !== e.uncompressedSize) throw new XlsxRefusedError('Excel文件已损坏，无法读取');
}

async function smallText(filePath: string, e: Located | undefined): Promise<string> {
  if (!e || e.uncompressedSize > SMALL_PART_MAX) return '';
  const parts: Buffer[] = [];
  await inflateEntry(filePath, e, (c) => parts.push(c));
  return Buffer.concat(parts).toString('utf8');
}

const XML_ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
function xmlDecode(s: string): string {
  return s.replace(XML_ENTITY, (_, e: string) => {
    if (e === 'amp') return '&';
    if (e === 'lt') return '<';
    if (e === 'gt') return '>';
    if (e === 'quot') return '"';
    if (e === 'apos') return "'";
    const code = e.startsWith('#x') ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:]+)\s*=\s*"([^"]*)"/g)) out[m[1]!] = xmlDecode(m[2]!);
  return out;
}

/** The names of the workbook's tabs, in order (empty when workbook.xml cannot be read). */
async function tabNamesOf(filePath: string, entries: Located[]): Promise<string[]> {
  const workbook = await smallText(filePath, entries.find((e) => e.name === 'xl/workbook.xml'));
  return [...workbook.matchAll(/<(?:\w+:)?sheet\s[^>]*>/g)].flatMap((m) => attributes(m[0]).name ?? []);
}

/** The first sheet in tab order, and its part; the first sheet part in the zip when that cannot be read. */
async function firstSheet(filePath: string, entries: Located[]): Promise<{ name: string | null; path: string }> {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const workbook = await smallText(filePath, byName.get('xl/workbook.xml'));
  const rels = await smallText(filePath, byName.get('xl/_rels/workbook.xml.rels'));
  const sheetTag = /<(?:\w+:)?sheet\s[^>]*>/.exec(workbook);
  if (sheetTag) {
    const sheet = attributes(sheetTag[0]);
    const rid = sheet['r:id'] ?? Object.entries(sheet).find(([k]) => k.endsWith(':id'))?.[1];
    for (const m of rels.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
      const rel = attributes(m[0]);
      if (rel.Id !== rid || !rel.Target) continue;
      const target = rel.Target.startsWith('/') ? rel.Target.slice(1) : `xl/${rel.Target.replace(/^\.\//, '')}`;
      if (SHEET_PATH.test(target) && byName.has(target)) return { name: sheet.name ?? null, path: target };
    }
  }
  const fallback = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset).find((e) => SHEET_PATH.test(e.name));
  if (!fallback) throw new XlsxRefusedError(NOT_XLSX, 415);
  return { name: null, path: fallback.name };
}

/**
 * Reads the sheet's XML as it inflates, without building anything: every row and cell must carry
 * a reference inside Excel's limits, and the rows from `dataStartRow` on are counted.
 */
class SheetScanner {
  dataRows = 0;
  lastRow = 0;
  private tail = '';

  constructor(
    private readonly dataStartRow: number,
    private readonly maxRows: number,
  ) {}

  push(chunk: Buffer): void {
    const text = this.tail + chunk.toString('latin1');
    // Tags are read only once complete: keep everything from the last '<' for the next chunk.
    const cut = text.lastIndexOf('<');
    const end = cut >= 0 && text.indexOf('>', cut) < 0 ? cut : text.length;
    this.tail = end < text.length ? text.slice(end) : '';
    if (this.tail.length > 1 << 20) throw new XlsxRefusedError('工作表内容格式异常，已拒绝处理');
    // indexOf over '<' rather than a regular expression: a million-row sheet has tens of millions of tags.
    for (let i = text.indexOf('<'); i >= 0 && i < end; i = text.indexOf('<', i + 1)) {
      const a = text.charCodeAt(i + 1);
      let isRow: boolean;
      let from: number;
      if (a === 99 /* c */) {
        isRow = false;
        from = i + 2;
      } else if (a === 114 /* r */ && text.charCodeAt(i + 2) === 111 && text.charCodeAt(i + 3) === 119) {
        isRow = true;
        from = i + 4;
      } else continue;
      const next = text.charCodeAt(from);
      if (next !== 32 && next !== 62 && next !== 47 && next !== 9 && next !== 10 && next !== 13) continue; // <col, <cfRule, <rowBreaks …
      const close = text.indexOf('>', from);
      this.tag(text, isRow, from, close < 0 ? end : close);
    }
  }

  /** Checks the r="…" reference of the tag whose attributes span text[from, close). No allocation. */
  private tag(text: string, isRow: boolean, from: number, close: number): void {
    let q = text.indexOf('r="', from);
    while (q >= 0 && q < close) {
      const before = text.charCodeAt(q - 1);
      if (before === 32 || before === 9 || before === 10 || before === 13) break;
      q = text.indexOf('r="', q + 1);
    }
    if (q < 0 || q >= close) throw new XlsxRefusedError('工作表缺少单元格位置信息，请用Excel另存为xlsx后再导入');
    let p = q + 3;
    let col = 0;
    let letters = 0;
    for (let ch = text.charCodeAt(p); ch >= 65 && ch <= 90; ch = text.charCodeAt(++p)) {
      col = col * 26 + (ch - 64);
      letters++;
    }
    let row = 0;
    let digits = 0;
    for (let ch = text.charCodeAt(p); ch >= 48 && ch <= 57; ch = text.charCodeAt(++p)) {
      row = row * 10 + (ch - 48);
      digits++;
    }
    const wellFormed = text.charCodeAt(p) === 34 && digits > 0 && digits <= 7 && (isRow ? letters === 0 : letters > 0 && letters <= 3);
    if (!wellFormed || row < 1 || row > EXCEL_MAX_ROW || (!isRow && col > EXCEL_MAX_COLUMN)) {
      const ref = text.slice(q + 3, Math.min(text.indexOf('"', q + 3), q + 15));
      throw new XlsxRefusedError(isRow ? `单元格位置超出工作表范围（第 ${ref} 行）` : `单元格位置超出工作表范围（${ref}）`);
    }
    if (!isRow) return;
    if (row >= this.dataStartRow) {
      this.dataRows++;
      if (this.dataRows > this.maxRows) throw new XlsxRefusedError(`导入数据超过最大行数限制（${this.maxRows} 行）`, 413);
    }
    if (row > this.lastRow) this.lastRow = row;
  }
}

export interface XlsxInspection {
  /** The sheet the import reads: the first tab. */
  sheetName: string | null;
  sheetPath: string;
  /** Every tab's name, in order: the sub-table sheets an import may carry are found by name. */
  tabNames: string[];
  /** Row elements at or below the first data row (blank rows included). */
  dataRows: number;
  lastRow: number;
}

/** The full check of a stored upload, run by the import job before exceljs opens the file. */
export async function inspectXlsx(filePath: string, caps: XlsxCaps, dataStartRow: number): Promise<XlsxInspection> {
  const { size } = await fs.stat(filePath);
  const dir = await checkZipDirectory(filePath, size, caps);
  const entries = await locateEntries(filePath, dir);
  const sheet = await firstSheet(filePath, entries);
  const scanner = new SheetScanner(dataStartRow, caps.maxRows);
  for (const e of entries) {
    await inflateEntry(filePath, e, e.name === sheet.path ? (c) => scanner.push(c) : () => undefined);
    // Inflating is CPU work; let requests through between parts.
    await new Promise((r) => setImmediate(r));
  }
  return { sheetName: sheet.name, sheetPath: sheet.path, tabNames: await tabNamesOf(filePath, entries), dataRows: scanner.dataRows, lastRow: scanner.lastRow };
}

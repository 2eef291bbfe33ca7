/**
 * A first look at a big workbook. exceljs parses a whole workbook before it returns anything
 * (about 3 s for 50,000 rows), so a copy holding only each big sheet's first rows is built and
 * parsed first: the same exceljs output, shown at once while the full parse runs.
 *
 * The copy is a zip written here: every part is copied as it is (still compressed), except the
 * worksheets, inflated only as far as their first rows, and the shared strings, cut to the ones
 * those rows use; these are stored uncompressed.
 */

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

interface Entry {
  name: string;
  nameBytes: Uint8Array;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

function readEntries(buf: Uint8Array): Entry[] | null {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const entries: Entry[] = [];
  const utf8 = new TextDecoder();
  for (let k = 0; k < count; k++) {
    if (p + 46 > buf.length || view.getUint32(p, true) !== CENTRAL) return null;
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    const nameBytes = buf.subarray(p + 46, p + 46 + nameLen);
    entries.push({
      name: utf8.decode(nameBytes),
      nameBytes,
      method: view.getUint16(p + 10, true),
      crc: view.getUint32(p + 16, true),
      compressedSize: view.getUint32(p + 20, true),
      size: view.getUint32(p + 24, true),
      localOffset: view.getUint32(p + 42, true),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function dataOf(buf: Uint8Array, e: Entry): Uint8Array {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (view.getUint32(e.localOffset, true) !== LOCAL) throw new Error('bad local header');
  const start = e.localOffset + 30 + view.getUint16(e.localOffset + 26, true) + view.getUint16(e.localOffset + 28, true);
  return buf.subarray(start, start + e.compressedSize);
}

async function inflateText(data: Uint8Array, method: number, enough?: (text: string) => boolean): Promise<string | null> {
  const decoder = new TextDecoder();
  if (method === 0) return decoder.decode(data);
  if (method !== 8) return null;
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    // A worksheet is read only as far as the rows wanted.
    if (enough && text.length > 64 * 1024 && enough(text)) {
      void reader.cancel();
      break;
    }
  }
  return text;
}

/** The worksheet XML closed after its first `rows` rows, or null when it has fewer. */
function cutRows(text: string, rows: number): string | null {
  let at = 0;
  for (let n = 0; n < rows; n++) {
    const end = text.indexOf('</row>', at);
    if (end < 0) return null;
    at = end + 6;
  }
  return `${text.slice(0, at)}</sheetData></worksheet>`;
}

const SHARED_REF = /(<c\b[^>]*\bt="s"[^>]*>\s*<v>)(\d+)(<\/v>)/g;
const SHARED_ITEM = /<si\b[^>]*?(?:\/>|>[\s\S]*?<\/si>)/g;

/**
 * A shared-string table holding only the strings the cut sheets use, their references renumbered:
 * 100,000 strings of a big sheet would otherwise cost exceljs as much as the rows themselves.
 */
function trimSharedStrings(sst: string, sheets: string[]): { sst: string; sheets: string[] } {
  const items = sst.match(SHARED_ITEM) ?? [];
  const used = new Map<number, number>();
  const renumbered = sheets.map((xml) =>
    xml.replace(SHARED_REF, (_, open: string, index: string, close: string) => {
      const old = Number(index);
      let next = used.get(old);
      if (next === undefined) used.set(old, (next = used.size));
      return `${open}${next}${close}`;
    }),
  );
  const kept = [...used.keys()].map((old) => items[old] ?? '<si><t></t></si>');
  const head = sst.slice(0, sst.indexOf('>', sst.indexOf('<sst')) + 1).replace(/\s(count|uniqueCount)="\d+"/g, '');
  return { sst: `${head}${kept.join('')}</sst>`, sheets: renumbered };
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < data.length; i++) c = CRC_TABLE[(c ^ data[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function writeZip(parts: Array<{ entry: Entry; data: Uint8Array; method: number; crc: number; size: number }>): Uint8Array {
  const chunks: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const p of parts) {
    const local = new Uint8Array(30 + p.entry.nameBytes.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, LOCAL, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(6, 0x0800, true);
    lv.setUint16(8, p.method, true);
    lv.setUint32(14, p.crc, true);
    lv.setUint32(18, p.data.length, true);
    lv.setUint32(22, p.size, true);
    lv.setUint16(26, p.entry.nameBytes.length, true);
    local.set(p.entry.nameBytes, 30);
    const cd = new Uint8Array(46 + p.entry.nameBytes.length);
    const cv = new DataView(cd.buffer);
    cv.setUint32(0, CENTRAL, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    cv.setUint16(8, 0x0800, true);
    cv.setUint16(10, p.method, true);
    cv.setUint32(16, p.crc, true);
    cv.setUint32(20, p.data.length, true);
    cv.setUint32(24, p.size, true);
    cv.setUint16(28, p.entry.nameBytes.length, true);
    cv.setUint32(42, offset, true);
    cd.set(p.entry.nameBytes, 46);
    chunks.push(local, p.data);
    central.push(cd);
    offset += local.length + p.data.length;
  }
  const dirSize = central.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, EOCD, true);
  ev.setUint16(8, parts.length, true);
  ev.setUint16(10, parts.length, true);
  ev.setUint32(12, dirSize, true);
  ev.setUint32(16, offset, true);
  const out = new Uint8Array(offset + dirSize + 22);
  let at = 0;
  for (const c of [...chunks, ...central, end]) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Worksheets above this size (uncompressed) are cut for the first look. */
const BIG_SHEET_BYTES = 2 * 1024 * 1024;

/**
 * The workbook with each worksheet cut to its first `rows` rows (and the shared strings to those
 * they use), or null when no sheet is big enough to be worth it (or the zip is one this reader does
 * not follow, e.g. ZIP64).
 */
export async function quickWorkbook(buffer: ArrayBuffer, rows: number): Promise<Uint8Array | null> {
  const buf = new Uint8Array(buffer);
  const entries = readEntries(buf);
  if (!entries) return null;
  const isSheet = (e: Entry) => /^xl\/worksheets\/[^/]+\.xml$/.test(e.name);
  if (!entries.some((e) => isSheet(e) && e.size > BIG_SHEET_BYTES)) return null;
  const sheets = entries.filter(isSheet);
  const texts: string[] = [];
  for (const e of sheets) {
    const text = await inflateText(dataOf(buf, e), e.method, (t) => cutRows(t, rows) !== null);
    if (text === null) return null;
    texts.push(cutRows(text, rows) ?? text);
  }
  const sstEntry = entries.find((e) => e.name === 'xl/sharedStrings.xml');
  let sheetXml = texts;
  let sstXml: string | null = null;
  if (sstEntry) {
    const sst = await inflateText(dataOf(buf, sstEntry), sstEntry.method);
    if (sst === null) return null;
    ({ sst: sstXml, sheets: sheetXml } = trimSharedStrings(sst, texts));
  }
  const encoder = new TextEncoder();
  const stored = (entry: Entry, text: string) => {
    const data = encoder.encode(text);
    return { entry, data, method: 0, crc: crc32(data), size: data.length };
  };
  const parts = entries.map((entry) => {
    const i = sheets.indexOf(entry);
    if (i >= 0) return stored(entry, sheetXml[i]!);
    if (entry === sstEntry && sstXml !== null) return stored(entry, sstXml);
    return { entry, data: dataOf(buf, entry), method: entry.method, crc: entry.crc, size: entry.size };
  });
  return writeZip(parts);
}

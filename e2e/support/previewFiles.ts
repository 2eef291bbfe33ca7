import zlib from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { crc32, png, jpeg } from '../../apps/server/test/sampleFiles.ts';

/* Real files for the preview tests, built byte by byte (no fixtures, no network). */

export { png, jpeg };

/** A zip whose entries are deflated, as Office writes them. */
export function zipDeflated(entries: Record<string, string | Buffer>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const packed = zlib.deflateRawSync(data);
    const nameBuf = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBuf.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0x0800, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(packed.length, 20);
    cd.writeUInt32LE(data.length, 24);
    cd.writeUInt16LE(nameBuf.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, nameBuf, packed);
    central.push(cd, nameBuf);
    offset += 30 + nameBuf.length + packed.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** A PDF of `pages` A4 pages, each saying "Page N" (and `line(n)` below it). */
export function multipagePdf(pages: number, line: (n: number) => string = (n) => `Section ${n} of the inspection report`): Buffer {
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (let n = 1; n <= pages; n++) {
    const text = `BT /F1 28 Tf 72 760 Td (Page ${n}) Tj ET BT /F1 14 Tf 72 720 Td (${line(n)}) Tj ET`;
    const content = add(`<< /Length ${text.length} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 595 842] /Contents ${content} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesObj} 0 R >>`;
  objects[pagesObj - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const rels = (items: Array<[string, string, string]>) =>
  `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items
    .map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`)
    .join('')}</Relationships>`;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Word document with a Heading 1 and paragraphs. */
export function docxWithHeading(heading: string, paragraphs: string[]): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const body = [
    `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${esc(heading)}</w:t></w:r></w:p>`,
    ...paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`),
  ].join('');
  return zipDeflated({
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`,
    '_rels/.rels': rels([['rId1', 'officeDocument', 'word/document.xml']]),
    'word/_rels/document.xml.rels': rels([['rId1', 'styles', 'styles.xml']]),
    'word/styles.xml': `${XML}<w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:rPr><w:sz w:val="24"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:jc w:val="center"/></w:pPr><w:rPr><w:b/><w:sz w:val="44"/></w:rPr></w:style></w:styles>`,
    'word/document.xml': `${XML}<w:document xmlns:w="${W}"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800"/></w:sectPr></w:body></w:document>`,
  });
}

type Cell = string | number;

function colName(i: number): string {
  let n = i + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function sheetXml(rows: Cell[][], strings: Map<string, number>): string {
  const out: string[] = [];
  rows.forEach((row, r) => {
    const cells = row
      .map((v, c) => {
        const ref = `${colName(c)}${r + 1}`;
        const s = r === 0 ? ' s="1"' : '';
        if (typeof v === 'number') return `<c r="${ref}"${s}><v>${v}</v></c>`;
        let i = strings.get(v);
        if (i === undefined) strings.set(v, (i = strings.size));
        return `<c r="${ref}" t="s"${s}><v>${i}</v></c>`;
      })
      .join('');
    out.push(`<row r="${r + 1}">${cells}</row>`);
  });
  return `${XML}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetData>${out.join('')}</sheetData></worksheet>`;
}

/** A workbook with the given sheets (first row bold), strings in a shared table as Excel writes them. */
export function xlsxWorkbook(sheets: Array<{ name: string; rows: Cell[][] }>): Buffer {
  const strings = new Map<string, number>();
  const sheetParts = sheets.map((s) => sheetXml(s.rows, strings));
  const entries: Record<string, string> = {
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>${sheets
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('')}</Types>`,
    '_rels/.rels': rels([['rId1', 'officeDocument', 'xl/workbook.xml']]),
    'xl/workbook.xml': `${XML}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${REL}"><sheets>${sheets
      .map((s, i) => `<sheet name="${esc(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': rels([
      ...sheets.map((_, i): [string, string, string] => [`rId${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`]),
      [`rId${sheets.length + 1}`, 'styles', 'styles.xml'],
      [`rId${sheets.length + 2}`, 'sharedStrings', 'sharedStrings.xml'],
    ]),
    'xl/styles.xml': `${XML}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
    'xl/sharedStrings.xml': `${XML}<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.size}" uniqueCount="${strings.size}">${[...strings.keys()]
      .map((t) => `<si><t>${esc(t)}</t></si>`)
      .join('')}</sst>`,
  };
  sheetParts.forEach((xml, i) => {
    entries[`xl/worksheets/sheet${i + 1}.xml`] = xml;
  });
  return zipDeflated(entries);
}

/** A workbook of one sheet with a header and `rows` data rows of eight columns. */
export function bigXlsx(rows: number): Buffer {
  const data: Cell[][] = [['序号', '企业名称', '车牌号', '日期', '数量', '金额', '状态', '备注']];
  for (let i = 1; i <= rows; i++) {
    data.push([i, `企业${i % 300}`, `皖A${10000 + i}`, `2026-${String((i % 12) + 1).padStart(2, '0')}-01`, i % 97, i * 1.5, i % 2 ? '正常' : '异常', `备注${i}`]);
  }
  return xlsxWorkbook([{ name: '车辆台账', rows: data }]);
}

/** A minimal PowerPoint package: enough for the server to know it is a pptx. */
export function pptx(): Buffer {
  return zipDeflated({
    '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>`,
    '_rels/.rels': rels([['rId1', 'officeDocument', 'ppt/presentation.xml']]),
    'ppt/presentation.xml': `${XML}<p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"/>`,
  });
}

let gbkTable: Map<string, number> | null = null;

/** GBK bytes of a string: Node decodes GBK but does not encode it, so the decoder is inverted. */
export function gbk(text: string): Buffer {
  if (!gbkTable) {
    gbkTable = new Map();
    const decoder = new TextDecoder('gbk');
    for (let lead = 0x81; lead <= 0xfe; lead++) {
      for (let trail = 0x40; trail <= 0xfe; trail++) {
        if (trail === 0x7f) continue;
        const ch = decoder.decode(Uint8Array.of(lead, trail));
        if (ch.length === 1 && ch !== '\ufffd' && !gbkTable.has(ch)) gbkTable.set(ch, (lead << 8) | trail);
      }
    }
  }
  const bytes: number[] = [];
  for (const ch of text) {
    const code = ch.charCodeAt(0);
    if (code < 0x80) bytes.push(code);
    else {
      const v = gbkTable.get(ch);
      if (v === undefined) throw new Error(`not in GBK: ${ch}`);
      bytes.push(v >> 8, v & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** An uncompressed 8-bit RGB TIFF (browsers cannot show TIFF; the viewer decodes it). */
export function tiff(width = 4, height = 3): Buffer {
  const entries: Array<[number, number, number, number]> = []; // tag, type, count, value
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set([(i * 60) % 256, 120, 200], i * 3);
  const ifdAt = 8;
  const count = 9;
  const bitsAt = ifdAt + 2 + count * 12 + 4;
  const dataAt = bitsAt + 6;
  entries.push([256, 3, 1, width], [257, 3, 1, height], [258, 3, 3, bitsAt], [259, 3, 1, 1], [262, 3, 1, 2]);
  entries.push([273, 4, 1, dataAt], [277, 3, 1, 3], [278, 3, 1, height], [279, 4, 1, pixels.length]);
  const head = Buffer.alloc(dataAt);
  head.write('II', 0, 'latin1');
  head.writeUInt16LE(42, 2);
  head.writeUInt32LE(ifdAt, 4);
  head.writeUInt16LE(count, ifdAt);
  entries.forEach(([tag, type, n, value], i) => {
    const p = ifdAt + 2 + i * 12;
    head.writeUInt16LE(tag, p);
    head.writeUInt16LE(type, p + 2);
    head.writeUInt32LE(n, p + 4);
    if (type === 3 && n === 1) head.writeUInt16LE(value, p + 8);
    else head.writeUInt32LE(value, p + 8);
  });
  for (let k = 0; k < 3; k++) head.writeUInt16LE(8, bitsAt + k * 2);
  return Buffer.concat([head, pixels]);
}

/** An SVG whose script, if it ever ran, would set a flag on the page and call home. */
export const scriptedSvg = () =>
  Buffer.from(
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80"><script>window.top.__svgRan = true; fetch("/api/svg-ran")</script><rect width="120" height="80" fill="#1d4ed8"/><circle cx="60" cy="40" r="24" fill="#fbbf24"/></svg>',
  );

/** A short MP4 recorded by Chromium itself (MediaRecorder), so no fixture or codec tool is needed. */
export async function recordMp4(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const ctx = canvas.getContext('2d')!;
    const stream = canvas.captureStream(15);
    const type = ['video/mp4;codecs=avc1', 'video/mp4;codecs=vp9', 'video/mp4'].find((t) => MediaRecorder.isTypeSupported(t));
    if (!type) throw new Error('MediaRecorder cannot write MP4 here');
    const recorder = new MediaRecorder(stream, { mimeType: type });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => chunks.push(e.data);
    const stopped = new Promise((r) => (recorder.onstop = r));
    recorder.start();
    for (let f = 0; f < 20; f++) {
      ctx.fillStyle = `hsl(${f * 18}, 70%, 50%)`;
      ctx.fillRect(0, 0, 320, 180);
      ctx.fillStyle = '#fff';
      ctx.font = '32px sans-serif';
      ctx.fillText(`巡检视频 ${f}`, 40, 100);
      await new Promise((r) => setTimeout(r, 60));
    }
    recorder.stop();
    await stopped;
    const buf = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let s = '';
    for (let i = 0; i < buf.length; i += 0x8000) s += String.fromCharCode(...buf.subarray(i, i + 0x8000));
    return btoa(s);
  });
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
  return bytes;
}

/** Uploads through the real upload call, as the browser does; returns the new file id. */
export async function uploadFile(page: Page, name: string, data: Buffer, mimeType = 'application/octet-stream'): Promise<string> {
  const res = await page.request.post('/api/file/upload', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    multipart: { file: { name, mimeType, buffer: data } },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { datas: Array<{ fileId: number }> };
  return String(body.datas[0]!.fileId);
}

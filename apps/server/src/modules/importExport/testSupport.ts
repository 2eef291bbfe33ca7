/* Shared by the import/export tests (not a test file itself). */
import zlib from 'node:zlib';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/testApp.ts';
import { multipart } from '../../../test/multipart.ts';

type Json = Record<string, unknown>;
let seq = 0;
export function control(type: string, name: string, model: string, options: Json = {}, extra: Json = {}): Json {
  seq += 1;
  return { type, name, key: `${type}_${seq}`, model, options, rules: [], ...extra };
}

/** A form with a control of each family the codecs convert. */
export function sampleMeta(extra: Json = {}): Json {
  return {
    list: [
      control('input', '名称', 'f_name', { required: true }),
      control('select', '级别', 'f_level', { options: [{ value: '1', label: '一级' }, { value: '2', label: '二级' }] }),
      control('checkbox', '标签', 'f_tags', { options: [{ value: 'a', label: '甲' }, { value: 'b', label: '乙' }, { value: 'c', label: '丙' }] }),
      control('switch', '启用', 'f_on', { openMsg: '运行', closeMsg: '停运' }),
      control('date', '日期', 'f_date'),
      control('number', '数量', 'f_qty', { enableMinMax: true, min: 0, max: 1000 }),
      control('org_select', '部门', 'f_org', {}, { label_model: 'f_org_label' }),
      control('dic_select', '性别', 'f_sex', {}, { label_model: 'f_sex_label', typeCode: 'sex' }),
      control('m_org_select', '协办部门', 'f_orgs'),
      control('region_select', '区划', 'f_region'),
      control('gis_select', '位置', 'f_gis'),
      control('textarea', '备注', 'f_note'),
    ],
    config: {},
    ...extra,
  };
}

export async function createForm(t: TestApp, cookie: string, name: string, meta: Json): Promise<number> {
  const created = await t.call(cookie, 'POST', '/api/form/formconf/save', { formName: name, formType: '0' });
  const formId = created.json().formId as number;
  const design = await t.call(cookie, 'POST', '/api/form/saveformdesign', { formId, formMeta: JSON.stringify(meta) });
  expect(design.json(), design.body).toMatchObject({ errCode: 0 });
  return formId;
}

export async function uploadImport(t: TestApp, cookie: string, formId: number, name: string, data: Buffer) {
  const body = multipart([{ name: 'file', filename: name, data }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/form/importForm/${formId}`,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Polls getImportExportState as the list page does until the job ends. */
export async function waitForJob(t: TestApp, cookie: string, code: string, type: 1 | 2, timeoutMs = 60_000): Promise<Json> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.call(cookie, 'GET', `/api/form/getImportExportState/${code}/${type}`);
    expect(res.statusCode, res.body).toBe(200);
    const state = res.json().formImportExportState as Json;
    if (['success', 'part_success', 'failed'].includes(String(state.state))) return state;
    if (Date.now() > until) throw new Error(`job ${code} still ${String(state.state)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function download(t: TestApp, cookie: string, path: string) {
  return t.app.inject({ method: 'GET', url: `/api/file/download/${path}`, headers: { cookie } });
}

// ---- hand-made zips, for the guard's refusals ---------------------------------------------------

export interface ZipPart {
  name: string;
  data: Buffer | string;
  /** Claim this uncompressed size in the headers instead of the real one. */
  declaredSize?: number;
}

/** A zip written byte by byte (deflate, sizes in the local headers), so headers can be made to lie. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const data = Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data, 'utf8');
    const deflated = zlib.deflateRawSync(data);
    const name = Buffer.from(p.name, 'utf8');
    const crc = zlib.crc32(data);
    const size = p.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, deflated);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(0, 8);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc, 16);
    cd.writeUInt32LE(deflated.length, 20);
    cd.writeUInt32LE(size, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    central.push(cd, name);
    offset += 30 + name.length + deflated.length;
  }
  const dir = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}

/** The parts of a minimal one-sheet workbook around the given sheet XML. */
export function xlsxParts(sheetXml: string | Buffer, sheetDeclaredSize?: number): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      data: '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="数据" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml, ...(sheetDeclaredSize !== undefined ? { declaredSize: sheetDeclaredSize } : {}) },
  ];
}

/** Sheet XML with inline-string cells, one row per entry. */
export function sheetXml(rows: Array<Array<[string, string]>>, rowNumbers?: string[]): string {
  const body = rows
    .map((cells, i) => `<row r="${rowNumbers?.[i] ?? i + 1}">${cells.map(([ref, v]) => `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

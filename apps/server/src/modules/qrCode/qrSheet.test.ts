import { createRequire } from 'node:module';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ADMIN_PASSWORD, type TestApp } from '../../../test/testApp.ts';
import { addUser } from '../admin/testHelpers.ts';
import { insertTenant } from '../../../test/t3Tenants.ts';
import { grantForm } from '../../../test/formGrants.ts';

/*
 * The printable QR sheet (issue 39): an A4 PDF whose text is the form's and entries' Chinese names
 * in an embedded CJK font, and whose images are codes that decode to the entries' addresses.
 * Read back with pdf.js, as a viewer would.
 */

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: PdfJs;
let t: TestApp;
let admin: string;
let formId: number;

const entry = (name: string, extra: Record<string, unknown> = {}) => ({ name, isShow: true, content: { parent: [], childs: [] }, ...extra });

interface ReadPdf {
  pages: number;
  size: [number, number];
  text: string[];
  fonts: string[];
  codes: string[];
}

/** Every page's text, the fonts it names, and each image decoded as a QR code. */
async function readPdf(bytes: Buffer): Promise<ReadPdf> {
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), disableFontFace: true, useSystemFonts: false }).promise;
  const out: ReadPdf = { pages: doc.numPages, size: [0, 0], text: [], fonts: [], codes: [] };
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const [, , w, h] = page.view as [number, number, number, number];
    out.size = [Math.round(w), Math.round(h)];
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item && item.str.trim()) out.text.push(item.str);
    for (const s of Object.values(content.styles)) out.fonts.push(s.fontFamily);
    const ops = await page.getOperatorList();
    for (let i = 0; i < ops.fnArray.length; i++) {
      if (ops.fnArray[i] !== pdfjs.OPS.paintImageXObject) continue;
      const name = ops.argsArray[i][0] as string;
      const img = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>((resolve) => page.objs.get(name, resolve));
      const rgba = new Uint8ClampedArray(img.width * img.height * 4);
      const channels = img.data.length / (img.width * img.height);
      for (let px = 0; px < img.width * img.height; px++) {
        for (let c = 0; c < 3; c++) rgba[px * 4 + c] = img.data[px * channels + (channels >= 3 ? c : 0)]!;
        rgba[px * 4 + 3] = 255;
      }
      const code = jsQR(rgba, img.width, img.height);
      if (code) out.codes.push(code.data);
    }
  }
  return out;
}

beforeAll(async () => {
  pdfjs = (await import(createRequire(import.meta.url).resolve('pdfjs-dist/legacy/build/pdf.mjs'))) as PdfJs;
  t = await createTestApp();
  admin = await t.login();
  formId = (await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '储罐巡检记录' })).json().formId;
  const meta = { list: [{ type: 'input', key: 'k_point', model: 'point', name: '巡检点', options: {} }], config: {} };
  expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta })).json().errCode).toBe(0);
  const conf = {
    formId,
    add: [entry('新增', { isDefault: true }), ...Array.from({ length: 6 }, (_, i) => entry(`${i + 1}号罐区巡检`))],
    query: [entry('查询', { isDefault: true, isShow: false })],
    edit: [entry('编辑', { isDefault: true })],
  };
  expect((await t.call(admin, 'POST', '/api/form/saveQrCodeConf', conf)).json().errCode).toBe(0);
});
afterAll(() => t?.close());

describe('GET /api/form/qrCodeSheet/{formId}', () => {
  it('prints every shown entry on A4 pages, six a page, with the names in Chinese and decodable codes', async () => {
    const res = await t.call(admin, 'GET', `/api/form/qrCodeSheet/${formId}`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('储罐巡检记录二维码.pdf');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await readPdf(bytes);
    // 7 add + 1 edit shown (查询 is hidden): two pages.
    expect(pdf.pages).toBe(2);
    expect(pdf.size).toEqual([595, 842]);
    expect(pdf.text.filter((s) => s === '储罐巡检记录')).toHaveLength(8);
    expect(pdf.text).toEqual(expect.arrayContaining(['新增填报：新增', '新增填报：3号罐区巡检', '编辑数据：编辑']));
    expect(pdf.text.some((s) => s.includes('查询'))).toBe(false);
    // The codes are the entries' addresses, as qrCodeEntries lists them.
    const listed = (await t.call(admin, 'GET', `/api/form/qrCodeEntries/${formId}`)).json().data as { name: string; url: string; isShow: boolean }[];
    const expected = listed.filter((c) => c.isShow).map((c) => `http://localhost:80${c.url}`);
    expect(pdf.codes.map((c) => c.replace(/^http:\/\/localhost(:80)?/, 'http://localhost:80')).sort()).toEqual(expected.sort());
    expect(pdf.codes[0]).toMatch(/\/closed-park-web\/m\/qr\//);
  });

  it('embeds the CJK font it prints with (a subset)', async () => {
    const bytes = (await t.call(admin, 'GET', `/api/form/qrCodeSheet/${formId}?kind=add&name=${encodeURIComponent('1号罐区巡检')}`)).rawPayload;
    const raw = bytes.toString('latin1');
    // pdfkit names an embedded subset ABCDEF+PostScriptName, with a ToUnicode map for text extraction.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+(NotoSansCJK|NotoSerifCJK|WenQuanYi)/);
    expect(raw).toMatch(/\/FontFile[23] /); // TrueType or CFF outlines, embedded
    expect(raw).toContain('/ToUnicode');
    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    expect(pdf.text).toEqual(['储罐巡检记录', '新增填报：1号罐区巡检']);
    expect(pdf.codes).toHaveLength(1);
    expect(bytes.length).toBeLessThan(200_000);
  });

  it('one entry by list and name; 404 for a hidden or unknown one; 400 for a bad list', async () => {
    const one = await t.call(admin, 'GET', `/api/form/qrCodeSheet/${formId}?kind=edit&name=${encodeURIComponent('编辑')}`);
    expect(one.statusCode).toBe(200);
    expect(decodeURIComponent(String(one.headers['content-disposition']))).toContain('储罐巡检记录-编辑二维码.pdf');
    for (const q of ['kind=query&name=%E6%9F%A5%E8%AF%A2', 'kind=add&name=nope']) {
      const res = await t.call(admin, 'GET', `/api/form/qrCodeSheet/${formId}?${q}`);
      expect([q, res.statusCode, res.json().errMsg]).toEqual([q, 404, '没有可打印的二维码：请先保存并显示二维码']);
    }
    expect((await t.call(admin, 'GET', `/api/form/qrCodeSheet/${formId}?kind=other`)).statusCode).toBe(400);
  });

  it('401 without a session, 403 without the designer permission, 404 for a tenant that cannot reach the form', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/form/qrCodeSheet/${formId}` })).statusCode).toBe(401);
    const plain = await addUser(t, admin, 'qr_sheet_plain');
    expect((await t.call(await t.login(plain.username, plain.password), 'GET', `/api/form/qrCodeSheet/${formId}`)).statusCode).toBe(403);
    const handedTo = await insertTenant(t, '甲化工-二维码');
    await t.sql.query(`insert into form_tenant (form_id, company_id, form_meta, design_version) select id, $2, form_meta, design_version from form_conf where id = $1`, [formId, handedTo.id]);
    t.booted.ctx.forms.forget(String(formId));
    const other = await insertTenant(t, '乙化工-二维码');
    await grantForm(t, other.adminId, formId);
    // Even a tenant designer (form:design) reaches no form that was not handed to its tenant.
    const menu = await t.sql.query<{ id: string }>(`insert into sys_menu (name, path, menu_type, perms) values ('表单设计', '', 'button', 'form:design') returning id`);
    await t.sql.query(`insert into sys_role_menu (role_id, menu_id) values ($1, $2)`, [other.roleId, menu.rows[0]!.id]);
    t.booted.ctx.events.deliver({ kind: 'user', id: '*' });
    const res = await t.call(await t.login(other.adminName, ADMIN_PASSWORD), 'GET', `/api/form/qrCodeSheet/${formId}`);
    expect([res.statusCode, res.json().errMsg]).toEqual([404, '表单不存在']);
  });
});

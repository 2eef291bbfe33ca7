import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCompany } from '../../../test/companies.ts';
import { grantForm } from '../../../test/formGrants.ts';
import { multipart, type FormPart } from '../../../test/multipart.ts';
import * as sample from '../../../test/sampleFiles.ts';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { collectUnreferencedFiles } from './gc.ts';
import { findSoffice, officePreviews } from './preview.ts';
import { createFileStorage, uploadTempDir } from './storage.ts';

let t: TestApp;
let admin: string;

function post(cookie: string, url: string, parts: FormPart[]) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType },
    payload,
  });
}

async function uploadOne(cookie: string, name: string, data: Buffer): Promise<number> {
  const res = await post(cookie, '/api/file/upload', [{ name: 'file', filename: name, data }]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().datas[0].fileId as number;
}

const saveVersion = (cookie: string, fileId: number, text: string, version?: number) =>
  post(cookie, `/api/file/version/${fileId}`, [
    ...(version === undefined ? [] : [{ name: 'version', data: String(version) }]),
    { name: 'file', filename: 'ignored.txt', data: Buffer.from(text, 'utf8') },
  ]);

async function addUser(username: string, userType: 0 | 1 | 2, companyId: number | null): Promise<string> {
  if (companyId !== null) await ensureCompany(t.sql, companyId);
  await t.sql.query(
    `insert into sys_user (username, password_hash, real_name, user_type, company_id)
     select $1, password_hash, $1, $2, $3 from sys_user where username = 'admin'`,
    [username, userType, companyId],
  );
  return t.login(username, ADMIN_PASSWORD);
}

beforeAll(async () => {
  // Conversion off whatever this machine has installed; the conversion test below builds its own app.
  t = await createTestApp({ soffice: 'none' });
  admin = await t.login();
});
afterAll(() => t.close());

describe('office previews without LibreOffice', () => {
  it('says conversion is unavailable, so pptx is refused as the spec says', async () => {
    expect((await t.call(admin, 'GET', '/api/file/previewCapability')).json()).toEqual({
      errCode: 0,
      officeConversion: false,
    });
    const pptx = await uploadOne(
      admin,
      '园区介绍.pptx',
      sample.zip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p:presentation/>' }),
    );
    expect((await t.call(admin, 'GET', `/api/file/preview/${pptx}`)).json()).toMatchObject({
      errCode: 0,
      status: 'unavailable',
    });
    expect((await t.call(admin, 'GET', `/api/file/preview/${pptx}/pdf`)).statusCode).toBe(404);
  });

  it('finds soffice only where it is', async () => {
    expect(await findSoffice('none')).toBeNull();
    expect(await findSoffice('/no/such/soffice')).toBeNull();
    expect(await findSoffice(null, '/no/such/dir')).toBeNull();
  });
});

describe('versions of a text file edited online', () => {
  it('saves a new version under the same id and keeps the old one downloadable', async () => {
    const id = await uploadOne(admin, '值班记录.txt', Buffer.from('第一版', 'utf8'));
    const before = (await t.call(admin, 'GET', `/api/file/versions/${id}`)).json();
    expect(before).toMatchObject({ errCode: 0, fileId: id, version: 1, editable: true });
    expect(before.datas).toHaveLength(1);

    const saved = await saveVersion(admin, id, '第二版', 1);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ errCode: 0, fileId: id, version: 2 });

    const current = await t.call(admin, 'GET', `/api/file/download/${id}`);
    expect(current.body).toBe('第二版');
    const old = await t.call(admin, 'GET', `/api/file/download/${id}?version=1`);
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('第一版');
    expect(old.headers['content-disposition']).toContain('attachment');
    expect((await t.call(admin, 'GET', `/api/file/download/${id}?version=7`)).statusCode).toBe(404);

    const info = (await t.call(admin, 'GET', `/api/file/info/${id}`)).json();
    expect(info).toMatchObject({ fileId: id, originalName: '值班记录.txt', suffix: 'txt', size: Buffer.byteLength('第二版') });
    const after = (await t.call(admin, 'GET', `/api/file/versions/${id}`)).json();
    expect(after.datas.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
    const log = await t.sql.query(`select action, target_id from sys_operation_log where action = '保存文件新版本'`);
    expect(log.rows).toContainEqual({ action: '保存文件新版本', target_id: String(id) });
  });

  it('refuses a save based on a stale version, and content that is not what the name says', async () => {
    const id = await uploadOne(admin, '配置.json', Buffer.from('{"a":1}'));
    expect((await saveVersion(admin, id, '{"a":2}', 1)).statusCode).toBe(200);
    const stale = await saveVersion(admin, id, '{"a":3}', 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errMsg).toBe('文件已被他人修改，请刷新后重试');
    // A JSON file must stay plain data: markup in it is refused as on upload.
    const disguised = await saveVersion(admin, id, '<html><script>alert(1)</script></html>', 2);
    expect(disguised.statusCode).toBe(415);
    expect((await t.call(admin, 'GET', `/api/file/download/${id}`)).body).toBe('{"a":2}');
  });

  it('only lets text files be edited', async () => {
    const id = await uploadOne(admin, '报告.pdf', sample.pdf());
    expect((await t.call(admin, 'GET', `/api/file/versions/${id}`)).json().editable).toBe(false);
    const res = await saveVersion(admin, id, 'x');
    expect(res.statusCode).toBe(400);
  });

  it('checks that the saver may edit the record holding the file', async () => {
    const created = await t.call(admin, 'POST', '/api/form/formconf/save', { formName: '交接班记录', formType: '0' });
    const formId = created.json().formId as number;
    const meta = {
      list: [
        { type: 'input', name: '班次', key: 'input_1', model: 'f_shift', options: {}, rules: [] },
        { type: 'file_upload', name: '附件', key: 'file_upload_2', model: 'f_files', options: { length: 3, maxFileSize: 20 }, rules: [] },
      ],
      config: {},
    };
    expect((await t.call(admin, 'POST', '/api/form/saveformdesign', { formId, formMeta: meta })).json()).toMatchObject({ errCode: 0 });

    const writer = await addUser('shift_writer', 1, 301);
    const colleague = await addUser('shift_colleague', 1, 301);
    const stranger = await addUser('shift_stranger', 1, 302);
    // Issue 15: they may add and edit the form's records (the file follows the record's edit rule).
    for (const u of ['shift_writer', 'shift_colleague', 'shift_stranger']) {
      const uid = (await t.sql.query(`select id from sys_user where username = $1`, [u])).rows[0].id;
      await grantForm(t, uid, formId, ['view', 'add', 'edit']);
    }
    const id = await uploadOne(writer, '交接记录.txt', Buffer.from('夜班正常'));
    // Until a record holds it, only the uploader may edit it.
    expect((await t.call(colleague, 'GET', `/api/file/versions/${id}`)).statusCode).toBe(404);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/form/addformdata/${formId}`,
      headers: { cookie: writer, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ f_shift: '夜班', f_files: String(id) }).toString(),
    });
    expect(added.json(), added.body).toMatchObject({ errCode: 0 });
    const recordId = added.json().businessId as number;

    // Same company: may update the record, so may edit its file.
    expect((await t.call(colleague, 'GET', `/api/file/versions/${id}`)).json().editable).toBe(true);
    expect((await saveVersion(colleague, id, '夜班正常，已交接')).statusCode).toBe(200);
    // Another company cannot even see it.
    expect((await saveVersion(stranger, id, '篡改')).statusCode).toBe(404);

    // The record moves out of the company's scope: the file is still readable (same company's
    // upload, referenced), but no record the colleague may update holds it any more.
    await t.sql.query(`update form_${formId} set company_id = 302 where id = $1`, [recordId]);
    expect((await t.call(colleague, 'GET', `/api/file/versions/${id}`)).json().editable).toBe(false);
    const refused = await saveVersion(colleague, id, '再改');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errMsg).toBe('您无权编辑该文件');
    // Neither may its uploader: a file a record holds is edited through the record.
    expect((await saveVersion(writer, id, '再改')).statusCode).toBe(403);
  });

  it('collects the old versions with the file', async () => {
    const id = await uploadOne(admin, '临时.txt', Buffer.from('a'));
    expect((await saveVersion(admin, id, 'b')).statusCode).toBe(200);
    const keys = (
      await t.sql.query(
        `select file_key from sys_file where id = $1 union all select file_key from sys_file_version where file_id = $1`,
        [id],
      )
    ).rows.map((r: { file_key: string }) => r.file_key);
    expect(keys).toHaveLength(2);
    const storage = createFileStorage(t.booted.ctx.config);
    await t.sql.query(`update sys_file set create_time = now() - interval '2 days' where id = $1`, [id]);
    await collectUnreferencedFiles(t.booted.ctx.db, storage, uploadTempDir(t.booted.ctx.config));
    for (const k of keys) expect(await storage.exists(k)).toBe(false);
    expect((await t.sql.query('select count(*)::int n from sys_file_version where file_id = $1', [id])).rows[0].n).toBe(0);
  });
});

const soffice = await findSoffice(process.env.SOFFICE_PATH ?? null);

/** Uploads a docx, asks for its preview, waits for the in-process conversion and checks the PDF. */
async function convertsDocx(sofficePath: string) {
  const conv = await createTestApp({ soffice: sofficePath });
  try {
    const cookie = await conv.login();
    const { payload, contentType } = multipart([{ name: 'file', filename: '制度.docx', data: sample.docx('安全生产') }]);
    const up = await conv.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType },
      payload,
    });
    const id = up.json().datas[0].fileId as number;
    expect((await conv.call(cookie, 'GET', '/api/file/previewCapability')).json().officeConversion).toBe(true);
    expect((await conv.call(cookie, 'GET', `/api/file/preview/${id}`)).json().status).toBe('pending');
    await officePreviews(conv.booted.ctx).settled();
    expect((await conv.call(cookie, 'GET', `/api/file/preview/${id}`)).json().status).toBe('ready');
    const pdf = await conv.call(cookie, 'GET', `/api/file/preview/${id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('inline');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const range = await conv.app.inject({
      method: 'GET',
      url: `/api/file/preview/${id}/pdf`,
      headers: { cookie, range: 'bytes=0-3' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF');
    // Cached by content: the same bytes uploaded again are ready at once.
    const again = await conv.app.inject({
      method: 'POST',
      url: '/api/file/upload',
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType },
      payload,
    });
    expect((await conv.call(cookie, 'GET', `/api/file/preview/${again.json().datas[0].fileId}`)).json().status).toBe('ready');
    const sha = (await conv.sql.query('select sha256 from sys_file where id = $1', [id])).rows[0].sha256;
    const previews = officePreviews(conv.booted.ctx);
    expect((await fs.stat(previews.pdfPath(sha))).isFile()).toBe(true);
    // The nightly sweep keeps a PDF while a file holds its content, and drops it after.
    expect(await previews.sweep()).toBe(0);
    await conv.sql.query(`update sys_file set sha256 = repeat('0', 64) where sha256 = $1`, [sha]);
    expect(await previews.sweep()).toBe(1);
    expect(await fs.stat(previews.pdfPath(sha)).catch(() => null)).toBeNull();
  } finally {
    await conv.close();
  }
}

describe('office previews with LibreOffice', () => {
  it('runs the conversion through a stand-in soffice and serves the cached PDF', async () => {
    // A script with soffice's command line that writes a known PDF where LibreOffice would.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-soffice-'));
    const pdfFile = path.join(dir, 'sample.pdf');
    await fs.writeFile(pdfFile, sample.pdf('converted'));
    const script = path.join(dir, 'soffice');
    await fs.writeFile(
      script,
      `#!/bin/sh\nwhile [ $# -gt 0 ]; do [ "$1" = --outdir ] && { out="$2"; shift; }; last="$1"; shift; done\nname=$(basename "$last"); cp "${pdfFile}" "$out/\${name%.*}.pdf"\n`,
      { mode: 0o755 },
    );
    try {
      await convertsDocx(script);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!soffice)(
    `converts a real docx with LibreOffice${soffice ? '' : ' (skipped: soffice is not on PATH; install LibreOffice to run it)'}`,
    { timeout: 240_000 },
    () => convertsDocx(soffice!),
  );
});

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../../test/testApp.ts';
import { ensureCompany } from '../../../test/companies.ts';
import { multipart, type FormPart } from '../../../test/multipart.ts';
import * as sample from '../../../test/sampleFiles.ts';
import { unreadableFileIds } from './access.ts';
import { collectUnreferencedFiles } from './gc.ts';
import { attachFileRefs, detachFileRefs } from './repo.ts';
import { createFileStorage, filesRoot, uploadTempDir } from './storage.ts';

let t: TestApp;
let admin: string;

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const filePart = (filename: string, data: Buffer | string, name = 'file'): FormPart => ({
  name,
  filename,
  data,
});

function upload(cookie: string | null, parts: FormPart[], query = '', app = t.app) {
  const { payload, contentType } = multipart(parts);
  return app.inject({
    method: 'POST',
    url: `/api/file/upload${query}`,
    headers: {
      ...(cookie ? { cookie } : {}),
      'x-requested-with': 'XMLHttpRequest',
      'content-type': contentType,
    },
    payload,
  });
}

async function uploadOne(cookie: string, name: string, data: Buffer, query = ''): Promise<number> {
  const res = await upload(cookie, [filePart(name, data)], query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().datas[0].fileId as number;
}

/** Every regular file under DATA_DIR/files, temp files included. */
async function filesOnDisk(root = filesRoot(t.booted.ctx.config)): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
const rowCount = async () => Number((await t.sql.query('select count(*) n from sys_file')).rows[0].n);

/** A user with the admin's password; companyId null for a platform user. */
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
  t = await createTestApp();
  admin = await t.login();
});
afterAll(() => t.close());

describe('upload, info, download and image', () => {
  const cases = [
    { name: '现场照片.jpg', data: sample.jpeg(), mime: 'image/jpeg', image: true },
    { name: '厂区平面图.png', data: sample.png(), mime: 'image/png', image: true },
    { name: '安全检测报告.pdf', data: sample.pdf(), mime: 'application/pdf', image: false },
    {
      name: '安全管理制度.docx',
      data: sample.docx(),
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      image: false,
    },
    {
      name: '危化品台账 2026.xlsx',
      data: sample.xlsx(),
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      image: false,
    },
  ];

  it('stores each file and serves back identical bytes under its Chinese name', async () => {
    for (const c of cases) {
      const suffix = c.name.split('.').pop();
      const res = await upload(admin, [filePart(c.name, c.data)]);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        errCode: 0,
        datas: [{ fileId: expect.any(Number), originalName: c.name, suffix }],
      });
      const id = body.datas[0].fileId as number;

      const info = await t.call(admin, 'GET', `/api/file/info/${id}`);
      expect(info.json()).toMatchObject({
        errCode: 0,
        fileId: id,
        originalName: c.name,
        suffix,
        size: c.data.length,
        mime: c.mime,
      });

      const encoded = encodeURIComponent(c.name);
      for (const url of [`/api/file/download/${id}`, `/api/file/fileDownload/${id}`]) {
        const dl = await t.call(admin, 'GET', url);
        expect(dl.statusCode).toBe(200);
        expect(Buffer.compare(dl.rawPayload, c.data)).toBe(0);
        expect(dl.headers['content-type']).toBe(c.mime);
        expect(dl.headers['content-length']).toBe(String(c.data.length));
        expect(dl.headers['x-content-type-options']).toBe('nosniff');
        expect(dl.headers['content-disposition']).toBe(
          `attachment; filename="${c.name.replace(/[^\x20-\x7e]+/g, '_')}"; filename*=UTF-8''${encoded}`,
        );
      }

      for (const url of [`/api/file/image/${id}`, `/api/file/imageDownload/${id}`]) {
        const img = await t.call(admin, 'GET', url);
        if (c.image) {
          expect(img.statusCode).toBe(200);
          expect(Buffer.compare(img.rawPayload, c.data)).toBe(0);
          expect(img.headers['content-type']).toBe(c.mime);
          expect(img.headers['content-disposition']).toMatch(/^inline; /);
          expect(img.headers['cache-control']).toMatch(/^private/);
        } else {
          expect(img.statusCode).toBe(415);
          expect(img.json()).toEqual({ errCode: 415, errMsg: '该文件不是图片，无法显示' });
        }
      }

      const row = (await t.sql.query('select * from sys_file where id = $1', [id])).rows[0];
      expect(row).toMatchObject({
        original_name: c.name,
        suffix,
        size: String(c.data.length),
        sha256: sha(c.data),
        uploader_id: '1',
      });
      expect(row.file_key).toMatch(/^[0-9a-f]{32}$/);
      const onDisk = path.join(
        filesRoot(t.booted.ctx.config),
        row.file_key.slice(0, 2),
        row.file_key.slice(2, 4),
        row.file_key,
      );
      expect(Buffer.compare(await fs.readFile(onDisk), c.data)).toBe(0);
    }
  });

  it('takes several files in one request and logs the upload', async () => {
    const res = await upload(admin, [filePart('一.png', sample.png()), filePart('二.pdf', sample.pdf())]);
    expect(res.statusCode, res.body).toBe(200);
    const datas = res.json().datas as { fileId: number; originalName: string }[];
    expect(datas.map((d) => d.originalName)).toEqual(['一.png', '二.pdf']);
    const log = await t.sql.query(
      `select * from sys_operation_log where action = '上传文件' and target_id = $1`,
      [datas.map((d) => d.fileId).join(',')],
    );
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({ username: 'admin', target_type: 'sys_file' });
  });

  it('previews a PDF inline only when asked, and serves byte ranges', async () => {
    const data = sample.pdf();
    const id = await uploadOne(admin, 'a.pdf', data);
    const inline = await t.call(admin, 'GET', `/api/file/download/${id}?inline=1`);
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
    const part = await t.app.inject({
      url: `/api/file/download/${id}`,
      headers: { cookie: admin, range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${data.length}`);
    expect(part.body).toBe('%PDF');
  });

  it('shows text inline only as text/plain in a sandbox', async () => {
    const id = await uploadOne(admin, '说明.txt', Buffer.from('第一行\n第二行\n'));
    const res = await t.call(admin, 'GET', `/api/file/download/${id}?inline=1`);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of ['999999', 'abc', '0', '../1']) {
      const res = await t.call(admin, 'GET', `/api/file/download/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errCode: 404, errMsg: '文件不存在或已被删除' });
    }
  });
});

describe('limits and types', () => {
  it('refuses a 3 MB file on a 2 MB field limit and leaves nothing on disk', async () => {
    const before = { disk: await filesOnDisk(), rows: await rowCount() };
    const big = Buffer.alloc(3 * 1024 * 1024, 'a');
    const res = await upload(admin, [filePart('大文件.txt', big)], '?maxFileSize=2');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errCode: 413, errMsg: '文件大小超过限制（最大 2 MB）' });
    expect(await filesOnDisk()).toEqual(before.disk);
    expect(await rowCount()).toBe(before.rows);
  });

  it('refuses a whole request when one of its files is too large', async () => {
    const before = { disk: await filesOnDisk(), rows: await rowCount() };
    const res = await upload(
      admin,
      [filePart('小.png', sample.png()), filePart('大.txt', Buffer.alloc(3 * 1024 * 1024, 'a'))],
      '?maxFileSize=2',
    );
    expect(res.statusCode).toBe(413);
    expect(await filesOnDisk()).toEqual(before.disk);
    expect(await rowCount()).toBe(before.rows);
  });

  it('applies a maxFileSize sent as a form field before the file', async () => {
    const before = await filesOnDisk();
    const res = await upload(admin, [
      { name: 'maxFileSize', data: '1' },
      filePart('a.txt', Buffer.alloc(1024 * 1024 + 1, 'a')),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errMsg).toBe('文件大小超过限制（最大 1 MB）');
    expect(await filesOnDisk()).toEqual(before);
  });

  it('refuses HTML renamed to .png, and other disguises', async () => {
    const before = { disk: await filesOnDisk(), rows: await rowCount() };
    const cases: [string, Buffer][] = [
      ['photo.png', sample.html()],
      ['photo.jpg', sample.png()],
      ['report.pdf', sample.docx()],
      ['sheet.xlsx', sample.docx()],
      ['data.csv', sample.html()],
      ['image.svg', Buffer.from('just text')],
    ];
    for (const [name, data] of cases) {
      const res = await upload(admin, [filePart(name, data)]);
      expect(res.statusCode, name).toBe(415);
      expect(res.json(), name).toEqual({ errCode: 415, errMsg: '文件类型与扩展名不符' });
    }
    expect(await filesOnDisk()).toEqual(before.disk);
    expect(await rowCount()).toBe(before.rows);
  });

  it('refuses extensions outside the allowlist', async () => {
    const res = await upload(admin, [filePart('setup.exe', Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]))]);
    expect(res.statusCode).toBe(415);
    expect(res.json().errMsg).toBe('不支持的文件类型：.exe');
  });

  it('takes only jpeg and png when accept=image', async () => {
    expect((await upload(admin, [filePart('a.png', sample.png())], '?accept=image')).statusCode).toBe(200);
    expect((await upload(admin, [filePart('a.jpg', sample.jpeg())], '?accept=image')).statusCode).toBe(200);
    const pdf = await upload(admin, [filePart('a.pdf', sample.pdf())], '?accept=image');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().errMsg).toBe('只能上传 jpg/png 格式的图片');
  });

  it('answers a request without a file with 400', async () => {
    const res = await upload(admin, [{ name: 'x', data: 'y' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errMsg).toBe('请选择要上传的文件');
  });
});

describe('dangerous content', () => {
  it('serves an SVG only as an octet-stream attachment', async () => {
    const id = await uploadOne(admin, '标志.svg', sample.svg());
    for (const url of [
      `/api/file/download/${id}`,
      `/api/file/download/${id}?inline=1`,
      `/api/file/image/${id}`,
    ]) {
      const res = await t.call(admin, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-disposition'], url).toMatch(/^attachment; /);
      expect(res.headers['content-type'], url).toBe('application/octet-stream');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toMatch(/sandbox/);
      expect(Buffer.compare(res.rawPayload, sample.svg())).toBe(0);
    }
  });

  it('serves HTML only as an octet-stream attachment', async () => {
    const id = await uploadOne(admin, 'page.html', sample.html());
    const res = await t.call(admin, 'GET', `/api/file/download/${id}?inline=1`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect(res.headers['content-type']).toBe('application/octet-stream');
  });

  it('stores a file named ../../etc/passwd under a generated key, with a safe display name', async () => {
    const before = await filesOnDisk();
    for (const name of ['../../etc/passwd', '..\\..\\etc\\passwd']) {
      const res = await upload(admin, [filePart(name, Buffer.from('root:x:0:0:root:/root:/bin/bash\n'))]);
      expect(res.statusCode, res.body).toBe(200);
      const [d] = res.json().datas;
      expect(d).toMatchObject({ originalName: 'passwd.txt', suffix: 'txt' });
      const row = (
        await t.sql.query('select original_name, file_key from sys_file where id = $1', [d.fileId])
      ).rows[0];
      expect(row.original_name).toBe('passwd.txt');
      expect(row.file_key).toMatch(/^[0-9a-f]{32}$/);
      const dl = await t.call(admin, 'GET', `/api/file/download/${d.fileId}`);
      expect(dl.headers['content-disposition']).toBe(
        `attachment; filename="passwd.txt"; filename*=UTF-8''passwd.txt`,
      );
    }
    const added = (await filesOnDisk()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    const root = filesRoot(t.booted.ctx.config);
    for (const f of added) expect(path.relative(root, f)).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    await expect(fs.stat(path.join(t.booted.ctx.config.dataDir, 'etc'))).rejects.toThrow();
  });

  it('strips control and bidi characters from names', async () => {
    const res = await upload(admin, [filePart('re\u202Eport\u0007.txt', Buffer.from('x'))]);
    expect(res.json().datas[0].originalName).toBe('report.txt');
  });
});

describe('signature pad field `image`', () => {
  it('takes a PNG file part named image, even without an extension', async () => {
    const data = sample.png([0, 0, 0]);
    const res = await upload(admin, [{ name: 'image', filename: 'blob', contentType: 'image/png', data }]);
    expect(res.statusCode, res.body).toBe(200);
    const [d] = res.json().datas;
    expect(d).toMatchObject({ originalName: 'blob.png', suffix: 'png' });
    const img = await t.call(admin, 'GET', `/api/file/image/${d.fileId}`);
    expect(Buffer.compare(img.rawPayload, data)).toBe(0);
  });

  it('takes a PNG data URL sent as the image field', async () => {
    const data = sample.png([1, 2, 3]);
    const res = await upload(admin, [
      { name: 'image', data: `data:image/png;base64,${data.toString('base64')}` },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [d] = res.json().datas;
    expect(d).toMatchObject({ originalName: 'signature.png', suffix: 'png' });
    const img = await t.call(admin, 'GET', `/api/file/image/${d.fileId}`);
    expect(Buffer.compare(img.rawPayload, data)).toBe(0);
  });

  it('refuses anything but jpeg and png in the image field', async () => {
    const res = await upload(admin, [{ name: 'image', filename: 'sign.pdf', data: sample.pdf() }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().errMsg).toBe('只能上传 jpg/png 格式的图片');
  });
});

describe('who may read a file', () => {
  let a1: string;
  let a2: string;
  let b1: string;
  let platform: string;
  beforeAll(async () => {
    a1 = await addUser('company_a_1', 1, 101);
    a2 = await addUser('company_a_2', 2, 101);
    b1 = await addUser('company_b_1', 1, 202);
    platform = await addUser('park_staff', 0, null);
  });

  const status = async (cookie: string, id: number) => {
    const codes = await Promise.all(
      ['info', 'download', 'image'].map(
        async (p) => (await t.call(cookie, 'GET', `/api/file/${p}/${id}`)).statusCode,
      ),
    );
    expect(new Set(codes).size).toBe(1);
    return codes[0];
  };

  it('an unreferenced upload is readable by its uploader only', async () => {
    const id = await uploadOne(a1, '营业执照.png', sample.png());
    expect(await status(a1, id)).toBe(200);
    expect(await status(a2, id)).toBe(404);
    expect(await status(b1, id)).toBe(404);
    expect(await status(platform, id)).toBe(404);
  });

  it("another company's user cannot read a file referenced only by this company's record", async () => {
    const id = await uploadOne(a1, '应急预案.png', sample.png());
    await t.sql.query(`insert into sys_file_ref (file_id, form_id, record_id) values ($1, 7, 1)`, [id]);
    expect(await status(a1, id)).toBe(200);
    expect(await status(a2, id)).toBe(200);
    expect(await status(platform, id)).toBe(200);
    expect(await status(admin, id)).toBe(200);
    const other = await t.call(b1, 'GET', `/api/file/download/${id}`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ errCode: 404, errMsg: '文件不存在或已被删除' });
    expect(await status(b1, id)).toBe(404);
  });

  it('lets the form engine attach and detach references, and check them first', async () => {
    const mine = await uploadOne(a1, '巡检记录.png', sample.png());
    const theirs = await uploadOne(b1, '他人文件.png', sample.png());
    const a1Auth = (await t.booted.ctx.sessions.resolve(a1.split('=')[1]!))!;
    expect(await unreadableFileIds(t.booted.ctx, a1Auth, [mine, theirs, 'x', 99999999])).toEqual([String(theirs), 'x', '99999999']);

    const db = t.booted.ctx.db;
    await db.transaction().execute((trx) => attachFileRefs(trx, { formId: 5, recordId: 8, fileIds: [mine, mine] }));
    await db.transaction().execute((trx) => attachFileRefs(trx, { formId: 5, recordId: 8, subKey: 'rows', fileIds: [mine] }));
    expect(await status(a2, mine)).toBe(200);
    await detachFileRefs(db, { formId: 5, recordId: 8 });
    expect(await status(a2, mine)).toBe(200); // still referenced by the sub-table row
    await detachFileRefs(db, { formId: 5, recordId: 8, subKey: 'rows', fileIds: [mine] });
    expect(await status(a2, mine)).toBe(404);
  });

  it('answers 401 no login to an upload without a session', async () => {
    const res = await upload(null, [filePart('a.png', sample.png())]);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      errorcode: 'no login',
      redirect: expect.stringContaining('/closed-park-web/login'),
    });
  });

  it('answers 401 to a download without a session', async () => {
    const res = await t.app.inject({ url: '/api/file/download/1' });
    expect(res.statusCode).toBe(401);
  });
});

describe('collector', () => {
  it('deletes unreferenced uploads older than a day, rows and bytes, and keeps the rest', async () => {
    const old = await uploadOne(admin, 'old.png', sample.png());
    const oldRef = await uploadOne(admin, 'old-ref.png', sample.png());
    const fresh = await uploadOne(admin, 'fresh.png', sample.png());
    await t.sql.query(`update sys_file set create_time = now() - interval '25 hours' where id = any($1)`, [
      [old, oldRef],
    ]);
    await t.sql.query(
      `insert into sys_file_ref (file_id, form_id, record_id, sub_key) values ($1, 3, 9, 'items')`,
      [oldRef],
    );
    const keyOf = async (id: number) =>
      (await t.sql.query('select file_key from sys_file where id = $1', [id])).rows[0]?.file_key as string;
    const oldKey = await keyOf(old);
    const storage = createFileStorage(t.booted.ctx.config);
    expect(await storage.exists(oldKey)).toBe(true);
    // A temp file a crash left behind a day ago.
    const tempDir = uploadTempDir(t.booted.ctx.config);
    const stale = path.join(tempDir, 'stale.part');
    await fs.writeFile(stale, 'x');
    const dayAgo = new Date(Date.now() - 25 * 3600_000);
    await fs.utimes(stale, dayAgo, dayAgo);

    const result = await collectUnreferencedFiles(t.booted.ctx.db, storage, tempDir);
    expect(result.files).toBeGreaterThanOrEqual(1);
    expect(result.temps).toBe(1);
    expect(await keyOf(old)).toBeUndefined();
    expect(await storage.exists(oldKey)).toBe(false);
    expect(await keyOf(oldRef)).toBeDefined();
    expect(await keyOf(fresh)).toBeDefined();
  });
});

describe('global MAX_UPLOAD_MB', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ maxUploadMb: 1 });
  });
  afterAll(() => small.close());

  it('caps uploads, and a larger per-field limit never widens it', async () => {
    const cookie = await small.login();
    const data = Buffer.alloc(1024 * 1024 + 10, 'a');
    for (const query of ['', '?maxFileSize=5']) {
      const res = await upload(cookie, [filePart('a.txt', data)], query, small.app);
      expect(res.statusCode).toBe(413);
      expect(res.json().errMsg).toBe('文件大小超过限制（最大 1 MB）');
    }
    expect(await filesOnDisk(filesRoot(small.booted.ctx.config))).toEqual([]);
    const ok = await upload(cookie, [filePart('a.txt', Buffer.alloc(1024 * 1024, 'a'))], '', small.app);
    expect(ok.statusCode).toBe(200);
  });
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from './excel.ts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { importExportConfig } from './ieConfig.ts';
import { ImportExportWorker } from './jobs.ts';
import { createForm, download, sampleMeta, sheetXml, uploadImport, xlsxParts, zipOf, type ZipPart } from './testSupport.ts';
import { inspectXlsx, XlsxRefusedError, type XlsxCaps } from './xlsxGuard.ts';

let t: TestApp;
let admin: string;
let dir: string;
const caps: XlsxCaps = { maxEntries: 100, maxUnzippedBytes: 64 * 1024 * 1024, maxRatio: 200, maxRows: 1000 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-ie-'));
  // No pg-boss here: the tests drive the worker themselves; sends are recorded and dropped.
  t.booted.ctx.jobs = { send: async () => null };
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function inspect(parts: ZipPart[] | Buffer, c: XlsxCaps = caps, startRow = 2) {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.xlsx`);
  await fs.writeFile(file, Buffer.isBuffer(parts) ? parts : zipOf(parts));
  return inspectXlsx(file, c, startRow);
}

describe('the workbook guard, before any parser', () => {
  it('counts the data rows of the first sheet', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => [[`A${i + 1}`, `v${i}`]] as Array<[string, string]>);
    const got = await inspect(xlsxParts(sheetXml(rows)));
    expect(got).toMatchObject({ sheetName: '数据', sheetPath: 'xl/worksheets/sheet1.xml', dataRows: 29, lastRow: 30 });
  });

  it('refuses an entry that inflates past its declared size (a lying zip)', async () => {
    const big = sheetXml(Array.from({ length: 2000 }, (_, i) => [[`A${i + 1}`, 'x'.repeat(100)]] as Array<[string, string]>));
    await expect(inspect(xlsxParts(big, 1000))).rejects.toThrow(/声明不符/);
  });

  it('refuses more rows than the cap, and references beyond the sheet', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => [[`A${i + 1}`, 'x']] as Array<[string, string]>);
    await expect(inspect(xlsxParts(sheetXml(rows)), { ...caps, maxRows: 10 })).rejects.toThrow(/最大行数限制（10 行）/);
    await expect(inspect(xlsxParts(sheetXml([[['A1', 'x']]], ['1048577'])))).rejects.toThrow(/超出工作表范围/);
    await expect(inspect(xlsxParts(sheetXml([[['AAAA1', 'x']]])))).rejects.toThrow(/超出工作表范围/);
  });

  it('refuses data hidden between entries, and too many entries', async () => {
    const zip = zipOf(xlsxParts(sheetXml([[['A1', 'x']]])));
    // Shift the central directory and end record by inserting bytes before them.
    const eocd = zip.length - 22;
    const dirOffset = zip.readUInt32LE(eocd + 16);
    const hidden = Buffer.concat([zip.subarray(0, dirOffset), Buffer.alloc(64, 0x41), zip.subarray(dirOffset)]);
    hidden.writeUInt32LE(dirOffset + 64, hidden.length - 22 + 16);
    await expect(inspect(hidden)).rejects.toThrow(/结构异常/);
    const many = [...xlsxParts(sheetXml([[['A1', 'x']]])), ...Array.from({ length: 100 }, (_, i) => ({ name: `x${i}`, data: 'x' }))];
    await expect(inspect(many)).rejects.toBeInstanceOf(XlsxRefusedError);
  });
});

describe('reading Chinese text', () => {
  it('keeps every character intact across the reader\'s chunk boundaries, inline and shared strings', { timeout: 120_000 }, async () => {
    const worker = new ImportExportWorker(t.booted.ctx, t.databaseUrl, pino({ level: 'silent' }));
    onTestFinished(() => worker.stop());
    const note = (i: number) => `第${i}行：储罐区东侧管线巡检，压力表读数正常，阀门无泄漏，消防器材齐全有效。`.repeat(3);
    for (const inline of [true, false]) {
      const formId = await createForm(t, admin, `中文${inline ? '内联' : '共享'}`, sampleMeta());
      const file = path.join(dir, `zh-${inline}.xlsx`);
      const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: !inline });
      const ws = book.addWorksheet('数据');
      ws.addRow(['名称', '级别', '备注']).commit();
      const N = 4000;
      for (let i = 1; i <= N; i++) ws.addRow([`巡检记录${i}`, i % 2 ? '一级' : '二级', note(i)]).commit();
      ws.commit();
      await book.commit();
      const res = await uploadImport(t, admin, formId, 'zh.xlsx', await fs.readFile(file));
      const { rows: jobs } = await t.sql.query(`select id from form_import_export where code = $1`, [res.json().importExportCode]);
      await worker.run(String(jobs[0].id));
      const job = (await t.sql.query(`select state, ok_rows, bad_rows from form_import_export where id = $1`, [jobs[0].id])).rows[0];
      expect(job).toMatchObject({ state: 'success', ok_rows: N, bad_rows: 0 });
      const { rows } = await t.sql.query(`select f_name, f_level, f_note from "form_${formId}"`);
      const wrong = rows.filter((r) => r.f_note !== note(Number(String(r.f_name).slice(4))) || !['1', '2'].includes(r.f_level));
      expect(wrong).toEqual([]);
    }
  });
});

/** Runs the import job until its cursor passes `row`, then "crashes" it: the lease passes to nobody, as when a worker dies. */
async function runUntilCrash(jobId: string, row: number): Promise<ImportExportWorker> {
  const worker = new ImportExportWorker(t.booted.ctx, t.databaseUrl, pino({ level: 'silent' }), { ...importExportConfig(), chunkRows: 25 });
  onTestFinished(() => worker.stop());
  const first = worker.run(jobId);
  for (;;) {
    const { rows } = await t.sql.query(`select cursor from form_import_export where id = $1`, [jobId]);
    if (rows[0].cursor >= row) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  await t.sql.query(`update form_import_export set lease_owner = 'dead', lease_until = now() - interval '1 second' where id = $1`, [jobId]);
  await first;
  return worker;
}

async function jobIdOf(code: string): Promise<string> {
  return String((await t.sql.query(`select id from form_import_export where code = $1`, [code])).rows[0].id);
}

describe('resuming an import', () => {
  it('stops mid-way (lease lost, as a crash would leave it) and resumes from the cursor with no duplicates', async () => {
    const formId = await createForm(t, admin, '断点续传', sampleMeta());
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('数据');
    ws.addRow(['名称', '级别', '数量']);
    const N = 2000;
    let valid = 0;
    for (let i = 1; i <= N; i++) {
      const bad = i % 50 === 0;
      if (!bad) valid++;
      ws.addRow([`续传${i}`, bad ? '不存在的级别' : '一级', i % 1000]);
    }
    const res = await uploadImport(t, admin, formId, 'resume.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect(res.json(), res.body).toMatchObject({ errCode: 0 });
    const code = res.json().importExportCode as string;
    const { rows: jobs } = await t.sql.query(`select id from form_import_export where code = $1`, [code]);
    const jobId = String(jobs[0].id);

    const worker = await runUntilCrash(jobId, 500);

    const table = `"form_${formId}"`;
    const mid = (await t.sql.query(`select state, cursor, ok_rows, bad_rows from form_import_export where id = $1`, [jobId])).rows[0];
    expect(mid.state).toBe('running');
    expect(mid.cursor).toBeGreaterThanOrEqual(500);
    expect(mid.cursor).toBeLessThan(N + 1);
    // Exactly what the committed chunks hold: no half chunk, events only for committed rows.
    const count = async () => (await t.sql.query(`select count(*)::int n, count(distinct f_name)::int d from ${table}`)).rows[0];
    const events = async () => (await t.sql.query(`select count(*)::int n from form_event where form_id = $1`, [formId])).rows[0].n;
    expect((await count()).n).toBe(mid.ok_rows);
    expect(await events()).toBe(mid.ok_rows);
    const errs = (await t.sql.query(`select count(*)::int n from form_import_error where job_id = $1`, [jobId])).rows[0].n;
    expect(errs).toBe(mid.bad_rows);
    expect(mid.ok_rows + mid.bad_rows).toBe(mid.cursor - 1);

    expect(await worker.run(jobId)).toBe('ran');
    const end = (await t.sql.query(`select state, ok_rows, bad_rows, done, total, attempts from form_import_export where id = $1`, [jobId])).rows[0];
    expect(end).toMatchObject({ state: 'part_success', ok_rows: valid, bad_rows: N - valid, done: N, total: N, attempts: 2 });
    expect(await count()).toEqual({ n: valid, d: valid });
    expect(await events()).toBe(valid);
    const errors = await download(t, admin, `${code}_error`);
    const ebook = new ExcelJS.Workbook();
    await ebook.xlsx.load(errors.rawPayload as unknown as ArrayBuffer);
    expect(ebook.worksheets[0]!.actualRowCount).toBe(1 + N - valid);
    // A third run has nothing to do.
    expect(await worker.run(jobId)).toBe('finished');
  });

  it('resumes an import with sub-table sheets: each record once, with its children once', async () => {
    const meta = sampleMeta();
    (meta.list as unknown[]).push({
      type: 'table', name: '明细', key: 'k_sub', model: 'items', options: {},
      tableColumns: [{ type: 'input', name: '检查项', key: 'k_sub_1', model: 'item_name', options: { required: true }, rules: [] }],
    });
    const formId = await createForm(t, admin, '带子表续传', meta);
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('数据');
    const items = book.addWorksheet('明细');
    ws.addRow(['名称', '级别']);
    items.addRow(['主表行号', '检查项']);
    const N = 800;
    let valid = 0;
    for (let i = 1; i <= N; i++) {
      const bad = i % 40 === 0; // a child without its required 检查项 rejects the record
      if (!bad) valid++;
      ws.addRow([`子表续传${i}`, '一级']);
      items.addRow([i + 1, `检查${i}-1`]);
      items.addRow([i + 1, bad ? null : `检查${i}-2`, bad ? '空' : null]);
    }
    const res = await uploadImport(t, admin, formId, 'sub.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const code = res.json().importExportCode as string;
    const jobId = await jobIdOf(code);
    const worker = await runUntilCrash(jobId, 300);
    const mid = (await t.sql.query(`select state, cursor, ok_rows, children_staged from form_import_export where id = $1`, [jobId])).rows[0];
    expect(mid).toMatchObject({ state: 'running', children_staged: true });
    const counts = async () =>
      (await t.sql.query(`select (select count(*) from "form_${formId}")::int p, (select count(*) from "form_${formId}__items")::int c,
        (select count(distinct item_name) from "form_${formId}__items")::int d, (select count(*) from form_event where form_id = $1)::int e`, [formId])).rows[0];
    expect(await counts()).toEqual({ p: mid.ok_rows, c: 2 * mid.ok_rows, d: 2 * mid.ok_rows, e: 3 * mid.ok_rows });

    expect(await worker.run(jobId)).toBe('ran');
    const end = (await t.sql.query(`select state, ok_rows, bad_rows from form_import_export where id = $1`, [jobId])).rows[0];
    expect(end).toEqual({ state: 'part_success', ok_rows: valid, bad_rows: N - valid });
    expect(await counts()).toEqual({ p: valid, c: 2 * valid, d: 2 * valid, e: 3 * valid });
    // Left in staging: exactly the children of the refused records.
    expect((await t.sql.query(`select count(*)::int n from form_import_child where job_id = $1 and row_no > 1`, [jobId])).rows[0].n).toBe(2 * (N - valid));
  });

  it('fails a job that keeps being interrupted, with a reason', async () => {
    const formId = await createForm(t, admin, '多次中断', sampleMeta());
    const book = new ExcelJS.Workbook();
    book.addWorksheet('数据').addRows([['名称'], ['甲']]);
    const res = await uploadImport(t, admin, formId, 'a.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const code = res.json().importExportCode as string;
    await t.sql.query(`update form_import_export set state = 'running', attempts = 5, lease_until = now() - interval '1 second' where code = $1`, [code]);
    const { rows } = await t.sql.query(`select id from form_import_export where code = $1`, [code]);
    const worker = new ImportExportWorker(t.booted.ctx, t.databaseUrl, pino({ level: 'silent' }));
    await worker.run(String(rows[0].id));
    const state = (await t.call(admin, 'GET', `/api/form/getImportExportState/${code}/2`)).json().formImportExportState;
    expect(state.state).toBe('failed');
    expect(state.reason).toContain('多次中断');
  });
});

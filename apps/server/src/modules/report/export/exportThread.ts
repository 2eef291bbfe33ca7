/**
 * The thread table-report exports run in (see exportWorker.ts): reading a million rows and writing
 * them as XML and deflate is CPU work and garbage; on their own thread with their own heap they do
 * not delay API requests. The main thread checks the request and compiles the SQL; this thread
 * reads it through its own read-only connection, writes the workbook, stores it as the
 * requester's file and ends the job, every write fenced on the run's lease.
 */
import fs from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { REPORT_LIMITS } from '@park/core';
import type { Config } from '../../../config.ts';
import { createDb } from '../../../db/connect.ts';
import { AppError } from '../../../plugins/errors.ts';
import { createFileStorage, uploadTempDir } from '../../file/worker.ts';
import { drainSheet, insertJobFile, type Requester, sheetNameOf, storeTemp, tempPath, type ThreadResult } from '../../importExport/worker.ts';
import { describeSourceError } from '../reportDatasources.ts';
import type { OutputColumn } from '../query/compile.ts';
import { rename } from '../query/engine.ts';
import type { AnyDb } from '../query/plan.ts';
import { externalDb, ReportConnections, type ExternalTarget } from '../sources/connections.ts';
import { finishExport, renewExport } from './jobRow.ts';
import { rowBatches } from './rowStream.ts';
import { EXPORT_TEXT } from './tableExport.ts';

export const REPORT_EXPORT_THREAD_FLAG = 'reportExportThread';

export interface ReportExportInput {
  jobId: string;
  leaseOwner: string;
  /** The platform database (job rows, files) and, unless REPORT_DATABASE_URL is set, the data. */
  databaseUrl: string;
  config: Config;
  /** External datasources: where the guard resolved the host to, with the opened password. */
  external: ExternalTarget | null;
  query: { sql: string; parameters: unknown[] };
  columns: OutputColumn[];
  headers: string[];
  name: string;
  requester: Requester;
}

class LeaseLost extends Error {}

async function sourceOf(input: ReportExportInput): Promise<{ db: AnyDb; engine: 'postgresql' | 'mysql'; close: () => Promise<void> }> {
  const timeout = input.config.report.statementTimeoutMs;
  if (input.external) {
    const db = externalDb(input.external, timeout);
    return { db, engine: input.external.engine, close: () => db.destroy() };
  }
  const conns = new ReportConnections(input.databaseUrl, input.config.report, input.config.databaseUrl === null);
  return { db: conns.platform, engine: 'postgresql', close: () => conns.close() };
}

export async function runReportExport(input: ReportExportInput): Promise<ThreadResult> {
  const { db } = createDb(input.databaseUrl, 2);
  const storage = createFileStorage(input.config);
  const temp = await tempPath(uploadTempDir(input.config), '.xlsx.part');
  const source = await sourceOf(input);
  let storedKey: string | null = null;
  try {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: temp, useStyles: false, useSharedStrings: false, zip: { zlib: { level: 1 } } });
    const ws = book.addWorksheet(sheetNameOf(input.name));
    ws.addRow(input.headers).commit();
    let done = 0;
    try {
      for await (const batch of rowBatches(source.engine, source.db, input.query)) {
        done += batch.length;
        if (done > REPORT_LIMITS.maxExportRows) throw new AppError(400, EXPORT_TEXT.tooMany);
        const rows = rename(batch, input.columns);
        for (let i = 0; i < rows.length; i++) {
          ws.addRow(input.columns.map((c) => rows[i]![c.key] ?? null)).commit();
          if (i % 1000 === 999) await drainSheet(ws);
        }
        if (!(await renewExport(db, input.jobId, input.leaseOwner, done))) throw new LeaseLost();
      }
    } catch (err) {
      if (err instanceof LeaseLost) throw err;
      throw describeSourceError(err, input.config.report.statementTimeoutMs);
    }
    ws.commit();
    await book.commit();
    const stored = await storeTemp(storage, temp);
    storedKey = stored.key;
    const finished = await db.transaction().execute(async (trx) => {
      const file = await insertJobFile(trx, stored, `${input.name}.xlsx`, input.requester);
      return finishExport(trx, input.jobId, input.leaseOwner, { state: 'success', rowsDone: done, fileId: file.id });
    });
    if (!finished) throw new LeaseLost();
    storedKey = null;
    return { kind: 'done' };
  } catch (err) {
    if (err instanceof LeaseLost) return { kind: 'lease' };
    // A Chinese message for the user (a timeout, a cap, data the SQL cannot read) ends the job; the rest is retried.
    if (err instanceof AppError && err.statusCode < 500) return { kind: 'failure', message: err.message };
    if (err instanceof AppError && err.statusCode === 504) return { kind: 'failure', message: err.message };
    return { kind: 'fault', message: err instanceof Error ? err.message : String(err) };
  } finally {
    await fs.rm(temp, { force: true });
    if (storedKey) await storage.delete(storedKey).catch(() => undefined);
    await source.close().catch(() => undefined);
    await db.destroy();
  }
}

if (parentPort && (workerData as Record<string, unknown> | null)?.[REPORT_EXPORT_THREAD_FLAG]) {
  const port = parentPort;
  port.on('message', (m: { id: number; input: ReportExportInput }) => {
    void runReportExport(m.input).then((result) => port.postMessage({ id: m.id, result }));
  });
}

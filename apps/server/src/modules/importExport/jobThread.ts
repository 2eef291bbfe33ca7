/**
 * The thread an import or export runs in (see jobs.ts). Parsing, converting and validating a
 * large workbook is CPU work, and exceljs and the form codecs allocate per cell: on their own
 * thread, with their own heap (capped by resourceLimits), they neither delay API requests nor
 * grow the API's heap, and a workbook that needs too much memory ends its thread, not the server.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import { createDb } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { loadDesign, loadModelFor, buildFormModel, type FormModel } from '../form/worker.ts';
import { createFileStorage, uploadTempDir } from '../file/worker.ts';
import { runExport, type JobDeps } from './exportJob.ts';
import type { ImportExportConfig } from './ieConfig.ts';
import { runImport } from './importJob.ts';
import { JobFailure } from './jobCommon.ts';
import { JobLease, LeaseLostError } from './jobLease.ts';
import { AppError } from '../../plugins/errors.ts';
import { EXPORT, findJob } from './repo.ts';
import { XlsxRefusedError } from './xlsxGuard.ts';

export interface ThreadInput {
  databaseUrl: string;
  config: Config;
  jobConfig: ImportExportConfig;
  jobId: string;
  leaseOwner: string;
}

/** How a run ended, as the thread reports it to jobs.ts. */
export type ThreadResult =
  | { kind: 'done' }
  | { kind: 'lease' }
  | { kind: 'failure'; message: string }
  | { kind: 'fault'; message: string };

/** No cache in a thread that runs one job: the design is read once per job. */
async function loadModel(db: Kysely<Database>, formId: string): Promise<FormModel> {
  const d = await loadDesign(db, formId);
  return buildFormModel(formId, d.formName, d.status, d.designVersion, d.meta);
}

export async function runThreadJob(input: ThreadInput): Promise<ThreadResult> {
  const { db } = createDb(input.databaseUrl, 3);
  const log = pino({ level: input.config.logLevel });
  try {
    const job = await findJob(db, input.jobId);
    if (!job || job.lease_owner !== input.leaseOwner || job.state !== 'running') return { kind: 'lease' };
    const lease = JobLease.adopt(db, job.id, input.jobConfig.leaseSeconds, input.leaseOwner);
    const deps: JobDeps = {
      ctx: { db, forms: { load: loadModel, loadFor: loadModelFor } },
      storage: createFileStorage(input.config),
      tempDir: uploadTempDir(input.config),
      config: input.jobConfig,
    };
    if (job.kind === EXPORT) await runExport(deps, job, lease);
    else await runImport(deps, job, lease);
    return { kind: 'done' };
  } catch (err) {
    if (err instanceof LeaseLostError) return { kind: 'lease' };
    if (err instanceof JobFailure || err instanceof XlsxRefusedError || (err instanceof AppError && err.statusCode < 500)) {
      return { kind: 'failure', message: err.message };
    }
    log.error({ err, jobId: input.jobId }, '导入导出任务出错');
    return { kind: 'fault', message: err instanceof Error ? err.message : String(err) };
  } finally {
    await db.destroy();
  }
}

if (parentPort && (workerData as { importExportThread?: boolean } | null)?.importExportThread) {
  const port = parentPort;
  port.on('message', (m: { id: number; input: ThreadInput }) => {
    void runThreadJob(m.input).then((result) => port.postMessage({ id: m.id, result }));
  });
}

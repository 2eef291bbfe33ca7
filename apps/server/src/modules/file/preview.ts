import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { createWriteStream, constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { OFFICE_SUFFIXES } from '@park/core';
import type { AppContext } from '../../context.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { FileRow } from './repo.ts';
import { createFileStorage, filesRoot, type FileStorage } from './storage.ts';

/**
 * Office previews on the server (issue 10, beyond spec 001): when LibreOffice is installed, doc,
 * docx, xls, xlsx, ppt and pptx are converted to PDF by a pg-boss job and the browser shows the PDF.
 * Results are cached by the file's sha256 under DATA_DIR/files/preview/, so a file uploaded twice,
 * or shown again after a restart, is converted once. Without LibreOffice nothing here runs and the
 * spec's refusal stands.
 */

export const FILE_PREVIEW_QUEUE = 'file-preview';
const FILE_PREVIEW_SWEEP = 'file-preview-sweep';
/* A big workbook can take LibreOffice a while; beyond this it is stuck and is killed. */
const CONVERT_TIMEOUT_MS = 3 * 60_000;
/* A failed conversion is not retried on every poll; after this long it may be tried again. */
const FAILURE_TTL_MS = 60 * 60_000;
/* Clients poll the status about once a second; the queue needs to hear of a file once. */
const RESEND_AFTER_MS = 60_000;

export type OfficePreviewStatus = 'unavailable' | 'pending' | 'ready' | 'failed';

export interface PreviewJob {
  fileId: string;
  sha256: string;
}

const found = new Map<string, string | null>();

async function executable(file: string): Promise<boolean> {
  try {
    await fs.access(file, fsConstants.X_OK);
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * The LibreOffice binary: SOFFICE_PATH if set (`none` turns conversion off), else soffice or
 * libreoffice on PATH. Looked up once per setting.
 */
export async function findSoffice(setting: string | null, pathEnv = process.env.PATH ?? ''): Promise<string | null> {
  const cacheKey = `${setting ?? ''}\0${pathEnv}`;
  if (found.has(cacheKey)) return found.get(cacheKey)!;
  let result: string | null = null;
  if (setting === 'none' || setting === 'off') result = null;
  else if (setting) result = (await executable(setting)) ? setting : null;
  else {
    outer: for (const dir of pathEnv.split(path.delimiter).filter(Boolean)) {
      for (const name of ['soffice', 'libreoffice']) {
        const candidate = path.join(dir, name);
        if (await executable(candidate)) {
          result = candidate;
          break outer;
        }
      }
    }
  }
  found.set(cacheKey, result);
  return result;
}

export const previewRoot = (config: Config) => path.join(filesRoot(config), 'preview');
const SHA = /^[0-9a-f]{64}$/;

export const isConvertible = (suffix: string) => OFFICE_SUFFIXES.includes(suffix.toLowerCase());

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: CONVERT_TIMEOUT_MS, killSignal: 'SIGKILL', env, maxBuffer: 1024 * 1024 }, (err, _out, stderr) => {
      if (err) reject(new Error(`${err.message}${stderr ? `: ${String(stderr).slice(0, 500)}` : ''}`));
      else resolve();
    });
  });
}

export class OfficePreviews {
  private readonly root: string;
  private readonly storage: FileStorage;
  /* Conversions running in this process (no queue: tests), and when each file was last queued. */
  private readonly running = new Map<string, Promise<void>>();
  private readonly sent = new Map<string, number>();
  /** Set by registerFilePreviewJobs once pg-boss is running; without it conversions run in-process. */
  send: ((job: PreviewJob) => Promise<unknown>) | null = null;

  constructor(
    private readonly config: Config,
    private readonly db: Kysely<Database>,
    private readonly logger?: Logger,
  ) {
    this.root = previewRoot(config);
    this.storage = createFileStorage(config);
  }

  soffice(): Promise<string | null> {
    return findSoffice(this.config.soffice);
  }

  async available(): Promise<boolean> {
    return (await this.soffice()) !== null;
  }

  pdfPath(sha256: string): string {
    if (!SHA.test(sha256)) throw new Error('invalid sha256');
    return path.join(this.root, `${sha256}.pdf`);
  }

  private failedPath(sha256: string): string {
    return path.join(this.root, `${sha256}.failed`);
  }

  /** Where a file's conversion stands, without starting one. */
  async status(file: Pick<FileRow, 'suffix' | 'sha256'>): Promise<{ status: OfficePreviewStatus; errMsg?: string }> {
    if (!isConvertible(file.suffix) || !(await this.available())) return { status: 'unavailable' };
    if (await fs.stat(this.pdfPath(file.sha256)).then((s) => s.isFile(), () => false)) return { status: 'ready' };
    const failed = await fs.stat(this.failedPath(file.sha256)).catch(() => null);
    if (failed && Date.now() - failed.mtimeMs < FAILURE_TTL_MS) {
      return { status: 'failed', errMsg: '文档转换失败，请下载后查看' };
    }
    return { status: 'pending' };
  }

  /** The status, and a conversion queued when there is none yet. */
  async request(file: Pick<FileRow, 'id' | 'suffix' | 'sha256'>): Promise<{ status: OfficePreviewStatus; errMsg?: string }> {
    const state = await this.status(file);
    if (state.status !== 'pending') return state;
    const job = { fileId: file.id, sha256: file.sha256 };
    if (this.send) {
      const last = this.sent.get(file.sha256) ?? 0;
      if (Date.now() - last > RESEND_AFTER_MS) {
        if (this.sent.size > 10_000) this.sent.clear();
        this.sent.set(file.sha256, Date.now());
        await this.send(job);
      }
    } else if (!this.running.has(file.sha256)) {
      const work = this.convert(job)
        .catch(() => undefined)
        .finally(() => this.running.delete(file.sha256));
      this.running.set(file.sha256, work);
    }
    return state;
  }

  /** Waits for an in-process conversion (tests). */
  async settled(): Promise<void> {
    await Promise.all(this.running.values());
  }

  /**
   * Converts one file with LibreOffice in a scratch directory of its own (its own user profile too,
   * so conversions may run side by side), then moves the PDF into the cache in one rename.
   */
  async convert(job: PreviewJob): Promise<void> {
    const soffice = await this.soffice();
    if (!soffice || !SHA.test(job.sha256)) return;
    const target = this.pdfPath(job.sha256);
    if (await fs.stat(target).then(() => true, () => false)) return;
    const file = await this.db
      .selectFrom('sys_file')
      .select(['file_key', 'suffix', 'sha256'])
      .where('id', '=', job.fileId)
      .executeTakeFirst();
    // The file was edited or deleted since it was queued: its bytes are no longer these.
    if (!file || file.sha256 !== job.sha256 || !isConvertible(file.suffix)) return;
    const work = path.join(this.root, 'work', crypto.randomBytes(8).toString('hex'));
    await fs.mkdir(work, { recursive: true });
    const input = path.join(work, `input.${file.suffix.toLowerCase()}`);
    const started = Date.now();
    try {
      await pipeline(await this.storage.get(file.file_key), createWriteStream(input, { flags: 'wx' }));
      await run(
        soffice,
        [
          '--headless',
          '--norestore',
          '--nologo',
          '--nodefault',
          '--nolockcheck',
          `-env:UserInstallation=${pathToFileURL(path.join(work, 'profile')).href}`,
          '--convert-to',
          'pdf',
          '--outdir',
          work,
          input,
        ],
        { ...process.env, HOME: work },
      );
      const output = path.join(work, 'input.pdf');
      if (!(await fs.stat(output).then((s) => s.size > 0, () => false))) throw new Error('LibreOffice produced no PDF');
      await fs.rename(output, target);
      await fs.rm(this.failedPath(job.sha256), { force: true });
      this.logger?.info({ fileId: job.fileId, ms: Date.now() - started }, '文档预览转换完成');
    } catch (err) {
      this.logger?.warn({ fileId: job.fileId, message: err instanceof Error ? err.message : String(err) }, '文档预览转换失败');
      await fs.writeFile(this.failedPath(job.sha256), err instanceof Error ? err.message : String(err)).catch(() => undefined);
      throw err;
    } finally {
      await fs.rm(work, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /**
   * Removes cached PDFs (and failure marks) of content no file holds any more: the collector
   * deletes unreferenced files, and an edited file's new bytes have a new hash.
   */
  async sweep(): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.root);
    } catch {
      return 0;
    }
    const shas = [...new Set(names.map((n) => /^([0-9a-f]{64})\.(pdf|failed)$/.exec(n)?.[1]).filter((x): x is string => !!x))];
    let removed = 0;
    for (let i = 0; i < shas.length; i += 500) {
      const batch = shas.slice(i, i + 500);
      const live = new Set(
        (await this.db.selectFrom('sys_file').select('sha256').where('sha256', 'in', batch).execute()).map((r) => r.sha256),
      );
      for (const sha of batch.filter((x) => !live.has(x))) {
        await fs.rm(this.pdfPath(sha), { force: true });
        await fs.rm(this.failedPath(sha), { force: true });
        removed++;
      }
    }
    return removed;
  }
}

/** One per process: the routes ask it, the job runs it. */
const instances = new WeakMap<Config, OfficePreviews>();
export function officePreviews(ctx: Pick<AppContext, 'config' | 'db'>, logger?: Logger): OfficePreviews {
  let p = instances.get(ctx.config);
  if (!p) {
    p = new OfficePreviews(ctx.config, ctx.db, logger);
    instances.set(ctx.config, p);
  }
  return p;
}

/** The conversion queue (registered by jobs/boss.ts); nothing is registered without LibreOffice. */
export async function registerFilePreviewJobs(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  const previews = officePreviews(ctx, logger);
  const soffice = await previews.soffice();
  if (!soffice) {
    logger.info('未找到 LibreOffice (soffice)，Office 文档不做服务器端预览转换');
    return;
  }
  logger.info({ soffice }, 'Office 文档预览转换已启用');
  // stately: at most one queued job per file content, however often the status is polled.
  await boss.createQueue(FILE_PREVIEW_QUEUE, { name: FILE_PREVIEW_QUEUE, policy: 'stately' });
  await boss.work<PreviewJob>(FILE_PREVIEW_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
    if (job) await previews.convert(job.data);
  });
  previews.send = (job) =>
    boss.send(FILE_PREVIEW_QUEUE, job, { singletonKey: job.sha256, retryLimit: 1, expireInSeconds: 300 });
  await boss.createQueue(FILE_PREVIEW_SWEEP);
  await boss.schedule(FILE_PREVIEW_SWEEP, '37 4 * * *');
  await boss.work(FILE_PREVIEW_SWEEP, async () => {
    const removed = await previews.sweep();
    if (removed) logger.info({ removed }, '已清理无主的文档预览缓存');
  });
}

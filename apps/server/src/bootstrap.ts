import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { FormModelCache, mayEditRecordFile, RecordService, type RecordViewers } from './modules/form/index.ts';
import { mayViewThroughApproval } from './modules/approval/index.ts';
import { FileService, type FileHolders } from './modules/file/index.ts';
import { jobDownloadFile } from './modules/importExport/index.ts';
import type { AppContext } from './context.ts';
import { createDb } from './db/connect.ts';
import { migrateToLatest, withSchemaLock } from './db/migrate.ts';
import { seed, type SeedResult } from './seeds/seed.ts';
import { seedApplications } from './apps/index.ts';
import type { Kysely } from 'kysely';
import { AuthEvents, loadOrCreateLoginKeys, LoginLimiter, SessionStore } from './modules/auth/index.ts';
import { SettingsStore, UserService } from './modules/admin/index.ts';
import { PreparedStatements } from './db/prepared.ts';
import { openReportResources, reportServices } from './modules/report/index.ts';
import { createParkServices } from './modules/park/index.ts';
import { MicroService } from './modules/micro/index.ts';
import { NoticeService, receivesNoticeFile } from './modules/notice/index.ts';
import { DocService, keepsDocFilePrivate, seesDocFile } from './modules/doc/index.ts';
import { receivesAutoReportFile } from './modules/autoReport/index.ts';

export interface Bootstrapped {
  ctx: AppContext;
  seedResult: SeedResult;
  close(): Promise<void>;
}

/** Connects, migrates, seeds and builds the context; shared by main.ts, tests and benchmarks. */
export async function bootstrap(config: Config, databaseUrl: string, logger: Logger): Promise<Bootstrapped> {
  const { db, pool } = createDb(databaseUrl);
  try {
    // Instances starting together take turns: the first migrates and seeds, the rest find it done.
    const seedResult = await withSchemaLock(db as unknown as Kysely<unknown>, async () => {
      await migrateToLatest(db as unknown as Kysely<unknown>);
      return seed(db, config.adminPassword);
    });
    const keys = await loadOrCreateLoginKeys(config.dataDir);
    const events = new AuthEvents(databaseUrl, logger);
    await events.start();
    const settings = new SettingsStore(db, events, {
      sessionIdleMinutes: config.sessionIdleMinutes,
      loginFailuresPerMinute: config.loginFailuresPerMinute,
      optLogRetentionDays: config.optLogRetentionDays,
    });
    await settings.load();
    const sessions = new SessionStore(db, events, () => settings.current.sessionIdleMinutes * 60_000);
    const limiter = new LoginLimiter(db, () => settings.current.loginFailuresPerMinute);
    const forms = new FormModelCache(events);
    const records = new RecordService(new PreparedStatements(pool));
    const reports = await openReportResources(config, databaseUrl);
    // Files sit below the modules that hold them; these answer the file module's questions (file/holders.ts).
    const fileHolders: FileHolders = {
      mayEditHeld: mayEditRecordFile,
      namedFile: jobDownloadFile,
      // A notice's receivers, an automatic report's receivers and a library's readers read the files they hold (issues 38, 39).
      mayReadHeld: async (c, auth, f) => (await receivesNoticeFile(c, auth, f)) || (await receivesAutoReportFile(c, auth, f)) || seesDocFile(c, auth, f),
      // A 个人文件夹 file is its owner's and the park's, not its uploader's colleagues'.
      keepsPrivate: keepsDocFilePrivate,
    };
    const park = createParkServices(db, config);
    // Approvals show their record to people without a form right; the form module asks them (form/recordViewers.ts).
    const recordViewers: RecordViewers = { mayView: (trx, auth, formId, recordId) => mayViewThroughApproval(trx, { forms, records }, auth, formId, recordId) };
    const parts = { config, db, pool, keys, events, sessions, limiter, settings, forms, records, reports, reportServices: reportServices({ config, db, forms, reports }), park, fileHolders, recordViewers } satisfies Omit<AppContext, 'files' | 'users' | 'micro' | 'notices' | 'docs'>;
    // The services that take the whole context (issue 45: every service another module uses lives on it).
    const ctx = parts as AppContext;
    ctx.files = new FileService(ctx);
    ctx.users = new UserService(ctx);
    ctx.micro = new MicroService(ctx);
    ctx.notices = new NoticeService(ctx);
    ctx.docs = new DocService(ctx);
    // The demo's packaged applications install through 应用管理, which needs the context (issue 41).
    await seedApplications(ctx);
    return {
      ctx,
      seedResult,
      close: async () => {
        await events.stop();
        await reports.close();
        await db.destroy();
      },
    };
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
}

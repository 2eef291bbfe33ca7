import pino from 'pino';
import type PgBoss from 'pg-boss';
import { startJobs, stopJobs } from '../src/jobs/boss.ts';
import type { TestApp } from './testApp.ts';

/** Runs the real pg-boss workers against the test's database (the import/export and report export tests). */
export async function withJobs(t: TestApp): Promise<PgBoss> {
  return startJobs(t.databaseUrl, t.booted.ctx, pino({ level: 'silent' }));
}
export { stopJobs };

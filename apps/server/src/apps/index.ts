import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import { LOCK, withSessionLock } from '../db/advisoryLock.ts';
import { seedInspectionDemo } from './inspection/demo.ts';
import { installTransportApp } from './transport/index.ts';

export { demoFleet } from './transport/index.ts';

/*
 * The applications the demo ships as packages (issue 41). They install through 应用管理's own
 * install, which needs the whole context (form tables, menus, events), so they run after
 * bootstrap has built it rather than among seed.ts's table-level steps; each is once per
 * installation by its own seed key. Instances starting together take turns (an install's roles
 * and menus are unique by name: the second would fail on them), the later ones finding it done.
 */
export async function seedApplications(ctx: AppContext): Promise<void> {
  await withSessionLock(ctx.db as unknown as Kysely<unknown>, LOCK.applications, () => seedInspectionDemo(ctx));
}

/** 危化品运输 in the demo (main.ts only: the test servers do without its forms and rows). */
export async function seedTransportApp(ctx: AppContext, logger: Logger): Promise<void> {
  await withSessionLock(ctx.db as unknown as Kysely<unknown>, LOCK.applications, () => installTransportApp(ctx, logger));
}

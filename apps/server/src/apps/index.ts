import type { AppContext } from '../context.ts';
import { seedInspectionDemo } from './inspection/demo.ts';

/*
 * The applications the demo ships as packages (issue 41). They install through 应用管理's own
 * install, which needs the whole context (form tables, menus, events), so they run after
 * bootstrap has built it rather than among seed.ts's table-level steps; each is once per
 * installation by its own seed key.
 */
export async function seedApplications(ctx: AppContext): Promise<void> {
  await seedInspectionDemo(ctx);
}

import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import { AutomationEngine } from './engine.ts';

/**
 * Starts this instance's automation workers next to pg-boss. Executions are claimed from
 * auto_execution directly (SKIP LOCKED under a lease) rather than queued as pg-boss jobs: the
 * trigger already writes them durably with the record change, and a second queue would add a
 * write and a round trip per event (ADR 0007).
 */
export async function startAutomation(ctx: AppContext, logger: Logger, connectionString: string): Promise<AutomationEngine> {
  const engine = new AutomationEngine({ db: ctx.db, forms: ctx.forms, records: ctx.records, settings: ctx.config.automation, logger });
  await engine.start(connectionString);
  logger.info({ workers: ctx.config.automation.workers, maxDepth: ctx.config.automation.maxDepth }, '自动化引擎已启动');
  return engine;
}

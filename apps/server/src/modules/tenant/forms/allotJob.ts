import crypto from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { ALLOT_STATUS, type AllotKind } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../plugins/errors.ts';
import { analyzeParkForms } from './depends.ts';
import { allotToTenant, planFor, syncToTenant, type HandDownPlan, type TenantOutcome } from './handDown.ts';
import { createTask, findTask, finishTask, setItem, taskItems } from './repo.ts';

/*
 * 表单分配 and 同步配置 as one pg-boss job (ADR 0034 §6): the route writes the run and its tenants
 * (队列中), the worker hands the form down tenant by tenant — each in its own transaction, a few
 * at a time — and writes each tenant's code as it ends, which syncFormConf/status/{key} reads.
 */

export const FORM_ALLOT_QUEUE = 'form-allot';

interface AllotJobData {
  taskKey: string;
}

/** Tenants handled at once: the pool is shared with requests; four keeps a run of 200 well inside a minute. */
const PARALLEL = 4;

const STEP: Record<AllotKind, (ctx: AppContext, plan: HandDownPlan, tenantId: string, userId: string | null) => Promise<TenantOutcome>> = {
  allot: (ctx, plan, tenantId, userId) => allotToTenant(ctx.db, plan, tenantId, userId),
  sync: (ctx, plan, tenantId, userId) => syncToTenant(ctx.db, plan, tenantId, userId),
};

/** Writes a run and queues it; the key is what the screen polls. */
export async function startAllotTask(ctx: AppContext, kind: AllotKind, formId: string, tenantIds: readonly string[], userId: string): Promise<string> {
  if (!ctx.jobs) throw new AppError(503, '后台任务服务未启动，请稍后重试');
  const key = crypto.randomUUID().replaceAll('-', '');
  await createTask(ctx.db, key, kind, formId, tenantIds, userId);
  try {
    await ctx.jobs.send(FORM_ALLOT_QUEUE, { taskKey: key } satisfies AllotJobData, { retryLimit: 0, expireInSeconds: 3600 });
  } catch (err) {
    await finishTask(ctx.db, key, 'failed');
    throw err;
  }
  return key;
}

/** Runs a run: every tenant still queued, PARALLEL at a time. */
export async function runAllotTask(ctx: AppContext, key: string, logger: Logger): Promise<void> {
  const task = await findTask(ctx.db, key);
  if (!task || task.status !== 'syncing') return;
  try {
    const depends = await analyzeParkForms(ctx.db, [task.form_id]);
    const plan = await planFor(ctx.db, task.form_id, Object.keys(depends.dependsFormMap), depends.dependDictionaries);
    const queue = (await taskItems(ctx.db, key)).filter((i) => i.status === ALLOT_STATUS.queued).map((i) => i.company_id);
    const worker = async () => {
      for (let tenantId = queue.shift(); tenantId !== undefined; tenantId = queue.shift()) {
        await setItem(ctx.db, key, tenantId, ALLOT_STATUS.running);
        const outcome = await STEP[task.kind](ctx, plan, tenantId, task.create_by);
        await setItem(ctx.db, key, tenantId, outcome.status, outcome.message);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    await finishTask(ctx.db, key, 'finished');
    // Every instance reads the tenants' designs of the form again (their copies moved).
    await ctx.events.publish(ctx.db, { kind: 'form', id: task.form_id });
    ctx.forms.forget(task.form_id);
    logger.info({ key, kind: task.kind, formId: task.form_id }, '表单分配任务完成');
  } catch (err) {
    logger.error({ key, error: err instanceof Error ? err.message : String(err) }, '表单分配任务失败');
    await finishTask(ctx.db, key, 'failed');
  }
}

export async function registerFormAllotJob(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  await boss.createQueue(FORM_ALLOT_QUEUE);
  await boss.work<AllotJobData>(FORM_ALLOT_QUEUE, async ([job]) => {
    if (job) await runAllotTask(ctx, job.data.taskKey, logger);
  });
}

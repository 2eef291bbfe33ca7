import type PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { SYNC_TIME_WINDOW_MS } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { purgeNonces, purgeOidcPayloads } from './signature.repo.ts';
import { deliverWebhook, dispatchWebhooks, SYNC_WEBHOOK_DISPATCH, SYNC_WEBHOOK_SEND, WEBHOOK_RETRY } from './webhooks.ts';

const SYNC_CLEANUP = 'sync-cleanup';

/**
 * A signature older than twice the time window is refused as stale anyway, so its nonce row is no
 * longer needed; expired OIDC artefacts are never read again.
 */
export async function purgeSyncArtefacts(db: Kysely<Database>, now = new Date()): Promise<{ nonces: number; oidc: number }> {
  const nonces = await purgeNonces(db, new Date(now.getTime() - 2 * SYNC_TIME_WINDOW_MS));
  const oidc = await purgeOidcPayloads(db, now);
  return { nonces, oidc };
}

/** The push and purge jobs of data sync (registered by jobs/boss.ts). */
export async function registerSyncJobs(boss: PgBoss, ctx: AppContext, logger: Logger): Promise<void> {
  await boss.createQueue(SYNC_WEBHOOK_SEND);
  await boss.work<{ deliveryId: string }>(SYNC_WEBHOOK_SEND, async ([job]) => {
    if (job) await deliverWebhook(ctx.db, ctx.reports.secrets, ctx.reports.policy, job.data.deliveryId);
  });
  // Every minute: pg-boss's schedules are minute-grained, and a push only says "pull now".
  await boss.createQueue(SYNC_WEBHOOK_DISPATCH);
  await boss.schedule(SYNC_WEBHOOK_DISPATCH, '* * * * *');
  await boss.work(SYNC_WEBHOOK_DISPATCH, async () => {
    const made = await dispatchWebhooks(ctx.db, async (deliveryId) => {
      await boss.send(SYNC_WEBHOOK_SEND, { deliveryId }, WEBHOOK_RETRY);
    });
    if (made.length) logger.info({ deliveries: made.length }, '已生成数据同步推送');
  });
  await boss.createQueue(SYNC_CLEANUP);
  await boss.schedule(SYNC_CLEANUP, '*/10 * * * *');
  await boss.work(SYNC_CLEANUP, async () => {
    const purged = await purgeSyncArtefacts(ctx.db);
    if (purged.nonces || purged.oidc) logger.info(purged, '已清理过期同步签名与单点登录数据');
  });
}

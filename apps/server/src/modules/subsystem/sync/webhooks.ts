import type { Kysely } from 'kysely';
import { SYNC_DELIVERY_HEADER, SYNC_HEADERS } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { newestSeq } from './pull.repo.ts';
import { signSync } from './signature.ts';
import { changesSince, findDelivery, grantedScopes, insertDelivery, lockWebhookCursor, recordAttempt, setWebhookCursor, webhookSystems } from './webhooks.repo.ts';
import { requestPinned } from '../../../plugins/pinnedHttp.ts';

export const SYNC_WEBHOOK_DISPATCH = 'sync-webhook-dispatch';
export const SYNC_WEBHOOK_SEND = 'sync-webhook-send';
/** A batch announces at most this many changes; the next dispatch takes the rest. */
const BATCH = 1000;
const POST_TIMEOUT_MS = 10_000;
/** pg-boss retries a failed push with exponential backoff from this delay (seconds). */
export const WEBHOOK_RETRY = { retryLimit: 6, retryDelay: 15, retryBackoff: true } as const;

interface Opener {
  open(sealed: string): string;
}
interface Resolver {
  resolve(host: string): Promise<string>;
}

/**
 * Looks for changes a sub-system is granted that its webhook has not announced yet, and writes a
 * 推送记录 row for them (sent by `send` after the commit). The cursor starts at the newest change
 * when a webhook is first seen: history is for pulling, not pushing.
 */
export async function dispatchWebhooks(db: Kysely<Database>, send: (deliveryId: string) => Promise<void>): Promise<string[]> {
  const made: string[] = [];
  for (const { id: sysId } of await webhookSystems(db)) {
    const deliveryId = await db.transaction().execute(async (trx) => {
      const cursor = await lockWebhookCursor(trx, sysId);
      if (!cursor) return null;
      if (cursor.webhook_seq === null) {
        await setWebhookCursor(trx, sysId, await newestSeq(trx));
        return null;
      }
      const scopes = await grantedScopes(trx, sysId);
      if (scopes.size === 0) return null;
      const read = await changesSince(trx, cursor.webhook_seq, [...scopes.keys()], BATCH);
      if (read.length === 0) return null;
      const granted = read.filter((c) => {
        const scope = scopes.get(c.inter_code);
        return scope === 'all' || (c.company_id !== null && scope!.has(c.company_id));
      });
      await setWebhookCursor(trx, sysId, String(read.at(-1)!.seq));
      if (granted.length === 0) return null;
      const row = await insertDelivery(trx, {
        sys_id: sysId,
        from_seq: String(granted[0]!.seq),
        to_seq: String(granted.at(-1)!.seq),
        entities: [...new Set(granted.map((c) => c.inter_code))],
        change_count: granted.length,
      });
      return row.id;
    });
    if (deliveryId) {
      await send(deliveryId);
      made.push(deliveryId);
    }
  }
  return made;
}

/**
 * Sends one 推送记录: a signed POST (the pull's HMAC the other way) naming the entities and the seq
 * range, so the sub-system pulls them. Throws on failure so pg-boss retries; a refused address is
 * recorded and not retried (it will not become allowed by waiting).
 */
export async function deliverWebhook(db: Kysely<Database>, secrets: Opener, policy: Resolver, deliveryId: string, now = () => Date.now()): Promise<'sent' | 'refused' | 'gone'> {
  const d = await findDelivery(db, deliveryId);
  if (!d || d.status === 1) return 'gone';
  if (!d.webhook_url || !d.agent_secret || !d.agent_account) {
    await recordAttempt(db, deliveryId, { ok: false, httpStatus: null, error: '子系统未配置推送地址或同步账号' });
    return 'refused';
  }
  const url = new URL(d.webhook_url);
  let address: string;
  try {
    address = await policy.resolve(url.hostname);
  } catch (err) {
    await recordAttempt(db, deliveryId, { ok: false, httpStatus: null, error: (err as Error).message });
    return 'refused';
  }
  const body = JSON.stringify({ deliveryId: Number(d.id), account: d.agent_account, fromSeq: Number(d.from_seq), toSeq: Number(d.to_seq), entities: d.entities, count: d.change_count });
  const time = String(now());
  const headers = {
    [SYNC_HEADERS.account]: d.agent_account,
    [SYNC_HEADERS.time]: time,
    [SYNC_HEADERS.signature]: signSync(secrets.open(d.agent_secret), 'POST', url.pathname + url.search, time, body),
    [SYNC_DELIVERY_HEADER]: String(d.id),
  };
  let outcome: { status: number; text: string };
  try {
    outcome = await requestPinned('POST', url, address, headers, body, POST_TIMEOUT_MS);
  } catch (err) {
    await recordAttempt(db, deliveryId, { ok: false, httpStatus: null, error: `推送失败：${(err as Error).message}` });
    throw err;
  }
  const ok = outcome.status >= 200 && outcome.status < 300;
  await recordAttempt(db, deliveryId, { ok, httpStatus: outcome.status, error: ok ? null : `推送失败：HTTP ${outcome.status}` });
  if (!ok) throw new Error(`webhook answered ${outcome.status}`);
  return 'sent';
}

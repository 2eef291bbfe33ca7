import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { maskPhone, type SmsMessage, type SmsSender } from './sms.ts';

type Log = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** Attempts before a message is given up as 'failed'. */
export const SMS_MAX_ATTEMPTS = 5;
/** Wait after the n-th failed attempt: a gateway that is down for an hour still delivers. */
const BACKOFF_MINUTES = [1, 5, 30, 120];
/** How long a sender holds a claimed message before another may take it (a sender that died). */
const CLAIM_MINUTES = 2;
/** Messages taken per claim; the rest wait for the next round. */
const BATCH = 50;

/**
 * Writes messages as 'queued' in the caller's transaction: they exist if and only if the decision
 * they announce was committed. Returns their ids, for an immediate delivery after the commit.
 */
export async function queueSms(trx: Transaction<Database> | Kysely<Database>, provider: string, messages: SmsMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await trx
    .insertInto('sys_sms_log')
    .values(
      messages.map((m) => ({
        phone: m.phone,
        content: m.content,
        template: m.template,
        receiver_id: m.receiverId ?? null,
        company_id: m.companyId ?? null,
        provider,
        status: 'queued',
        next_attempt_time: sql<Date>`now()`,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Delivers queued SMS from sys_sms_log: right after the commit that queued them, and every minute
 * from a pg-boss job for anything still due (a failed attempt's retry, or a message whose server
 * stopped before sending it). A message is claimed by pushing its due time forward in the same
 * statement that selects it (`for update skip locked`), so two deliverers never send it twice; a
 * deliverer that dies mid-send leaves it due again after CLAIM_MINUTES — at least once, as any
 * SMS gateway without idempotency keys allows.
 */
export class SmsOutbox {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sender: SmsSender,
  ) {}

  /** Delivers the due messages among `ids`, or every due message when `ids` is omitted. Never throws. */
  async deliver(log: Log, ids?: string[]): Promise<{ sent: number; retried: number; failed: number }> {
    const outcome = { sent: 0, retried: 0, failed: 0 };
    try {
      for (;;) {
        const claimed = await this.claim(ids);
        for (const row of claimed) outcome[await this.attempt(row, log)] += 1;
        if (ids || claimed.length < BATCH) return outcome;
      }
    } catch (err) {
      log.error({ err }, 'SMS outbox delivery failed');
      return outcome;
    }
  }

  private async claim(ids?: string[]) {
    if (ids?.length === 0) return [];
    const due = this.db
      .selectFrom('sys_sms_log')
      .select('id')
      .where('status', '=', 'queued')
      .where('next_attempt_time', '<=', sql<Date>`now()`)
      .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked();
    return this.db
      .updateTable('sys_sms_log')
      .set({
        attempts: sql<number>`attempts + 1`,
        next_attempt_time: sql<Date>`now() + make_interval(mins => ${CLAIM_MINUTES})`,
      })
      .where('id', 'in', due)
      .returning(['id', 'phone', 'content', 'template', 'receiver_id', 'company_id', 'attempts'])
      .execute();
  }

  private async attempt(
    row: { id: string; phone: string; content: string; template: string; receiver_id: string | null; company_id: string | null; attempts: number },
    log: Log,
  ): Promise<'sent' | 'retried' | 'failed'> {
    try {
      const status = await this.sender.send({
        phone: row.phone,
        content: row.content,
        template: row.template,
        receiverId: row.receiver_id,
        companyId: row.company_id,
      });
      await this.db
        .updateTable('sys_sms_log')
        .set({ status, provider: this.sender.name, error: null, next_attempt_time: null, sent_time: sql<Date>`now()` })
        .where('id', '=', row.id)
        .execute();
      return 'sent';
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const giveUp = row.attempts >= SMS_MAX_ATTEMPTS;
      const wait = BACKOFF_MINUTES[Math.min(row.attempts, BACKOFF_MINUTES.length) - 1]!;
      log.warn({ err, phone: maskPhone(row.phone), template: row.template, attempts: row.attempts, giveUp }, 'SMS send failed');
      await this.db
        .updateTable('sys_sms_log')
        .set(
          giveUp
            ? { status: 'failed', provider: this.sender.name, error, next_attempt_time: null }
            : { provider: this.sender.name, error, next_attempt_time: sql<Date>`now() + make_interval(mins => ${wait})` },
        )
        .where('id', '=', row.id)
        .execute();
      return giveUp ? 'failed' : 'retried';
    }
  }
}

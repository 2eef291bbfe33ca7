import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { reachableIn, type TenantScope } from '../../db/tenantScope.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The form, when this caller's scope reaches it (a tenant only its own forms). */
export async function reachableForm(db: Db, formId: string, scope: TenantScope) {
  return db
    .selectFrom('form_conf')
    .select(['id', 'form_name', 'company_id'])
    .where('id', '=', formId)
    .where(reachableIn('company_id', scope))
    .executeTakeFirst();
}

export async function remindSetOf(db: Db, formId: string) {
  return db.selectFrom('form_remind_set').select(['id', 'form_id', 'form_set']).where('form_id', '=', formId).executeTakeFirst();
}

/** The settings of several forms (an application package's export and preview). */
export async function remindSetsOf(db: Db, formIds: readonly string[]) {
  if (formIds.length === 0) return [];
  return db.selectFrom('form_remind_set').select(['id', 'form_id', 'form_set']).where('form_id', 'in', formIds).orderBy('form_id').execute();
}

/** Removes settings rows (卸载 of an application, or a form's settings an upgrade no longer ships). */
export async function deleteRemindSets(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('form_remind_set').where('id', 'in', ids).execute();
}

export async function saveRemindSet(db: Db, formId: string, formSet: unknown): Promise<string> {
  const row = await db
    .insertInto('form_remind_set')
    .values({ form_id: formId, form_set: JSON.stringify(formSet) })
    .onConflict((oc) => oc.column('form_id').doUpdateSet({ form_set: JSON.stringify(formSet), update_time: sql<Date>`now()` }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Every enabled form's settings, for the schedule's tick. */
export async function allRemindSets(db: Db) {
  return db
    .selectFrom('form_remind_set as s')
    .innerJoin('form_conf as f', 'f.id', 's.form_id')
    .select(['s.form_id', 's.form_set', 'f.form_name', 'f.company_id'])
    .where('f.status', '=', 0)
    .orderBy('s.form_id')
    .execute();
}

/**
 * Claims a reminder's period: true for the one transaction (of any instance) that inserts it. A
 * second instance's insert waits for the first to commit and then finds the row.
 */
export async function claimPeriod(trx: Transaction<Database>, ruleKey: string, period: string): Promise<boolean> {
  const r = await trx.insertInto('form_remind_period').values({ rule_key: ruleKey, period }).onConflict((oc) => oc.doNothing()).returning('rule_key').executeTakeFirst();
  return r !== undefined;
}

export interface LogEntry {
  formId: string;
  ruleKind: 'form' | 'cond';
  ruleIndex: number;
  period: string;
  recordId: string | null;
  title: string;
  receiverId: string;
  channel: string;
  result: string;
}

export async function writeLog(trx: Db, entries: LogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await trx
    .insertInto('form_remind_log')
    .values(
      entries.map((e) => ({
        form_id: e.formId,
        rule_kind: e.ruleKind,
        rule_index: e.ruleIndex,
        period: e.period,
        record_id: e.recordId,
        title: e.title,
        receiver_id: e.receiverId,
        channel: e.channel,
        result: e.result,
      })),
    )
    .execute();
}

export async function logPage(db: Db, formId: string, pageNum: number, pageSize: number) {
  const rows = await db
    .selectFrom('form_remind_log as l')
    .leftJoin('sys_user as u', 'u.id', 'l.receiver_id')
    .select(['l.id', 'l.rule_kind', 'l.rule_index', 'l.record_id', 'l.title', 'l.receiver_id', 'u.real_name', 'l.channel', 'l.result', 'l.create_time'])
    .where('l.form_id', '=', formId)
    .orderBy('l.id', 'desc')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const total = await db.selectFrom('form_remind_log').select((eb) => eb.fn.countAll<string>().as('n')).where('form_id', '=', formId).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function phonesOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('sys_user').select(['id', 'phone', 'company_id']).where('id', 'in', userIds).where('phone', 'is not', null).execute();
}

import { sql, type Kysely, type Transaction } from 'kysely';
import {
  condRemindConditions,
  condRemindPeriod,
  fillTemplate,
  formRemindPeriod,
  parseConditions,
  parkClock,
  resolveRecipients,
  type CondRemind,
  type Directory,
  type FormRemind,
  type FormSet,
  type Recipient,
} from '@park/core';
import type { Database } from '../../db/schema.ts';
import { compileCondition, loadModelFor } from '../form/index.ts';
import type { FormModel } from '../form/index.ts';
import { dbDirectory, recordDirectory, tenantDbDirectory } from '../automation/index.ts';
import { MSG_BIG_TYPE, MSG_SMALL_TYPE, notify } from '../msg/index.ts';
import { queueSms } from '../company/index.ts';
import { allRemindSets, claimPeriod, phonesOf, writeLog, type LogEntry } from './repo.ts';

type Row = Record<string, unknown>;
type AnyDb = Kysely<Record<string, Record<string, unknown>>>;

export interface RunDeps {
  db: Kysely<Database>;
  /** The SMS provider's name (sys_sms_log.provider); the outbox job sends what is queued. */
  smsProvider: string;
}

export interface TickOutcome {
  /** Reminder periods this call claimed and sent. */
  claimed: number;
  messages: number;
}

const rulesOf = (r: Recipient | Recipient[] | undefined): Recipient[] => (Array.isArray(r) ? r : r ? [r] : []).map((x) => ({ ...x, type: Number(x.type) }));
const defaultIds = (list: ReadonlyArray<{ id: string | number }> | undefined) => (list ?? []).map((p) => String(p.id)).filter((id) => /^\d{1,18}$/.test(id));

/** The rule's recipients for a record; the default recipients when the rules name nobody. */
async function recipientsFor(rule: Pick<FormRemind, 'recipient' | 'defaultRecipient'>, record: Row, dir: Directory): Promise<string[]> {
  const found = new Set<string>();
  for (const r of rulesOf(rule.recipient)) {
    if (r.type === 0 && (r.role ?? []).length === 0) continue;
    for (const id of await resolveRecipients(r, { record, initiatorId: record.create_by == null ? null : String(record.create_by) }, dir)) found.add(id);
  }
  if (found.size > 0) return [...found];
  const defaults = defaultIds(rule.defaultRecipient);
  return dir.within ? dir.within(defaults) : defaults;
}

interface Delivery {
  formId: string;
  ruleKind: 'form' | 'cond';
  ruleIndex: number;
  period: string;
  recordId: string | null;
  title: string;
  content: string;
  receivers: string[];
  ways: string[];
}

/** Sends one reminder on each chosen channel and logs each receiver's outcome. */
async function deliver(trx: Transaction<Database>, deps: RunDeps, d: Delivery): Promise<number> {
  const log: LogEntry[] = [];
  const base = { formId: d.formId, ruleKind: d.ruleKind, ruleIndex: d.ruleIndex, period: d.period, recordId: d.recordId, title: d.title };
  if (d.ways.includes('1')) {
    await notify(trx, {
      receiverIds: d.receivers,
      title: d.title,
      content: d.content,
      bigType: MSG_BIG_TYPE.system,
      smallType: MSG_SMALL_TYPE.reminder,
      params: d.recordId ? { formId: d.formId, businessId: d.recordId } : { formId: d.formId },
    });
    for (const r of d.receivers) log.push({ ...base, receiverId: r, channel: '系统推送', result: '已发送' });
  }
  if (d.ways.includes('2')) {
    const phones = await phonesOf(trx, d.receivers);
    await queueSms(trx, deps.smsProvider, phones.map((p) => ({ phone: p.phone!, content: `${d.title}：${d.content}`, template: 'form_remind', receiverId: String(p.id), companyId: p.company_id === null ? null : String(p.company_id) })));
    const withPhone = new Set(phones.map((p) => String(p.id)));
    for (const r of d.receivers) log.push({ ...base, receiverId: r, channel: '短信', result: withPhone.has(r) ? '已排队' : '无手机号，未发送' });
  }
  // E-mail is refused at save while no mail transport is configured; an older setting is logged.
  if (d.ways.includes('3')) for (const r of d.receivers) log.push({ ...base, receiverId: r, channel: '邮件', result: '未配置邮件服务，未发送' });
  await writeLog(trx, log);
  return d.receivers.length;
}

async function runFormRemind(trx: Transaction<Database>, deps: RunDeps, form: FormRow, index: number, rule: FormRemind, period: string): Promise<number> {
  const dir = form.company_id === null ? dbDirectory(trx) : tenantDbDirectory(trx, String(form.company_id));
  const receivers = await recipientsFor(rule, {}, dir);
  const title = `填报提醒：${form.form_name}`;
  return deliver(trx, deps, { formId: form.form_id, ruleKind: 'form', ruleIndex: index, period, recordId: null, title, content: `请及时填报「${form.form_name}」`, receivers, ways: rule.remind.remindWay.map(String) });
}

/**
 * A 数据提醒: ONE statement selects the matching records and marks them reminded for this period
 * (普通条件: once ever, period 'once'), whatever the number of records.
 */
export async function matchingRecords(trx: Kysely<Database>, model: FormModel, rule: CondRemind, ruleKey: string, recordPeriod: string, now: Date): Promise<Row[]> {
  const table = model.main;
  const cond = parseConditions(condRemindConditions(rule), table.queryColumns);
  const adb = trx as unknown as AnyDb;
  let hit = adb.selectFrom(table.table).selectAll();
  if (cond) hit = hit.where((eb) => compileCondition(eb, cond, table.queryColumns, now));
  const r = await sql<Row>`
    with hit as (${hit}),
    marked as (
      insert into form_remind_record (rule_key, period, record_id)
      select ${ruleKey}, ${recordPeriod}, id from hit
      on conflict do nothing returning record_id)
    select hit.* from hit join marked on marked.record_id = hit.id order by hit.id`.execute(trx);
  return r.rows;
}

async function runCondRemind(trx: Transaction<Database>, deps: RunDeps, form: FormRow, model: FormModel, index: number, rule: CondRemind, ruleKey: string, period: string, now: Date): Promise<number> {
  const recordPeriod = String(rule.remind.condType) === '2' ? period : 'once';
  const records = await matchingRecords(trx, model, rule, ruleKey, recordPeriod, now);
  let sent = 0;
  for (const record of records) {
    const receivers = await recipientsFor(rule, record, recordDirectory(trx, form.form_id, record));
    sent += await deliver(trx, deps, {
      formId: form.form_id,
      ruleKind: 'cond',
      ruleIndex: index,
      period,
      recordId: String(record.id),
      title: fillTemplate(rule.remind.title, record),
      content: fillTemplate(rule.remind.content ?? '', record),
      receivers,
      ways: rule.remind.remindWay.map(String),
    });
  }
  return sent;
}

interface FormRow {
  form_id: string;
  form_name: string;
  company_id: string | null;
}

const parse = (x: unknown): FormSet => (typeof x === 'string' ? JSON.parse(x) : x) as FormSet;

/**
 * One schedule tick: every reminder due at this park minute whose period nobody has claimed yet is
 * claimed and sent in one transaction, so a period runs once across instances and a failed send
 * leaves its period to the next tick. `onlyFormId` limits it (the test hook).
 */
export async function remindTick(deps: RunDeps, now: Date, onlyFormId?: string): Promise<TickOutcome> {
  const clock = parkClock(now);
  const out: TickOutcome = { claimed: 0, messages: 0 };
  for (const form of await allRemindSets(deps.db)) {
    const formId = String(form.form_id);
    if (onlyFormId && formId !== onlyFormId) continue;
    const set = parse(form.form_set);
    const row: FormRow = { form_id: formId, form_name: form.form_name, company_id: form.company_id === null ? null : String(form.company_id) };
    // The form's design is read once per tick, not once per rule (a form holds up to 50 rules).
    let model: FormModel | undefined;
    const modelOf = async () => (model ??= await loadModelFor(deps.db, formId, row.company_id));
    for (const [i, rule] of (set.formRemind ?? []).entries()) {
      const period = formRemindPeriod(rule, clock);
      if (period === null) continue;
      await deps.db.transaction().execute(async (trx) => {
        if (!(await claimPeriod(trx, `${formId}:form:${i}`, period))) return;
        out.claimed++;
        out.messages += await runFormRemind(trx, deps, row, i, rule, period);
      });
    }
    for (const [i, rule] of (set.condRemind ?? []).entries()) {
      const period = condRemindPeriod(rule, clock);
      if (period === null) continue;
      const key = `${formId}:cond:${i}`;
      await deps.db.transaction().execute(async (trx) => {
        if (!(await claimPeriod(trx, key, period))) return;
        out.claimed++;
        out.messages += await runCondRemind(trx, deps, row, await modelOf(), i, rule, key, period, now);
      });
    }
  }
  return out;
}

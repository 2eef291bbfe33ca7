/**
 * 数据提醒 at scale (issue 39): condition reminders evaluated by the runner's own per-rule statement
 * (modules/remind/runner.ts matchingRecords: the design's read, then ONE statement that selects the
 * matching records and marks them for the period), each beside the raw SQL of the same rule on the
 * same data (a hand-written select of the same date range or threshold) in the same run.
 *
 * The issue asks for 10,000 rules over a 1,000,000-row form. A form holds at most 50 reminders
 * (core remind/check.ts MAX_REMINDS, the save refuses more), so the run has two parts:
 *   big    one BIG_ROWS-row form (1,000,000) with the 50 rules a form may have;
 *   many   FORMS forms (200) × 50 rules = 10,000 rules over SMALL_ROWS rows each (5,000: 1,000,000 in all).
 * Each rule runs in a transaction that is rolled back, so every run marks the same records (the
 * marking is part of the cost) and the data stays as filled. The statements each rule issues are
 * counted through Kysely's log: they do not grow with the records matched.
 */
import os from 'node:os';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { relativeDateRange, type CondRemind } from '@park/core';
import { startServer, stopServer } from '../e2e/support/server.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { adminSession, machine, median } from './lib.ts';

/*
 * The runner's evaluation, loaded by a path tsc does not follow: typechecking the server's module
 * graph from bench/ would check it against bench's own fastify/pino types (a different copy).
 */
type MatchingRecords = (trx: Kysely<Database>, formId: string, tenantId: string | null, rule: CondRemind, ruleKey: string, period: string, now: Date) => Promise<unknown[]>;
const RUNNER = '../apps/server/src/modules/remind/runner.ts';
const { matchingRecords } = (await import(RUNNER)) as { matchingRecords: MatchingRecords };

const BIG_ROWS = Number(process.env.BIG_ROWS || 1_000_000);
const FORMS = Number(process.env.FORMS || 200);
const SMALL_ROWS = Number(process.env.SMALL_ROWS || 5_000);
const RULES_PER_FORM = 50;

console.log(`machine: ${machine()}; load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at the start`);
// DATA_DIR defaults to a fresh directory under the system's temporary folder (/tmp).
const server = await startServer({ LOG_LEVEL: 'warn', WEB_DIST: 'none' }, { ownSession: true });
const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 2 });
pool.on('error', () => undefined);
let statements = 0;
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: () => void statements++ });

interface Rule {
  cond: CondRemind;
  /** The same rule as the raw SQL a person would write. */
  raw: { where: string; params: unknown[] };
}

/** Rule i: expiring within (i % 30) + 1 days (普通条件, 日期条件 天后), or, every third, qty above a threshold. */
function ruleOf(i: number, now: Date): Rule {
  const base = { recipient: { type: 0, role: [] }, defaultRecipient: [{ id: 1, name: '系统管理员' }] } as unknown as Pick<CondRemind, 'recipient' | 'defaultRecipient'>;
  const remind = { remindWay: ['1'], condType: '1', condRelative: 'and', title: '证书${cert_name}将到期', content: '到期日 ${expire_date}' } as const;
  if (i % 3 === 2) {
    const limit = 9_900 + (i % 100);
    return {
      cond: { ...base, remind: { ...remind, cond: [{ key: 'qty', condType: '0', conds: [{ matchType: '$gt', value: limit }] }] } } as unknown as CondRemind,
      raw: { where: 'qty > $1', params: [limit] },
    };
  }
  const days = (i % 30) + 1;
  const { from, to } = relativeDateRange('$dayAfter', days, now);
  return {
    cond: { ...base, remind: { ...remind, cond: [{ key: 'expire_date', condType: '3', conds: [], dateCond: { type: 'dayAfter', count: days } }] } } as unknown as CondRemind,
    raw: { where: 'expire_date >= $1 and expire_date <= $2', params: [from, to] },
  };
}

try {
  const base = server.baseUrl;
  const { headers } = await adminSession(base);
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const j = (await r.json()) as Record<string, unknown>;
    if (j.errCode !== 0) throw new Error(`${path}: ${JSON.stringify(j)}`);
    return j;
  };
  const meta = {
    list: [
      { type: 'input', key: 'k1', model: 'cert_name', name: '证书名称', options: {}, rules: [] },
      { type: 'date', key: 'k2', model: 'expire_date', name: '到期日', options: { format: 'yyyy-MM-dd' }, rules: [] },
      { type: 'number', key: 'k3', model: 'qty', name: '数量', options: {}, rules: [] },
    ],
    config: {},
  };
  const now = new Date();
  const rules = Array.from({ length: RULES_PER_FORM }, (_, i) => ruleOf(i, now));
  /** A form with `rows` records (dates over three years around today, qty 0–9999) and its 50 rules saved through saveFormRemindSet. */
  const makeForm = async (name: string, rows: number): Promise<string> => {
    const { formId } = (await post('/api/form/formconf/save', { formName: name, formType: '0' })) as { formId: number };
    await post('/api/form/saveformdesign', { formId, formMeta: JSON.stringify(meta) });
    await pool.query(
      `insert into "form_${formId}" (cert_name, expire_date, qty, create_by, update_by)
       select '证书' || g, to_char(current_date + (g % 1095 - 365), 'YYYY-MM-DD'), g % 10000, 1, 1 from generate_series(1, $1) g`,
      [rows],
    );
    await pool.query(`analyze "form_${formId}"`);
    await post('/api/form/saveFormRemindSet', { formId, formSet: { formRemind: [], condRemind: rules.map((r) => r.cond) } });
    return String(formId);
  };

  /** Every rule of these forms once through the runner (rolled back) and once as raw SQL. */
  const measure = async (formIds: string[]) => {
    let runnerMs = 0;
    let rawMs = 0;
    let matched = 0;
    const perRuleStatements: number[] = [];
    for (const formId of formIds) {
      for (const [i, rule] of rules.entries()) {
        const s0 = statements;
        const t0 = performance.now();
        let n = 0;
        await db
          .transaction()
          .execute(async (trx) => {
            n = (await matchingRecords(trx, formId, null, rule.cond, `${formId}:cond:${i}`, 'once', now)).length;
            throw new RolledBack();
          })
          .catch((e: unknown) => {
            if (!(e instanceof RolledBack)) throw e;
          });
        runnerMs += performance.now() - t0;
        perRuleStatements.push(statements - s0);
        const t1 = performance.now();
        const raw = await pool.query(`select * from "form_${formId}" where ${rule.raw.where} order by id`, rule.raw.params);
        rawMs += performance.now() - t1;
        if (raw.rowCount !== n) throw new Error(`form ${formId} rule ${i}: runner matched ${n}, raw SQL ${raw.rowCount}`);
        matched += n;
      }
    }
    return { runnerMs, rawMs, matched, statements: median(perRuleStatements), maxStatements: Math.max(...perRuleStatements) };
  };
  class RolledBack extends Error {}

  let t0 = performance.now();
  const big = await makeForm('证书台账-百万', BIG_ROWS);
  console.log(`filled 1 form × ${BIG_ROWS} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await measure([big]); // warm: the design cache and the table's pages
  const b = await measure([big]);
  const n = rules.length;
  console.log(
    `big:  ${n} rules over ${BIG_ROWS} rows: runner ${(b.runnerMs / n).toFixed(1)} ms/rule, raw SQL ${(b.rawMs / n).toFixed(1)} ms/rule ` +
      `(${(b.runnerMs / b.rawMs).toFixed(2)}×), ${b.matched} records matched and marked, ${b.statements} statements/rule (max ${b.maxStatements})`,
  );

  t0 = performance.now();
  const many: string[] = [];
  for (let f = 0; f < FORMS; f++) many.push(await makeForm(`证书台账-${f}`, SMALL_ROWS));
  console.log(`filled ${FORMS} forms × ${SMALL_ROWS} rows in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const m = await measure(many);
  const total = FORMS * n;
  console.log(
    `many: ${total} rules over ${FORMS} × ${SMALL_ROWS} rows: runner ${(m.runnerMs / 1000).toFixed(1)} s (${(m.runnerMs / total).toFixed(2)} ms/rule), ` +
      `raw SQL ${(m.rawMs / 1000).toFixed(1)} s (${(m.runnerMs / m.rawMs).toFixed(2)}×), ${m.matched} records matched, ${m.statements} statements/rule (max ${m.maxStatements})`,
  );
  console.log(`load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')} at the end`);
} finally {
  await db.destroy().catch(() => undefined);
  await stopServer(server);
}

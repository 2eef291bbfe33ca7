import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { parseConditions } from '@park/core';
import { createTestApp, type TestApp } from '../../../../test/testApp.ts';
import { control, createForm } from '../../importExport/testSupport.ts';
import { compileCondition, type LikeLeaf } from '../queryCompiler.ts';
import { searchIndexKeeper } from './searchIndexKeeper.ts';

/*
 * Issue 43 (ADR 0030): a search's plan must not depend on what ANALYZE's sample happened to see.
 * Under the cluster's C locale a trigram index holds nothing for Chinese text, and a fragment
 * without three ASCII letters or digits in a row gives it nothing to look up: a plan through it
 * reads every row back for recheck. The planner took that plan for a 2-character name whenever its
 * statistics guessed few matches. These tests prove the SQL the list (and every caller of the one
 * compiler) writes for such a fragment cannot be served by a trigram index at all, and that the
 * names search returns exactly the rows plain SQL returns, after every ANALYZE.
 */

let t: TestApp;
let admin: string;
let formId: number;
let table: string;
const ROWS = 30_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  formId = await createForm(t, admin, '姓名检索', {
    list: [
      control('input', '姓名', 'f_name'),
      control('input', '车牌', 'f_plate'),
      control('datetime', '时间', 'f_time'),
    ],
    config: {},
    sensorSettings: {
      queryConditions: [
        { key: 'f_name', opt: '$like' },
        { key: 'f_plate', opt: '$like' },
      ],
      querySort: [{ key: 'f_time', sort: 'desc' }],
    },
  });
  table = `form_${formId}`;
  // People's names as bench/listSearch.ts makes them: a common surname (王 李 张 weighted), then a
  // two-character given name of 20 × 19, each ≈ 0.26 % of rows; the three sets share no character.
  await t.sql.query(
    `insert into "${table}" (create_by, f_name, f_plate, f_time)
     select 1,
       substr('王王王王王王王李李李李李李李张张张张张张张刘刘刘刘刘陈陈陈陈陈杨杨杨黄黄赵赵吴吴周周徐孙马朱胡郭何高林罗', 1 + (h % 52)::int, 1)
         || substr('子浩宇梓欣一雨思嘉俊诗佳明文晓天志建丽秀', 1 + (h / 52 % 20)::int, 1)
         || substr('涵然轩萱怡诺辰泽琪杰睿航阳婷华军伟芳敏', 1 + (h / 1040 % 19)::int, 1),
       '苏' || chr(65 + g % 26) || lpad(((g * 7919) % 100000)::text, 5, '0'),
       to_char(timestamp '2026-01-01' + g * interval '17 minute', 'YYYY-MM-DD HH24:MI:SS')
     from generate_series(1, ${ROWS}) g, lateral (select (g::bigint * 2654435761) % 4294967296 as h) x`,
  );
  await searchIndexKeeper(t.booted.ctx.db).idle();
  await t.sql.query(`analyze "${table}"`);
});
afterAll(async () => {
  await searchIndexKeeper(t.booted.ctx.db).idle();
  await t.close();
});

interface Sent {
  text: string;
  values: unknown[];
}

/** Every statement on `table` that the server sends while `fn` runs (the app runs in this process). */
async function sentDuring(fn: () => Promise<unknown>): Promise<Sent[]> {
  const sent: Sent[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [a, b] = args;
    const q =
      typeof a === 'string'
        ? { text: a, values: Array.isArray(b) ? b : [] }
        : (a as { text?: string; values?: unknown[] } | null);
    if (q?.text?.includes(table)) sent.push({ text: q.text, values: q.values ?? [] });
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return sent;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const indexesOf = (n: PlanNode): string[] => [
  ...(n['Index Name'] ? [n['Index Name']] : []),
  ...(n.Plans ?? []).flatMap(indexesOf),
];

/**
 * The indexes a statement's plan reads when every plan but a bitmap index scan is priced out: if a
 * trigram index could serve the statement at all, the planner takes it here.
 */
async function indexesForcedBy(s: Sent): Promise<string[]> {
  const c = await t.sql.connect();
  try {
    await c.query('begin');
    await c.query(
      'set local enable_seqscan = off; set local enable_indexscan = off; set local enable_indexonlyscan = off',
    );
    const r = await c.query(`explain (format json) ${s.text}`, s.values);
    await c.query('rollback');
    return indexesOf((r.rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode }>)[0]!.Plan);
  } finally {
    c.release();
  }
}

const TRIGRAM = /_ls_trgm_/;

async function listIds(value: string): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = -1;
  for (let pageNum = 1; ; pageNum++) {
    const res = await t.call(admin, 'POST', '/api/form/queryFormDataByConditions', {
      formId,
      pageNum,
      pageSize: 40,
      queryConditions: [{ key: 'f_name', type: '$like', value }],
      sort: { key: 'f_time', sort: 'desc' },
    });
    const body = res.json() as { errCode: number; datas: Array<{ id: number }>; totalCount: number };
    expect(body.errCode, res.body).toBe(0);
    ids.push(...body.datas.map((r) => r.id));
    total = body.totalCount;
    if (body.datas.length < 40) return { ids, total };
  }
}

async function rawIds(value: string): Promise<number[]> {
  const r = await t.sql.query(
    `select id from "${table}" where strpos(f_name, $1) > 0 order by f_time desc, id desc`,
    [value],
  );
  return r.rows.map((x) => Number(x.id));
}

describe('names search (issue 43)', () => {
  it('the trigram indexes hold what the cluster locale gives them: ASCII runs of plates, nothing of Chinese names', async () => {
    const r = await t.sql.query(
      `select datctype, show_trgm('张子涵') as name, show_trgm('苏A12345') as plate from pg_database where datname = current_database()`,
    );
    expect(r.rows[0].datctype).toBe('C');
    expect(r.rows[0].name).toEqual([]);
    expect(r.rows[0].plate).toEqual(expect.arrayContaining(['a12', '123', '234', '345']));
    // What the trigram index is for: a plate fragment with three ASCII characters in a row.
    const plate = await sentDuring(() =>
      t.call(admin, 'POST', '/api/form/queryFormDataByConditions', {
        formId,
        pageNum: 1,
        pageSize: 10,
        queryConditions: [{ key: 'f_plate', type: '$like', value: 'A1234' }],
      }),
    );
    expect(plate.length).toBeGreaterThan(0);
    expect((await Promise.all(plate.map(indexesForcedBy))).flat().some((n) => TRIGRAM.test(n))).toBe(true);
  });

  it('returns exactly the rows raw SQL returns, in order, after each of several ANALYZEs', async () => {
    for (let round = 0; round < 3; round++) {
      await t.sql.query(`analyze "${table}"`);
      for (const value of ['子涵', '王', '张子涵', '涵', '浩然', '王子', '不存在']) {
        const want = await rawIds(value);
        const got = await listIds(value);
        expect(got.ids, `${value} round ${round}`).toEqual(want);
        expect(got.total, `${value} round ${round}`).toBe(want.length);
      }
    }
    // The fragments searched are as meant: a given name is about 0.26 % of the rows.
    expect((await rawIds('子涵')).length).toBeGreaterThan(ROWS * 0.002);
  });

  it('the SQL the list sends for a Chinese or short fragment cannot use a trigram index (EXPLAIN), page and count alike', async () => {
    // The check has teeth: the same search written as a plain ILIKE is served by the trigram index.
    const plain = await indexesForcedBy({
      text: `select id from "${table}" where f_name ilike $1`,
      values: ['%子涵%'],
    });
    expect(
      plain.some((n) => TRIGRAM.test(n)),
      plain.join(),
    ).toBe(true);

    for (const value of ['子涵', '王', '张子涵', 'ab', '苏A']) {
      // A condition no earlier call counted, so the count runs too (beside the page).
      const sent = await sentDuring(() =>
        t.call(admin, 'POST', '/api/form/queryFormDataByConditions', {
          formId,
          pageNum: 1,
          pageSize: 10,
          queryConditions: [
            { key: 'f_name', type: '$like', value },
            { key: 'f_plate', type: '$hlike', value: value === '苏A' ? '苏A' : '苏' },
          ],
        }),
      );
      expect(sent.length, value).toBeGreaterThanOrEqual(2);
      for (const s of sent) {
        const used = await indexesForcedBy(s);
        expect(
          used.filter((n) => TRIGRAM.test(n)),
          `${value}: ${s.text}`,
        ).toEqual([]);
      }
    }
  });

  it('the one compiler writes it so for every caller: exports, data sources and automation filters (no gram form) and the gram form', async () => {
    const model = await t.booted.ctx.forms.load(t.booted.ctx.db, String(formId));
    const db = t.booted.ctx.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    for (const value of ['子涵', '王', 'ab']) {
      for (const op of ['$like', '$hlike', '$nlike']) {
        const cond = parseConditions([{ key: 'f_name', type: op, value }], model.main.queryColumns)!;
        for (const gramLeaves of [
          new Set<LikeLeaf>(),
          new Set<LikeLeaf>(op === '$nlike' ? [] : [cond as LikeLeaf]),
        ]) {
          const q = db
            .selectFrom(table)
            .select('id')
            .where((eb) => compileCondition(eb, cond, model.main.queryColumns, new Date(), { gramLeaves }))
            .compile();
          const used = await indexesForcedBy({ text: q.sql, values: [...q.parameters] });
          expect(
            used.filter((n) => TRIGRAM.test(n)),
            `${op} ${value} grams ${gramLeaves.size}`,
          ).toEqual([]);
        }
      }
    }
    // A fragment a trigram index narrows is still offered to it.
    const cond = parseConditions(
      [{ key: 'f_plate', type: '$like', value: 'A1234' }],
      model.main.queryColumns,
    )!;
    const q = db
      .selectFrom(table)
      .select('id')
      .where((eb) => compileCondition(eb, cond, model.main.queryColumns, new Date()))
      .compile();
    expect(
      (await indexesForcedBy({ text: q.sql, values: [...q.parameters] })).some((n) => TRIGRAM.test(n)),
    ).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { control, createForm } from '../importExport/testSupport.ts';
import { col, platformDatasourceId, widget } from './testSupport.ts';

/*
 * One condition compiler (db/conditions, ADR 0008 §2): the same conditions sent to the form list
 * (queryFormDataByConditions) and to a table report over the same form give the same rows, for
 * every match type, text, number, date, comma-list and JSON-list columns, and nested groups.
 */

let t: TestApp;
let admin: string;
let formId: number;
let dataset: number;
let table: string;

const today = new Date();
const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

// name, kind, tags (checkbox: comma list), qty, day, orgs (m_org_select: JSON list)
const ROWS: Array<[string, string | null, string | null, number | null, string | null, string | null]> = [
  ['r1 甲化工', 'a', 'a,b', 5, '2026-01-15', '[{"k":"1","v":"一部"}]'],
  ['r2 乙物流', 'b', 'b', 7, '2026-02-01', '[{"k":"1","v":"一部"},{"k":"2","v":"二部"}]'],
  ['r3 丙能源', 'a', 'a,b,c', 7.5, '2026-03-01', '[{"k":"2","v":"二部"}]'],
  ['r4 100%_纯', '', null, null, '', null],
  ['r5 甲醇', null, 'c', 0, day(-2), '[]'],
  ['r6 甲化工二厂', 'b', 'a', 12, day(0), '[{"k":"3","v":"三部"}]'],
];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
  formId = await createForm(t, admin, '条件一致性', {
    list: [
      control('input', '名称', 'name'),
      control('select', '类别', 'kind', { options: [{ value: 'a', label: '甲' }, { value: 'b', label: '乙' }] }),
      control('checkbox', '标签', 'tags', { options: ['a', 'b', 'c'].map((v) => ({ value: v, label: v })) }),
      control('number', '数量', 'qty'),
      control('date', '日期', 'day'),
      control('m_org_select', '部门', 'orgs'),
    ],
    config: {},
  });
  table = `form_${formId}`;
  for (const r of ROWS) await t.sql.query(`insert into ${table} (name, kind, tags, qty, day, orgs) values ($1, $2, $3, $4, $5, $6)`, r);
  const res = await t.call(admin, 'POST', '/api/report/dataset/save', {
    name: '条件一致性',
    datasourceId: String(await platformDatasourceId(t, admin)),
    dsMeta: {
      dim: [col(table, 'name'), col(table, 'kind'), col(table, 'tags'), col(table, 'day', { dataType: 'Date' }), col(table, 'orgs')],
      measure: [col(table, 'qty', { dataType: 'Number' })],
    },
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  dataset = res.json().id as number;
});
afterAll(() => t.close());

/** A condition as one test states it; written into each side's wire shape below. */
type Cond = { column: string; op: string; value?: unknown; range?: [string | number | null, string | number | null] } | { or: Cond[] } | { and: Cond[] };
const TYPES: Record<string, string> = { qty: 'Number', day: 'Date' };

function listShape(c: Cond): unknown {
  if ('or' in c) return { condType: 'multi', relation: 'or', conds: c.or.map(listShape) };
  if ('and' in c) return { condType: 'multi', relation: 'and', conds: c.and.map(listShape) };
  if (c.range) return { key: c.column, type: c.op, bvalue: c.range[0] ?? '', evalue: c.range[1] ?? '' };
  return { condType: 'single', key: c.column, matchType: c.op, value: c.value };
}

function reportShape(c: Cond): unknown {
  if ('or' in c) return { condType: 'multi', relation: 'or', conds: c.or.map(reportShape) };
  if ('and' in c) return { condType: 'multi', relation: 'and', conds: c.and.map(reportShape) };
  const base = { table, column: c.column, dataType: TYPES[c.column] ?? 'String', condType: 'single', matchType: c.op };
  return c.range ? { ...base, value: c.range } : { ...base, value: c.value };
}

async function listNames(c: Cond): Promise<string[]> {
  const res = await t.call(admin, 'POST', '/api/form/queryFormDataByConditions', { formId, pageNum: 1, pageSize: 100, queryConditions: [listShape(c)] });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return (res.json().datas as Array<{ name: string }>).map((r) => r.name).sort();
}

async function reportNames(c: Cond): Promise<string[]> {
  const res = await t.call(admin, 'POST', '/api/report/datareport/previewreportdata', {
    pageNum: 1,
    pageSize: 100,
    queryConditions: [reportShape(c)],
    datareport: widget(dataset, { smallType: 'table', cols: [{ id: 'name', table, column: 'name' }] }),
  });
  expect(res.json(), res.body).toMatchObject({ errCode: 0 });
  return (res.json().datas as Array<{ name: string }>).map((r) => r.name).sort();
}

const CASES: Array<[string, Cond, string[]]> = [
  ['text $eq', { column: 'name', op: '$eq', value: 'r1 甲化工' }, ['r1 甲化工']],
  ['text $neq keeps nulls', { column: 'kind', op: '$neq', value: 'a' }, ['r2 乙物流', 'r4 100%_纯', 'r5 甲醇', 'r6 甲化工二厂']],
  ['$like, case and wildcards as data', { column: 'name', op: '$like', value: '%_' }, ['r4 100%_纯']],
  ['$hlike', { column: 'name', op: '$hlike', value: 'R1' }, ['r1 甲化工']],
  ['$nlike keeps nulls', { column: 'kind', op: '$nlike', value: 'a' }, ['r2 乙物流', 'r4 100%_纯', 'r5 甲醇', 'r6 甲化工二厂']],
  ['text $empty: null or empty text', { column: 'kind', op: '$empty' }, ['r4 100%_纯', 'r5 甲醇']],
  ['date $empty: null or empty text', { column: 'day', op: '$empty' }, ['r4 100%_纯']],
  ['$null', { column: 'qty', op: '$null' }, ['r4 100%_纯']],
  ['$notnull', { column: 'tags', op: '$notnull' }, ['r1 甲化工', 'r2 乙物流', 'r3 丙能源', 'r5 甲醇', 'r6 甲化工二厂']],
  ['number $gt', { column: 'qty', op: '$gt', value: 7 }, ['r3 丙能源', 'r6 甲化工二厂']],
  ['number $lte', { column: 'qty', op: '$lte', value: 7 }, ['r1 甲化工', 'r2 乙物流', 'r5 甲醇']],
  ['number range', { column: 'qty', op: '$in', range: [5, 7.5] }, ['r1 甲化工', 'r2 乙物流', 'r3 丙能源']],
  ['number range open above', { column: 'qty', op: '$in', range: [7.5, null] }, ['r3 丙能源', 'r6 甲化工二厂']],
  ['number $all is one of', { column: 'qty', op: '$all', value: '5,12' }, ['r1 甲化工', 'r6 甲化工二厂']],
  ['date range, a bare end day includes it', { column: 'day', op: '$in', range: ['2026-01-15', '2026-02-01'] }, ['r1 甲化工', 'r2 乙物流']],
  ['date $lt', { column: 'day', op: '$lt', value: '2026-02-01' }, ['r1 甲化工', 'r4 100%_纯']],
  ['relative dates: the last 7 days', { column: 'day', op: '$dayAgo', value: 7 }, ['r5 甲醇', 'r6 甲化工二厂']],
  ['comma list $all: every value', { column: 'tags', op: '$all', value: 'a,b' }, ['r1 甲化工', 'r3 丙能源']],
  ['comma list $all: one value', { column: 'tags', op: '$all', value: 'c' }, ['r3 丙能源', 'r5 甲醇']],
  ['JSON list $all (m_ pickers)', { column: 'orgs', op: '$all', value: '1' }, ['r1 甲化工', 'r2 乙物流']],
  ['JSON list $all: every value', { column: 'orgs', op: '$all', value: '1,2' }, ['r2 乙物流']],
  [
    'nested groups',
    { or: [{ and: [{ column: 'kind', op: '$eq', value: 'a' }, { column: 'qty', op: '$gt', value: 6 }] }, { column: 'name', op: '$hlike', value: 'r2' }] },
    ['r2 乙物流', 'r3 丙能源'],
  ],
];

describe('one condition compiler for lists and reports', () => {
  for (const [name, cond, expected] of CASES) {
    it(`${name}: the list and the report give the same rows`, async () => {
      const [list, report] = await Promise.all([listNames(cond), reportNames(cond)]);
      expect(list).toEqual(expected);
      expect(report).toEqual(list);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conditionHolds, filterCondition, MATCHES_NOTHING, parkClock, type Condition } from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import type { FormModel } from '../form/formModel.ts';
import type { RecordActor } from '../form/records.service.ts';
import { addRecord, createForm } from './testSupport.ts';

/*
 * Every match type of spec 001 §3.6 (and $all, which list filters share), decided both ways the engine decides them on a real record:
 * a branch condition over the trigger record (core, in the engine) and an action filter over the
 * target form (SQL, through the records service). Both must give the expected answer.
 */
let t: TestApp;
let model: FormModel;
let record: Record<string, unknown>;
const platform = { cause: 'automation', auth: { user: { userType: 0 } }, log: { module: '自动化', prefix: '' } } as unknown as RecordActor;
/** A park calendar day (the day stored dates and 当天 are in), n days from today. */
const daysFromToday = (n: number) => parkClock(new Date(Date.now() + n * 86_400_000)).day;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.login();
  const control = (type: string, name: string, m: string, options: Record<string, unknown> = {}) => ({ type, name, key: `k_${m}`, model: m, options, rules: [] });
  const formId = await createForm(t, admin, '条件全集', {
    list: [
      control('input', '名称', 'name'),
      control('input_number', '载重', 'load'),
      control('date', '日期', 'day', { format: 'yyyy-MM-dd' }),
      control('checkbox', '类别', 'tags', { options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }, { value: 'c', label: 'C' }] }),
      control('input', '备注', 'note'),
    ],
    config: {},
  });
  const id = await addRecord(t, admin, formId, { name: '危化品运输车', load: '12.5', day: daysFromToday(-5), tags: 'a,b' });
  model = await t.booted.ctx.forms.load(t.booted.ctx.db, String(formId));
  record = (await t.sql.query(`select * from "${model.main.table}" where id = $1`, [id])).rows[0];
});
afterAll(() => t.close());

/** [model, matchType, value, expected] */
const CASES: Array<[string, string, unknown, boolean]> = [
  ['load', '$eq', 12.5, true], ['load', '$neq', 12.5, false], ['load', '$gt', 12, true], ['load', '$gte', 12.5, true],
  ['load', '$lt', 13, true], ['load', '$lte', 12, false],
  ['name', '$eq', '危化品运输车', true], ['name', '$neq', '危化品运输车', false], ['name', '$like', '运输', true], ['name', '$nlike', '运输', false],
  ['name', '$hlike', '危化', true], ['name', '$hlike', '运输', false],
  ['name', '$null', undefined, false], ['name', '$notnull', undefined, true], ['note', '$null', undefined, true], ['note', '$empty', undefined, true],
  ['name', '$empty', undefined, false],
  ['tags', '$all', 'a,b', true], ['tags', '$all', 'a,c', false],
  ['day', '$dayAgo', 7, true], ['day', '$dayAgo', 3, false], ['day', '$weekAgo', 1, true], ['day', '$monthAgo', 1, true],
  ['day', '$theDay', -5, true], ['day', '$theDay', 0, false], ['day', '$dayAfter', 3, false], ['day', '$weekAfter', 1, false], ['day', '$monthAfter', 1, false],
];

describe('conditions and filters over a stored record', () => {
  it.each(CASES)('%s %s %s → %s', async (field, matchType, value, expected) => {
    const inBranch = conditionHolds(
      { condition: { fieldConds: { condType: 'and', conditions: [{ condType: 'and', conds: [{ model: field, matchType, value }] }] }, fieldUpdateConds: [] } },
      model.main.queryColumns,
      { record, before: null, after: record, now: new Date() },
    );
    const filter = filterCondition([{ model: field, condType: 0, conds: [{ matchType, value, valueType: 0 }] }], model.main.queryColumns, {});
    expect(filter).not.toBe(MATCHES_NOTHING);
    const inFilter = (await t.booted.ctx.records.findWhere(t.booted.ctx.db, model.main, filter as Condition, platform)).length === 1;
    expect({ inBranch, inFilter }).toEqual({ inBranch: expected, inFilter: expected });
  });

  it('joins condition groups with and / or, both ways', async () => {
    const group = (condType: 'and' | 'or', conds: unknown[]) => ({ condType, conds });
    const holds = (outer: 'and' | 'or', groups: unknown[]) =>
      conditionHolds({ condition: { fieldConds: { condType: outer, conditions: groups }, fieldUpdateConds: [] } } as never, model.main.queryColumns, { record, before: null, after: record, now: new Date() });
    const yes = { model: 'load', matchType: '$gt', value: 10 };
    const no = { model: 'name', matchType: '$eq', value: '槽罐车' };
    expect([holds('and', [group('or', [yes, no])]), holds('and', [group('and', [yes, no])]), holds('or', [group('and', [no]), group('and', [yes])]), holds('and', [group('and', [yes]), group('and', [no])])]).toEqual([true, false, true, false]);
    const filter = filterCondition([{ model: 'load', condType: 1, conds: [{ matchType: '$gt', value: 100 }, { matchType: '$lt', value: 13 }] }, { model: 'name', condType: 0, conds: [{ matchType: '$like', value: '危化' }] }], model.main.queryColumns, {});
    expect(await t.booted.ctx.records.findWhere(t.booted.ctx.db, model.main, filter as Condition, platform)).toHaveLength(1);
  });
});

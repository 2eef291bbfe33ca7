import { describe, expect, it } from 'vitest';
import { ConditionError, parseConditions, type ConditionField } from './conditions.ts';
import { nextDay, relativeDateRange } from './relativeDates.ts';

const fields = new Map<string, ConditionField>([
  ['name', { kind: 'string', label: '名称' }],
  ['amount', { kind: 'number', label: '数量' }],
  ['day', { kind: 'date', label: '日期' }],
]);

describe('parseConditions', () => {
  it('turns list filters into an and-group and drops empty values', () => {
    expect(
      parseConditions(
        [
          { key: 'name', type: '$like', value: '园区' },
          { key: 'amount', type: '$eq', value: '' },
          { key: 'day', type: '$in', bvalue: '2026-01-01', evalue: '2026-12-31' },
        ],
        fields,
      ),
    ).toEqual({
      kind: 'group',
      relation: 'and',
      children: [
        { kind: 'leaf', key: 'name', fieldKind: 'string', op: '$like', values: ['园区'] },
        { kind: 'leaf', key: 'day', fieldKind: 'date', op: '$in', values: ['2026-01-01', '2026-12-31'] },
      ],
    });
  });

  it('reads nested single and multi conditions', () => {
    const c = parseConditions(
      {
        condType: 'multi',
        relation: 'or',
        conds: [
          { condType: 'single', model: 'amount', matchType: '$gt', value: '5' },
          { condType: 'single', key: 'name', matchType: '$null' },
        ],
      },
      fields,
    );
    expect(c).toEqual({
      kind: 'group',
      relation: 'or',
      children: [
        { kind: 'leaf', key: 'amount', fieldKind: 'number', op: '$gt', values: [5] },
        { kind: 'leaf', key: 'name', fieldKind: 'string', op: '$null', values: [] },
      ],
    });
  });

  it('splits $all values on commas', () => {
    expect(parseConditions([{ key: 'name', type: '$all', value: 'a,b' }], fields)).toMatchObject({ values: ['a', 'b'] });
  });

  const refuses = (input: unknown, message: RegExp) =>
    expect(() => parseConditions(input, fields)).toThrow(message);

  it('refuses unknown keys, SQL in keys and match types, and wrong kinds', () => {
    refuses([{ key: 'nope', type: '$eq', value: 1 }], /查询条件字段不存在/);
    refuses([{ key: 'name; drop table x', type: '$eq', value: 1 }], /查询条件字段不存在/);
    refuses([{ key: 'name', type: "$eq' or 1=1", value: 1 }], /不支持的匹配类型/);
    refuses([{ key: 'amount', type: '$like', value: 1 }], /不支持匹配类型/);
    refuses([{ key: 'amount', type: '$eq', value: 'abc' }], /不是有效的数字/);
    refuses([{ key: 'day', type: '$eq', value: 'yesterday' }], /日期格式不正确/);
    refuses({ condType: 'multi', relation: 'xor', conds: [] }, /and 或 or/);
  });

  it('refuses a 10,000-element $all', () => {
    const value = Array.from({ length: 10_000 }, (_, i) => `v${i}`).join(',');
    expect(() => parseConditions([{ key: 'name', type: '$all', value }], fields)).toThrow(ConditionError);
  });

  it('keeps SQL in a value as plain data', () => {
    expect(parseConditions([{ key: 'name', type: '$eq', value: "x'; drop table t; --" }], fields)).toMatchObject({
      values: ["x'; drop table t; --"],
    });
  });
});

describe('relativeDateRange', () => {
  const now = new Date(2026, 2, 31, 15, 0, 0);
  it('computes day, week and month windows', () => {
    expect(relativeDateRange('$dayAgo', 3, now)).toEqual({ from: '2026-03-28', to: '2026-03-31' });
    expect(relativeDateRange('$weekAfter', 1, now)).toEqual({ from: '2026-03-31', to: '2026-04-07' });
    expect(relativeDateRange('$monthAgo', 1, now)).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(relativeDateRange('$theDay', -1, now)).toEqual({ from: '2026-03-30', to: '2026-03-30' });
  });
  it('reads today as the park’s day, whatever the process’s zone', () => {
    // 2026-03-31 17:00 UTC is 04-01 01:00 in the park: 当天 is 04-01, yesterday 03-31.
    const late = new Date(Date.UTC(2026, 2, 31, 17, 0, 0));
    expect(relativeDateRange('$theDay', 0, late)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
    expect(relativeDateRange('$theDay', -1, late)).toEqual({ from: '2026-03-31', to: '2026-03-31' });
    expect(relativeDateRange('$theDay', 0, new Date(Date.UTC(2026, 2, 31, 15, 59, 0)))).toEqual({ from: '2026-03-31', to: '2026-03-31' });
  });
  it('gives the next day across month ends', () => {
    expect(nextDay('2026-02-28')).toBe('2026-03-01');
  });
});

describe('malformed conditions (issue 15)', () => {
  it('refuses a $in range sent as value rather than dropping it', () => {
    expect(() => parseConditions([{ key: 'day', type: '$in', value: ['2026-01-01', '2026-12-31'] }], fields)).toThrow(ConditionError);
    expect(() => parseConditions([{ key: 'amount', type: '$in', value: '1,2' }], fields)).toThrow(/bvalue/);
    expect(parseConditions([{ key: 'day', type: '$in', bvalue: '', evalue: '' }], fields)).toBeNull();
  });
});

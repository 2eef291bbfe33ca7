import { describe, expect, it } from 'vitest';
import { chosenCheckRefusal, chosenChecksByPicker, chosenRecordCheckProblems, type ChosenRecordCheck } from './chosenRecordChecks.ts';
import type { FormMeta } from './types.ts';

const check: ChosenRecordCheck = { picker: 'vehicle', field: 'cert_until', op: '$gte', against: 'plan_time', message: '道路运输证已过期（有效期至{value}）' };
const meta = (checks: unknown, table = 'form_12'): FormMeta => ({
  list: [
    { type: 'data_select', key: 'vehicle', name: '车辆', model: 'vehicle', options: { maps: { key: 'id', name: 'plate_no', source: { datasource: '', table } } } },
    { type: 'date', key: 'plan_time', name: '计划时间', model: 'plan_time', options: {} },
  ],
  config: { chosenRecordChecks: checks },
});

describe('关联记录校验', () => {
  it('compares dates by day (the expiry day itself still holds) and fills the message', () => {
    expect(chosenCheckRefusal(check, '2026-12-04', '2026-12-04')).toBeNull();
    expect(chosenCheckRefusal(check, '2026-12-04', '2026-12-04 08:00:00')).toBeNull();
    expect(chosenCheckRefusal(check, '2026-12-03', '2026-12-04')).toBe('道路运输证已过期（有效期至2026-12-03）');
    expect(chosenCheckRefusal(check, '', '2026-12-04')).toBe('道路运输证已过期（有效期至（未填写））');
    expect(chosenCheckRefusal(check, '2026-12-03', '')).toBeNull();
    expect(chosenCheckRefusal({ ...check, op: '$lt' }, '9', '10')).toBeNull(); // numbers as numbers
  });

  it('refuses a check naming no single data picker, a bad identifier or an unknown operator', () => {
    expect(chosenRecordCheckProblems(meta([check]))).toEqual([]);
    expect(chosenRecordCheckProblems(meta([{ ...check, picker: 'plan_time', field: 'x;drop', op: '$like', against: 'nope', message: '' }]))).toHaveLength(5);
    expect(chosenRecordCheckProblems(meta('x'))).toEqual(['关联记录校验的格式不正确']);
  });

  it('resolves the form a picker reads; a data source or a sub-table is not a record to check', () => {
    expect(chosenChecksByPicker(meta([check])).map((c) => c.formId)).toEqual(['12']);
    expect(chosenChecksByPicker(meta([check], 'form_12__goods'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { FormControl, FormMeta } from '../form/types.ts';
import { defaultQueryConditions, withDefaultQueryBar } from './defaults.ts';

const c = (type: string, model: string, name: string, options: Record<string, unknown> = {}): FormControl => ({ type, key: `k_${model}`, model, name, options });
const choices = { options: [{ value: '1', label: '正常' }, { value: '2', label: '异常' }] };

const meta: FormMeta = {
  list: [
    c('input', 'device', '设备名称'),
    c('select', 'result', '巡检结果', choices),
    c('input', 'place', '巡检位置'),
    c('textarea', 'note', '备注'),
    c('date', 'day', '巡检日期'),
    c('checkbox', 'tags', '标签', choices),
    c('datetime', 'at', '复核时间'),
    c('image_upload', 'photo', '现场照片'),
  ],
  config: {},
};

describe('the default query bar of a new form (issue 26)', () => {
  it('takes the first text fields loosely, single choices exactly and the first date as a range, in design order', () => {
    expect(defaultQueryConditions(meta)).toEqual([
      { key: 'device', opt: '$like', label: '设备名称' },
      { key: 'result', opt: '$eq', label: '巡检结果' },
      { key: 'place', opt: '$like', label: '巡检位置' },
      { key: 'day', opt: '$in', label: '巡检日期' },
    ]);
  });

  it('fills only a design without conditions, and keeps its other settings', () => {
    const filled = withDefaultQueryBar({ ...meta, sensorSettings: { queryLayout: { columnCount: 2 } } });
    expect(filled.sensorSettings).toMatchObject({ queryLayout: { columnCount: 2 }, queryConditions: [{ key: 'device' }, {}, {}, {}] });
    const chosen = { ...meta, sensorSettings: { queryConditions: [{ key: 'note', opt: '$like', label: '备注' }] } };
    expect(withDefaultQueryBar(chosen)).toBe(chosen);
    const nothing = { list: [c('image_upload', 'photo', '现场照片')], config: {} };
    expect(withDefaultQueryBar(nothing)).toBe(nothing);
  });
});

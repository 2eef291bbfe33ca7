import { describe, expect, it } from 'vitest';
import { normalizeSensorSettings, type FormMeta } from '@park/core';
import { exportSettingsOf, importSettingsOf } from './settings.ts';

/* The designer's list-page settings editor writes what this module reads (issue 9 §6). */
const meta: FormMeta = {
  list: [
    { type: 'input', key: 'k1', model: 'plate', name: '车牌号', options: {} },
    { type: 'date', key: 'k2', model: 'day', name: '日期', options: {} },
  ],
  config: {},
};

describe('list settings editor → Excel import/export settings', () => {
  it('reads the editor output: positions, columns, rules and the template file', () => {
    const sensorSettings = normalizeSensorSettings(
      {
        importSettings: { list: [{ key: 'plate', name: '' }, { key: 'day', name: '入园日期' }], startRow: 3, startColumn: 2 },
        exportSettings: {
          list: [{ key: 'day', name: '' }],
          startRow: 4,
          exportRules: [{ key: 'day', dateFormat: 'yyyy年MM月dd日' }, { key: 'plate', type: 'value', mapping: { A: '甲' } }],
          exportModelInfo: { fileId: '42', originalfile: '模板.xlsx' },
        },
      },
      meta,
    );
    const withSettings = { ...meta, sensorSettings };
    expect(importSettingsOf(withSettings)).toEqual({
      startRow: 3,
      startColumn: 2,
      columns: [
        { key: 'plate', name: '' },
        { key: 'day', name: '入园日期' },
      ],
    });
    const ex = exportSettingsOf(withSettings);
    expect(ex).toMatchObject({ startRow: 4, startColumn: 1, columns: [{ key: 'day', name: '' }], templateFileId: '42' });
    expect([...ex.rules.values()]).toEqual([
      { key: 'day', dateFormat: 'yyyy年MM月dd日' },
      { key: 'plate', type: 'value', mapping: { A: '甲' } },
    ]);
    // No columns configured: the server falls back to matching the header row.
    expect(importSettingsOf({ ...meta, sensorSettings: normalizeSensorSettings({}, meta) }).columns).toBeNull();
  });
});

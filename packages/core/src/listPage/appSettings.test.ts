import { describe, expect, it } from 'vitest';
import { hazmatVehicleMeta } from '../form/demoForms.ts';
import {
  appCardHasFooter,
  appHasSearch,
  appPreviewColumns,
  appQueryConditions,
  appSettingsOf,
  appSlotKeys,
  appSlotText,
  normalizeAppSettings,
} from './appSettings.ts';

const meta = hazmatVehicleMeta(1);

describe('appSensorSettings', () => {
  it('keeps the slots of the original shape and drops keys that name no column of the form', () => {
    const s = normalizeAppSettings(
      {
        queryCondition: { placeholder: '搜索车牌', conditions: [{ key: 'plate_no' }, { key: 'nope' }], enumConditions: [{ key: 'vehicle_type' }] },
        tableItem: {
          title: [{ key: 'plate_no', format: { prefix: '车牌 ', suffix: '' } }, { key: 'driver_mobile' }],
          rightTop: [{ key: 'vehicle_type' }],
          cols: [{ key: 'rated_load', alias: '载重', format: { suffix: ' 吨' } }, { key: "x'; drop table" }],
          leftBottom: [],
          rightBottom: [{ key: 'create_time' }],
          condFilters: [],
          querySort: [],
        },
      },
      meta,
    );
    expect(s.tableItem.title).toEqual([{ key: 'plate_no', name: '车牌号码', alias: '', format: { prefix: '车牌 ', suffix: '' } }]);
    expect(s.tableItem.cols.map((c) => c.key)).toEqual(['rated_load']);
    expect(s.queryCondition.conditions.map((c) => c.key)).toEqual(['plate_no']);
    // An enum condition without options of its own takes the control's.
    expect(s.queryCondition.enumConditions[0]?.options.map((o) => o.value)).toEqual(['罐式货车', '厢式货车', '平板货车', '牵引车']);
    expect(appSlotKeys(s)).toEqual(['plate_no', 'vehicle_type', 'rated_load', 'create_time']);
    expect(appHasSearch(s)).toBe(true);
    expect(appCardHasFooter(s)).toBe(true);
  });

  it('formats a slot with its prefix and suffix, an empty value keeping both', () => {
    const entry = { key: 'rated_load', name: '核定载重', alias: '', format: { prefix: '载重 ', suffix: ' 吨' } };
    expect(appSlotText(entry, '30')).toBe('载重 30 吨');
    expect(appSlotText(entry, '')).toBe('载重  吨');
  });

  it('reads anything without throwing', () => {
    for (const bad of [null, 'x', 3, [], { tableItem: 'x' }, { tableItem: { cols: 'x' } }, { queryCondition: { conditions: [1, null] } }]) {
      expect(appSlotKeys(normalizeAppSettings(bad, meta))).toEqual([]);
    }
  });

  it('builds the list conditions: the search text over every search field (or), each enum value ($eq)', () => {
    const s = normalizeAppSettings(
      { queryCondition: { conditions: [{ key: 'plate_no' }, { key: 'escort_name' }], enumConditions: [{ key: 'vehicle_type' }] } },
      meta,
    );
    expect(appQueryConditions(s, '  ', {})).toEqual([]);
    expect(appQueryConditions(s, '皖A', { vehicle_type: '牵引车' })).toEqual([
      { condType: 'multi', relation: 'or', conds: [{ key: 'plate_no', type: '$like', value: '皖A' }, { key: 'escort_name', type: '$like', value: '皖A' }] },
      { key: 'vehicle_type', type: '$eq', value: '牵引车' },
    ]);
    // A value that is not one of the options is not sent.
    expect(appQueryConditions(s, '', { vehicle_type: '飞机' })).toEqual([]);
  });

  it("answers a picker slot's label column and a region's names with the preview", () => {
    const s = normalizeAppSettings({ tableItem: { title: [{ key: 'reviewer' }], cols: [{ key: 'plate_region' }] } }, meta);
    const cols = appPreviewColumns(s, meta);
    expect(cols[0]).toBe('id');
    expect(cols).toContain('reviewer');
    expect(cols.some((c) => c.startsWith('reviewer') && c !== 'reviewer')).toBe(true);
    expect(cols).toContain('province');
  });

  it('lays a card out for a form whose mobile list was never set', () => {
    const s = appSettingsOf(meta);
    expect(s.tableItem.title[0]?.key).toBe('plate_no');
    expect(s.tableItem.cols).toHaveLength(3);
    expect(s.tableItem.rightBottom[0]?.key).toBe('create_time');
    const own = appSettingsOf({ ...meta, appSensorSettings: { tableItem: { title: [{ key: 'driver_mobile' }] } } });
    expect(own.tableItem.title[0]?.key).toBe('driver_mobile');
    expect(own.tableItem.cols).toEqual([]);
  });
});

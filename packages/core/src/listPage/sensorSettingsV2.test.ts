import { describe, expect, it } from 'vitest';
import type { FormControl, FormMeta } from '../form/types.ts';
import {
  checkSensorSettingsV2,
  columnKeysOfV2,
  deriveSensorSettingsV2,
  readListSettings,
  tableShowTypeOf,
  tableWidgetOf,
  tableWidgetQuery,
  withSensorSettingsV2,
} from './sensorSettingsV2.ts';
import { readSensorSettings, rowButtonShown } from './settings.ts';

const c = (type: string, model: string, name: string, options: Record<string, unknown> = {}): FormControl => ({ type, key: `k_${model}`, model, name, options });

const base: FormMeta = {
  list: [
    c('input', 'plate', '车牌号'),
    c('number', 'weight', '载重'),
    c('date', 'day', '入园日期'),
    c('select', 'kind', '类别', { options: [{ value: '1', label: '甲类' }, { value: '2', label: '乙类' }] }),
  ],
  config: {},
};

/** A layout as the original's 高级设置 page saves it: a query widget above a table widget. */
const savedV2 = {
  version: 1,
  widgets: [
    {
      id: 1700000000002,
      type: 'queryWidget',
      name: '查询控件',
      conditions: [{ key: 'plate', opt: '$like', label: '车牌', style: { widthScale: 1 } }],
      layout: { columnCount: 2 },
    },
    {
      id: 1700000000001,
      type: 'reportWidget',
      reportType: 'tableReportWidget',
      data: {
        cols: [{ key: '$seq', name: '序号' }, { key: 'plate', name: '车牌号', alias: '车牌' }, { key: 'weight', name: '载重' }],
        btns: [{ key: 'add', name: '登记' }, { key: 'export', name: '导出' }],
        optButtons: [{ key: 'detail', label: '查看' }],
        condFilters: [{ condType: 'single', key: 'kind', matchType: '$eq', value: '1' }],
        querySort: [{ key: 'weight', sort: 'desc', name: '载重' }, { key: 'last_update_time', sort: 'asc' }],
      },
      showType: { tableShowType: 'vertical', addShowType: 'full' },
      style: { pagination: true, pageSize: 20 },
    },
  ],
};

describe('reading a saved sensorSettingsV2', () => {
  it('lays the list page out from the query widget and the table widget', () => {
    const s = readListSettings({ ...base, sensorSettings: { queryConditions: [{ key: 'day' }] }, sensorSettingsV2: savedV2 });
    expect(s.source).toBe('sensorSettingsV2');
    expect(s.widgetId).toBe('1700000000001');
    expect(s.fields.map((f) => [f.key, f.label, f.op])).toEqual([['plate', '车牌', '$like']]);
    expect(s.columnCount).toBe(2);
    expect(s.columns.map((col) => [col.key, col.title])).toEqual([['plate', '车牌'], ['weight', '载重']]);
    expect(s.functionButtons.map((b) => [b.action, b.name])).toEqual([['add', '登记'], ['export', '导出']]);
    expect(s.rowButtons.map((b) => [b.action, b.name])).toEqual([['view', '查看']]);
    expect(s.addFull).toBe(true);
    expect(s.pageSize).toBe(20);
    expect(tableShowTypeOf({ ...base, sensorSettingsV2: savedV2 })).toBe('stack');
  });

  it("gives the server the table widget's fixed filters and sort, by id or the first table", () => {
    const named = tableWidgetOf(savedV2, '1700000000001');
    expect(tableWidgetOf(savedV2, 0)).toBe(named);
    expect(tableWidgetOf(savedV2, 'nope')).toBe(named);
    expect(tableWidgetQuery(named)).toEqual({
      condFilters: [{ condType: 'single', key: 'kind', matchType: '$eq', value: '1' }],
      querySort: [{ key: 'weight', sort: 'desc' }, { key: 'update_time', sort: 'asc' }],
    });
    expect(tableWidgetOf({ widgets: [] })).toBeNull();
  });

  it('checks the structure and lists the columns it names', () => {
    expect(checkSensorSettingsV2(savedV2)).toEqual([]);
    expect(checkSensorSettingsV2('x')[0]!.message).toBe('高级设置格式不正确');
    expect(checkSensorSettingsV2({ widgets: [{ id: 1, type: 'queryWidget' }] }).map((p) => p.message)).toEqual(['高级设置至少需要一个表格控件']);
    expect(checkSensorSettingsV2({ widgets: [{ id: 1, type: 'chartWidget', name: '图' }, { id: 1, type: 'reportWidget', reportType: 'tableReportWidget' }] }).map((p) => p.message)).toEqual([
      '控件「图」的类型「chartWidget」不受支持',
      '控件 id「1」重复',
    ]);
    expect(columnKeysOfV2(savedV2).map((k) => k.key)).toEqual(['plate', 'plate', 'weight', 'weight', 'update_time']);
  });
});

describe('jumps and conditional row buttons in a V2 table widget', () => {
  it('reads jump columns, custom buttons with their jumps, and shows a row button only where its cond holds', () => {
    const table = savedV2.widgets[1]!;
    const v2 = {
      widgets: [
        {
          ...table,
          data: {
            cols: [{ key: 'plate', name: '车牌号', isJump: true, jumpInfo: { urlType: 2, url: '/closed-park-web/form/detail/9/{id}' } }],
            btns: [{ key: 'print', name: '打印清单', jumpInfo: { urlType: 2, url: '/print' } }],
            optButtons: [
              { key: 'edit', label: '编辑', cond: [{ model: 'kind', values: ['1'] }] },
              { key: 'custom', label: '审核', jumpInfo: { urlType: 3, url: '/api/x' }, cond: [{ model: 'weight', values: ['5', '6'] }, { model: 'kind', values: [] }] },
            ],
          },
        },
      ],
    };
    const s = readListSettings({ ...base, sensorSettingsV2: v2 });
    expect(s.columns[0]!.jump?.info).toMatchObject({ urlType: 2 });
    expect(s.functionButtons.map((b) => [b.action, b.name, b.jump?.url])).toEqual([['custom', '打印清单', '/print']]);
    const [edit, review] = s.rowButtons;
    expect(rowButtonShown(edit!, { kind: '1' })).toBe(true);
    expect(rowButtonShown(edit!, { kind: '2' })).toBe(false);
    // A condition without values is not configured; numbers compare as text.
    expect(rowButtonShown(review!, { weight: 5, kind: '2' })).toBe(true);
    expect(rowButtonShown(review!, { weight: 7 })).toBe(false);
  });
});

describe('deriving sensorSettingsV2 from sensorSettings', () => {
  const sensorSettings = {
    queryConditions: [{ key: 'plate', opt: '$like' }, { key: 'day', opt: '$in' }],
    queryLayout: { columnCount: 4 },
    queryResults: ['plate', { key: 'day', alias: '日期' }],
    optButtons: [{ key: 'edit' }],
    addShowType: 'full',
    reportSettings: { importSettings: { startRow: 3 } },
  };

  it('puts a query widget above a table widget, marked as derived, with fixed ids', () => {
    const v2 = deriveSensorSettingsV2(sensorSettings);
    expect(v2.derivedFrom).toBe('sensorSettings');
    expect(v2.widgets!.map((w) => [w.id, w.type, w.y])).toEqual([[2, 'queryWidget', 1], [1, 'reportWidget', 17]]);
    const table = v2.widgets![1]!;
    expect(table.data).toMatchObject({ cols: [{ key: 'plate' }, { key: 'day', alias: '日期' }], optButtons: [{ key: 'edit' }], reportSettings: { importSettings: { startRow: 3 } } });
    // No function button list configured: the list stays absent, so every standard button shows.
    expect(table.data).not.toHaveProperty('btns');
    expect(deriveSensorSettingsV2(undefined).widgets!.map((w) => w.type)).toEqual(['reportWidget']);
  });

  it('reads as the sensorSettings it came from, and a saved layout is kept while a derived one is redone', () => {
    const meta = withSensorSettingsV2({ ...base, sensorSettings });
    const fromV1 = readSensorSettings(meta);
    const fromV2 = readListSettings({ ...meta, sensorSettingsV2: { ...meta.sensorSettingsV2, derivedFrom: undefined } });
    for (const k of ['fields', 'columnCount', 'columns', 'functionButtons', 'rowButtons', 'addFull'] as const) expect(fromV2[k]).toEqual(fromV1[k]);
    expect(readListSettings(meta).widgetId).toBe('1');
    expect(withSensorSettingsV2({ ...base, sensorSettingsV2: savedV2 }).sensorSettingsV2).toBe(savedV2);
    const redone = withSensorSettingsV2({ ...meta, sensorSettings: { queryResults: ['weight'] } });
    expect(redone.sensorSettingsV2!.widgets!.map((w) => w.type)).toEqual(['reportWidget']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addItemProblem,
  autoRefreshMs,
  applyGrid,
  buildSettingMeta,
  drillBack,
  drillDown,
  drillingConditions,
  drillLevel,
  freshnessNote,
  gridCellOf,
  kindOfPaletteType,
  linkedConditions,
  measureKey,
  newAxisItem,
  queryWidgetConditions,
  readSettingMeta,
  superConditionsFor,
  superSelection,
  tableImportFormId,
  withTableImport,
  widgetsFromListSettings,
  WIDGET_DEFINITIONS,
  WIDGET_KINDS,
  widgetKindOf,
  widgetLegality,
  type AxisItem,
  type DsColumn,
  type DsMeta,
  type DrillStep,
  type ReportWidget,
} from './index.ts';
import type { ListSettings } from '../listPage/settings.ts';

const col = (id: string, column: string, dataType: 'String' | 'Number' | 'Date' = 'String'): DsColumn => ({ id, table: 'form_1', column, desc: column, dataType, alias: '', express: '' });
const city = newAxisItem(col('d1', 'city'), 'classAxis');
const area = newAxisItem(col('d2', 'area'), 'classAxis');
const load = newAxisItem(col('m1', 'load', 'Number'), 'valueAxis');
const make = (kind: (typeof WIDGET_KINDS)[number], data: Record<string, unknown> = {}, id = 1): ReportWidget => {
  const w = WIDGET_DEFINITIONS[kind].create({ id, x: 1, y: 1 });
  return { ...w, data: { ...(w.data ?? {}), dataset: '7', ...data } };
};

describe('widget definitions', () => {
  it('every kind creates a widget that reads back as the same kind, with the spec defaults', () => {
    for (const kind of WIDGET_KINDS) {
      const w = WIDGET_DEFINITIONS[kind].create({ id: 3, x: 1, y: 1 });
      expect(widgetKindOf(w)).toBe(kind);
      expect(kindOfPaletteType(WIDGET_DEFINITIONS[kind].paletteType)).toBe(kind);
      expect(w.borderColor).toBe('#EBEAEF');
      expect(w.sizex).toBe(76);
    }
    expect(make('table').sizey).toBe(90);
    expect(make('query').sizey).toBe(16);
    expect(make('query').paddingTop).toBe(20);
    expect(make('line').paddingTop).toBe(25);
    expect(make('table').style).toMatchObject({ pageSize: 10, pagination: true, showSerialNum: true });
    expect(make('cross').style).toMatchObject({ pageSize: 100 });
    expect(make('kanban').style).toMatchObject({ maxPerLineBlock: 4 });
    expect(make('image').style).toMatchObject({ fit: 'fill' });
    expect((make('tabPage').tabs as Array<{ tabName: string }>).map((t) => t.tabName)).toEqual(['Tab 1', 'Tab 2']);
    expect(make('line').sensior).toEqual({ autoRefresh: false, count: 1, countType: 'minute' });
    expect(widgetKindOf({ type: 'mapWidget' })).toBeNull();
    expect(kindOfPaletteType('gaugeWidget')).toBeNull();
  });
});

describe('axis limits (spec 002 §5)', () => {
  it('quotes the exact messages', () => {
    expect(addItemProblem('line', { colorAxis: [city] }, 'colorAxis', area)).toBe('已超过[颜色图例/维度]最多可添加项数量（1）');
    expect(addItemProblem('pie', { valueAxis: [load] }, 'valueAxis', { ...load, aggregate: 'count' })).toBe('已超过[扇区角度/度量]最多可添加项数量（1）');
    expect(addItemProblem('pie', { classAxis: [city] }, 'classAxis', area)).toBe('已超过[扇区标签/维度]最多可添加项数量（1）');
    expect(addItemProblem('kanban', { classAxis: [city] }, 'classAxis', area)).toBe('已超过[看板标签/维度]最多可添加项数量（1）');
    const two = [load, { ...load, aggregate: 'max' }];
    expect(addItemProblem('column', { valueAxis: two }, 'colorAxis', city)).toBe('颜色图例轴已有项，值轴只能出现一项');
    expect(addItemProblem('composite', { valueAxis: [load], viceValueAxis: [{ ...load, aggregate: 'max' }] }, 'colorAxis', city)).toBe('颜色图例轴已有项，主值轴/副值轴只能出现一项');
    expect(addItemProblem('column', { colorAxis: [city], valueAxis: [load] }, 'valueAxis', { ...load, aggregate: 'avg' })).toBe('颜色图例轴已有项，值轴只能出现一项');
    expect(addItemProblem('column', { valueAxis: [load] }, 'valueAxis', load)).toBe('同一字段的同一聚合方式只能出现一次');
    expect(addItemProblem('column', { valueAxis: [load] }, 'valueAxis', { ...load, aggregate: 'count' })).toBeNull();
  });

  it('queries a widget only when legal (§4)', () => {
    expect(widgetLegality('pie', make('pie', { classAxis: [city] }))).toEqual({ ok: false, reason: '缺少度量项' });
    expect(widgetLegality('pie', make('pie', { valueAxis: [load] }))).toEqual({ ok: false, reason: '缺少维度项' });
    expect(widgetLegality('pie', make('pie', { valueAxis: [load], classAxis: [city] }))).toEqual({ ok: true });
    expect(widgetLegality('composite', make('composite', { viceValueAxis: [load], colorAxis: [city] }))).toEqual({ ok: true });
    expect(widgetLegality('line', { ...make('line', { valueAxis: [load], classAxis: [city] }), id: '' }).ok).toBe(false);
    expect(widgetLegality('column', make('column', { valueAxis: [load, load], classAxis: [city] })).ok).toBe(false);
    expect(widgetLegality('table', make('table')).ok).toBe(false);
    expect(measureKey(load)).toBe('sum_load');
    expect(measureKey({ ...load, alias: '载重' })).toBe('载重');
  });
});

describe('drilling, linkage, refresh', () => {
  const w = make('column', { valueAxis: [load], drillingAxis: [city, area] });
  it('drills down, names the levels above, stops at the last level and goes back', () => {
    expect(drillingConditions(w, [])).toEqual({ current: 'city', depth: 0, conds: [] });
    const one = drillDown(w, [], '合肥市');
    expect(one.ok).toBe(true);
    const path = one.ok ? one.path : [];
    expect(drillingConditions(w, path)).toEqual({ current: 'area', depth: 1, conds: [{ condType: 'single', id: 'd1', table: 'form_1', column: 'city', dataType: 'String', matchType: '$eq', value: '合肥市' }] });
    expect(drillDown(w, path, '蜀山区')).toEqual({ ok: false, message: '已经钻取到最后一层了' });
    expect(drillBack(path, 0)).toEqual([]);
  });

  it('tells levels of one date column apart by depth (年 › 季 › 月 › 日): each click goes one level down', () => {
    const date = (dateDim: string) => ({ id: 'd9', table: 'form_1', column: 'entry_date', dataType: 'Date', dateDim });
    const byDate = make('column', { valueAxis: [load], drillingAxis: ['year', 'quarter', 'month', 'day'].map(date) });
    let path: DrillStep[] = [];
    const sent: unknown[] = [];
    for (const value of ['2026', '2026-Q1', '2026-02']) {
      const next = drillDown(byDate, path, value);
      if (!next.ok) throw new Error(next.message);
      path = next.path;
      sent.push(drillingConditions(byDate, path));
    }
    expect(sent.map((d) => (d as { current: string; depth: number }).depth)).toEqual([1, 2, 3]);
    expect(drillLevel(byDate, path)).toMatchObject({ dateDim: 'day' });
    expect((sent[2] as { conds: Array<{ dateDim: string; value: string }> }).conds.map((c) => [c.dateDim, c.value])).toEqual([['year', '2026'], ['quarter', '2026-Q1'], ['month', '2026-02']]);
    expect(drillDown(byDate, path, '2026-02-03')).toEqual({ ok: false, message: '已经钻取到最后一层了' });
  });

  it('links a click to the other widgets on the same dataset or naming the column, never to itself', () => {
    const table = make('table', { cols: [city] }, 2);
    const other = { ...make('table', { cols: [area] }, 3), data: { dataset: '9', cols: [{ ...city, id: 'x9' }] } } as ReportWidget;
    const unrelated = { ...make('table', {}, 4), data: { dataset: '9', cols: [area] } } as ReportWidget;
    const link = { source: 1, dataset: '7', conds: [{ condType: 'single' as const, id: 'd1', table: 'form_1', column: 'city', matchType: '$eq', value: '合肥市' }] };
    expect(linkedConditions(table, [link])).toHaveLength(1);
    expect(linkedConditions(w, [link])).toHaveLength(0);
    expect(linkedConditions(other, [link])[0]).not.toHaveProperty('id');
    expect(linkedConditions(unrelated, [link])).toHaveLength(0);
  });

  it('builds query widget conditions only from non-empty values', () => {
    const conds = [
      { key: 'a', id: 'd1', table: 'form_1', column: 'city', dataType: 'String', label: '城市', opt: '$like', type: 'input' as const },
      { key: 'b', id: 'd3', table: 'form_1', column: 'day', dataType: 'Date', label: '日期', opt: '$in', type: 'date' as const },
      { key: 'c', id: 'd4', table: 'form_1', column: 'kind', dataType: 'String', label: '类型', opt: '$all', type: 'select' as const },
    ];
    expect(queryWidgetConditions(conds, { a: '', b: ['2026-11-01', ''], c: [] })).toEqual([]);
    const out = queryWidgetConditions(conds, { a: '合肥', b: ['2026-11-01', '2026-11-30'], c: ['罐式货车', '牵引车'] });
    expect(out.map((c) => [c.matchType, c.value])).toEqual([
      ['$like', '合肥'],
      ['$in', ['2026-11-01', '2026-11-30']],
      ['$all', '罐式货车,牵引车'],
    ]);
  });

  it('keeps auto refresh at or above its floor', () => {
    expect(autoRefreshMs({ autoRefresh: false, count: 1, countType: 'minute' })).toBeNull();
    expect(autoRefreshMs({ autoRefresh: true, count: 5, countType: 'minute' })).toBe(300_000);
    expect(autoRefreshMs({ autoRefresh: true, count: 1, countType: 'second' })).toBe(60_000);
  });

  it('converts between saved 1-based cells and the grid, and saves settingMeta in the origin shape', () => {
    const a = { ...make('line'), x: 1, y: 1 };
    const b = { ...make('pie', {}, 2), x: 39, y: 1, sizex: 38 };
    expect(gridCellOf(b)).toEqual({ i: '2', x: 38, y: 0, w: 38, h: 20 });
    const moved = applyGrid([a, b], [{ i: '2', x: 0, y: 20, w: 38, h: 20 }]);
    expect(moved[1]).toMatchObject({ x: 1, y: 21, sizex: 38 });
    expect(moved[0]).toBe(a);
    const meta = buildSettingMeta([b, a]);
    expect(meta.layout.rows).toEqual([{ columns: [{ widgetId: 1 }, { widgetId: 2 }] }]);
    expect(meta.layout.style.verticalSpacing).toBe(5);
    expect(meta.version).toBe(1);
    expect(readSettingMeta(JSON.stringify(meta)).widgets.map((x) => x.id)).toEqual([1, 2]);
    expect(readSettingMeta('not json').widgets).toEqual([]);
  });
});

export type { AxisItem };

import { copyWidget, findWidgetIn, replaceWidgetIn } from './index.ts';
describe('widgets inside tab pages', () => {
  it('finds, replaces, removes and copies widgets wherever they sit', () => {
    const tab = WIDGET_DEFINITIONS.tabPage.create({ id: 1, x: 1, y: 1 });
    const inner = WIDGET_DEFINITIONS.text.create({ id: 2, x: 1, y: 1 });
    (tab.tabs as Array<{ tabContent: { widgets: ReportWidget[] } }>)[1]!.tabContent.widgets.push(inner);
    const all = [tab];
    expect(findWidgetIn(all, 2)).toBe(inner);
    const changed = replaceWidgetIn(all, 2, { ...inner, content: '你好' });
    expect(findWidgetIn(changed, 2)?.content).toBe('你好');
    expect(findWidgetIn(replaceWidgetIn(all, 2, null), 2)).toBeNull();
    const copy = copyWidget(all, tab);
    expect(copy.id).toBe(3);
    expect(findWidgetIn([copy], 4)?.type).toBe('textWidget');
    expect(copy.y).toBe(tab.y + tab.sizey);
  });
});

describe('a jump parameter', () => {
  it('reaches the widgets that name its column, resolved by column name', () => {
    const table = { ...WIDGET_DEFINITIONS.table.create({ id: 2, x: 1, y: 1 }), data: { dataset: '9', cols: [newAxisItem(col('d1', 'city'), 'cols')] } } as ReportWidget;
    const link = { source: -1, dataset: '', conds: [{ condType: 'single' as const, table: '', column: 'city', matchType: '$eq', value: '合肥市' }] };
    expect(linkedConditions(table, [link])).toEqual([{ condType: 'single', column: 'city', matchType: '$eq', value: '合肥市' }]);
  });
});

import { drillPathLinkage } from './index.ts';
describe('going back up a drill path', () => {
  it('leaves the other widgets filtered by the levels still drilled', () => {
    const w = { ...WIDGET_DEFINITIONS.column.create({ id: 5, x: 1, y: 1 }), data: { dataset: '7', drillingAxis: [city, area] } } as ReportWidget;
    const one = drillDown(w, [], '合肥市');
    const path = one.ok ? one.path : [];
    expect(drillPathLinkage(w, path)?.conds.map((c) => [c.column, c.value])).toEqual([['city', '合肥市']]);
    expect(drillPathLinkage(w, [])).toBeNull();
  });
});

describe('super conditions (高级条件) and the freshness note', () => {
  const tank = { label: '罐车', id: 'd3', table: 'form_1', column: 'vehicle_type', condType: 'single' as const, matchType: '$eq', value: '罐式货车', default: '罐式货车' };
  const heavy = { label: '重载', id: 'm1', table: 'form_1', column: 'load', condType: 'single' as const, matchType: '$gt', aggregate: 'sum', value: '30' };
  const w = make('column', { superConds: [tank, heavy] });

  it('starts with the defaults, sends the chips chosen, and falls back to the defaults when none is', () => {
    expect(superSelection(w, null)).toEqual([0]);
    expect(superConditionsFor(w, null)).toEqual([{ id: 'd3', table: 'form_1', column: 'vehicle_type', condType: 'single', matchType: '$eq', value: '罐式货车' }]);
    expect(superConditionsFor(w, [1])).toEqual([{ id: 'm1', table: 'form_1', column: 'load', condType: 'single', matchType: '$gt', aggregate: 'sum', value: '30' }]);
    expect(superSelection(w, [])).toEqual([0]);
    expect(superSelection(w, [5])).toEqual([0]);
  });

  it('a default alone is the value (the origin shape)', () => {
    const origin = make('column', { superConds: [{ table: 'form_1', column: 'load', condType: 'single', matchType: '$gt', aggregate: 'sum', default: 7 }] });
    expect(superConditionsFor(origin, null)[0]!.value).toBe(7);
  });

  it('notes a cached reply with the time its SQL ran, and says nothing of a fresh one', () => {
    const at = new Date(2026, 10, 27, 9, 5, 7);
    expect(freshnessNote({ cached: true, computedAt: at.toISOString() }, new Date(2026, 10, 27, 12))).toBe('缓存数据 · 更新于 09:05:07');
    expect(freshnessNote({ cached: true, computedAt: at.toISOString() }, new Date(2026, 10, 28, 1))).toBe('缓存数据 · 更新于 2026-11-27 09:05:07');
    expect(freshnessNote({ computedAt: at.toISOString() })).toBeNull();
    expect(freshnessNote(undefined)).toBeNull();
  });
});

describe('importing through a table widget', () => {
  it('offers the form import only when switched on for a form, and takes it away again', () => {
    const t = make('table');
    expect(tableImportFormId(t)).toBeNull();
    const on = { ...t, data: withTableImport(t.data ?? {}, 12) };
    expect(tableImportFormId(on)).toBe(12);
    expect((on.data as { btns: unknown[] }).btns).toEqual([{ key: 'import', name: '导入' }]);
    const again = { ...on, data: withTableImport(on.data ?? {}, 12) };
    expect((again.data as { btns: unknown[] }).btns).toHaveLength(1);
    expect(tableImportFormId({ ...on, data: withTableImport(on.data ?? {}, null) })).toBeNull();
  });
});

describe('a form list page converted to report widgets (spec 002 §4)', () => {
  const meta: DsMeta = {
    dim: [col('d1', 'plate_no'), col('d2', 'vehicle_type'), col('d3', 'entry_date', 'Date')],
    measure: [col('m1', 'actual_load', 'Number')],
  };
  const base: ListSettings = {
    fields: [
      { key: 'vehicle_type', label: '车辆类型', op: '$eq', input: 'select', options: [], dateKind: null, span: 1 },
      { key: 'entry_date', label: '入园日期', op: '$in', input: 'dateRange', options: [], dateKind: 'date', span: 1 },
      { key: 'not_in_dataset', label: '其他', op: '$like', input: 'text', options: [], dateKind: null, span: 1 },
    ],
    columnCount: 3,
    columns: [
      { key: 'plate_no', title: '车牌号码', control: null, jump: null, sortKey: 'plate_no' },
      { key: 'actual_load', title: '实际装载', control: null, jump: null, sortKey: 'actual_load' },
    ],
    functionButtons: [{ action: 'import', name: '导入', jump: null, id: 'import', cond: [] }],
    rowButtons: [],
    addFull: false,
    source: 'sensorSettings',
    widgetId: null,
    pageSize: 20,
  };

  it('gives a query widget above a table widget, on the dataset, with the form import', () => {
    const [query, table] = widgetsFromListSettings(base, { id: 9, meta }, 1);
    expect(widgetKindOf(query)).toBe('query');
    expect(widgetKindOf(table)).toBe('table');
    expect([query!.y, query!.sizey, table!.y]).toEqual([1, 16, 17]);
    expect((query!.conditions as Array<{ column: string; type: string; opt: string }>).map((c) => [c.column, c.type, c.opt])).toEqual([
      ['vehicle_type', 'select', '$eq'],
      ['entry_date', 'date', '$in'],
    ]);
    expect((table!.data as { cols: AxisItem[] }).cols.map((c) => [c.column, c.aggregate])).toEqual([
      ['plate_no', 'none'],
      ['actual_load', 'none'],
    ]);
    expect(tableImportFormId(table!)).toBe(1);
    expect(table!.style.pageSize).toBe(20);
    expect(widgetLegality('table', table!)).toEqual({ ok: true });
  });

  it('without query conditions, the table alone at the top', () => {
    const only = widgetsFromListSettings({ ...base, fields: [], functionButtons: [] }, { id: 9, meta }, 1);
    expect(only).toHaveLength(1);
    expect(only[0]!.y).toBe(1);
    expect(tableImportFormId(only[0]!)).toBeNull();
  });
});

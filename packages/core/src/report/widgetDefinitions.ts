/**
 * The widgets of the report and dashboard designer (spec 002 §3, §9; origin reportType.config.json,
 * Constants.json chartWidgetItem / pieChartWidgetItem, WidgetStyleConstants.json). One definition
 * per kind in an exhaustive map: what the palette shows, the saved shape a new widget starts from,
 * and which axes its config panel offers.
 */

export const WIDGET_KINDS = ['line', 'column', 'bar', 'pie', 'composite', 'table', 'cross', 'kanban', 'text', 'image', 'query', 'innerPage', 'tabPage'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

export type Json = Record<string, unknown>;

/** A widget as settingMeta stores it (the origin's field names, spelling included). */
export interface ReportWidget extends Json {
  id: number;
  name: string;
  type: string;
  reportType?: string;
  x: number;
  y: number;
  sizex: number;
  sizey: number;
  style: Json;
  data?: Json;
}

export type AxisName = 'classAxis' | 'valueAxis' | 'viceValueAxis' | 'colorAxis' | 'drillingAxis' | 'cols';

export interface AxisSlot {
  axis: AxisName;
  /** The origin's panel label, `[名称/维度]`, which is also what the §5 messages quote. */
  label: string;
  kind: 'dim' | 'measure';
  /** At most this many items (spec 002 §5: 已超过[…]最多可添加项数量); no limit when absent. */
  max?: number;
}

/** The grid (spec 002 §9): reference width 1366, base height 14.5, margin 5, 77 design cells. */
export const REPORT_GRID = {
  referenceWidth: 1366,
  baseHeight: 14.5,
  margin: 5,
  cols: 77,
  defaultWidth: 76,
  defaultHeight: 20,
  tableHeight: 90,
  queryHeight: 16,
  screenFallback: { width: 1440, height: 900 },
} as const;

/** Default series colours (ECharts' own ten): a widget's seriesColor1…10 override them in order. */
export const DEFAULT_CHART_COLORS = ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc', '#2f4554'] as const;
export const MAX_STYLE_COLORS = 10;
export const DEFAULT_BORDER_COLOR = '#EBEAEF';
export const TABLE_PAGE_SIZES = [5, 10, 20, 50, 100, 200, 300, 500] as const;
export const LEGEND_POSITIONS = { none: '无', top: '上', bottom: '下', center: '中', left: '左', right: '右' } as const;
export type LegendPosition = keyof typeof LEGEND_POSITIONS;
export const IMAGE_FITS = ['fill', 'contain', 'cover', 'none', 'scale-down'] as const;
export const SORT_LABELS = { none: '不排序', asc: '升序', desc: '降序' } as const;
/** Chart variants by kind (Constants.json chartTypeOptions, columnOptions, barOptions; pie and donut). */
export const CHART_VARIANTS: Partial<Record<WidgetKind, Array<{ value: string; label: string }>>> = {
  line: [
    { value: 'line', label: '线图' },
    { value: 'area', label: '面积图' },
    { value: 'areaspline', label: '堆积面积图' },
    { value: 'areasplinerange', label: '百分比堆叠面积图' },
  ],
  column: [
    { value: 'column', label: '柱图' },
    { value: 'accumulation', label: '堆积柱状图' },
    { value: 'percentage', label: '百分比堆积柱状图' },
  ],
  bar: [
    { value: 'bar', label: '条形图' },
    { value: 'accumulation', label: '堆积条形图' },
    { value: 'percentage', label: '百分比堆积条形图' },
  ],
};
/** The pie's shapes: a full pie has no hole, a donut's inner radius is 80% of its outer one. */
export const PIE_SHAPES = { pie: { label: '饼图', inner: '0%' }, donut: { label: '环形图', inner: '80%' } } as const;
/** A composite's series types per measure (Constants.json smallChartTypeOptions). */
export const COMPOSITE_SERIES = { line: '线', area: '面', column: '柱' } as const;

/** Widget padding (spec 002 §9): 25 on top for a titled widget (query widget 20), 5 elsewhere. */
const padding = (top: number) => ({ paddingTop: top, paddingRight: 5, paddingBottom: 5, paddingLeft: 5 });
const sensior = () => ({ autoRefresh: false, count: 1, countType: 'minute' });

function chartStyle(title: string, legendAlign: LegendPosition): Json {
  const colors = Object.fromEntries(Array.from({ length: MAX_STYLE_COLORS }, (_, i) => [`seriesColor${i + 1}`, null]));
  return { backgroundColor: null, mainTitle: title, mainTitleVisiable: true, mainTitleColor: null, dataLabelsEnable: true, legendAlign, ...colors };
}

interface Base {
  id: number;
  x: number;
  y: number;
}

function chart(kind: WidgetKind, reportType: string, smallType: string, title: string, b: Base): ReportWidget {
  const pie = kind === 'pie';
  return {
    ...b,
    name: title,
    type: 'reportWidget',
    reportType,
    sizex: REPORT_GRID.defaultWidth,
    sizey: REPORT_GRID.defaultHeight,
    borderColor: DEFAULT_BORDER_COLOR,
    ...padding(25),
    data: { dataset: '', smallType, valueAxis: [], ...(kind === 'composite' ? { viceValueAxis: [] } : {}), classAxis: [], ...(pie ? {} : { colorAxis: [] }), drillingAxis: [], condFilters: [], superConds: [] },
    style: { ...chartStyle(title, pie ? 'none' : 'top'), ...(pie ? { shapeType: 'pie', showPercent: true } : {}) },
    sensior: sensior(),
    querySize: 1000,
    drillNavigation: [],
  };
}

/** 表格 and 交叉表: the same framed, paged widget with a serial number column; `data` says which. */
function table(b: Base, name: string, sizey: number, pageSize: number, data: Json): ReportWidget {
  return {
    ...b,
    name,
    type: 'reportWidget',
    reportType: 'tableReportWidget',
    sizex: REPORT_GRID.defaultWidth,
    sizey,
    borderColor: DEFAULT_BORDER_COLOR,
    ...padding(25),
    data,
    style: { mainTitleVisiable: true, mainTitle: name, pagination: true, pageSize, showSerialNum: true },
    sensior: sensior(),
    querySize: 1000,
  };
}

export interface WidgetDefinition {
  name: string;
  /** The palette entry's origin type (reportType.config.json). */
  paletteType: string;
  family: 'chart' | 'data' | 'basic';
  /** Axes the config panel offers, in order; empty for widgets without data. */
  axes: AxisSlot[];
  /**
   * The colour legend's rule (§5): with an item on the colour axis only one measure may be shown;
   * 'either' counts the main and vice value axes together (the composite's message). Null where the
   * colour axis is not a legend (the cross table's column dimension) or there is none.
   */
  colorLegend: 'single' | 'either' | null;
  /**
   * What a query needs besides an id and a dataset (§4): table columns, a measure (a kanban), or a
   * measure and a dimension (charts and the cross table; the basic widgets are never queried).
   */
  queryNeeds: 'columns' | 'measure' | 'dimensionAndMeasure';
  create(b: Base): ReportWidget;
}

const CLASS: AxisSlot = { axis: 'classAxis', label: '类别轴/维度', kind: 'dim' };
const VALUE: AxisSlot = { axis: 'valueAxis', label: '值轴/度量', kind: 'measure' };
const COLOR: AxisSlot = { axis: 'colorAxis', label: '颜色图例/维度', kind: 'dim', max: 1 };
const DRILL: AxisSlot = { axis: 'drillingAxis', label: '钻取/维度', kind: 'dim' };

function basic(type: string, name: string, sizey: number, extra: Json, style: Json, top = 25): (b: Base) => ReportWidget {
  return (b) => ({ ...b, name, type, sizex: REPORT_GRID.defaultWidth, sizey, borderColor: DEFAULT_BORDER_COLOR, ...padding(top), ...extra, style: { mainTitleVisiable: true, mainTitle: name, ...style } });
}

/** The basic widgets hold no data: no legend, and they are never queried. */
const BASIC_RULES = { colorLegend: null, queryNeeds: 'dimensionAndMeasure' } as const;

export const WIDGET_DEFINITIONS: Readonly<Record<WidgetKind, WidgetDefinition>> = {
  line: { name: '折线图', paletteType: 'lineReportWidget', family: 'chart', axes: [CLASS, VALUE, COLOR, DRILL], colorLegend: 'single', queryNeeds: 'dimensionAndMeasure', create: (b) => chart('line', 'lineReportWidget', 'line', '折线图', b) },
  column: { name: '柱状图', paletteType: 'columnReportWidget', family: 'chart', axes: [CLASS, VALUE, COLOR, DRILL], colorLegend: 'single', queryNeeds: 'dimensionAndMeasure', create: (b) => chart('column', 'columnReportWidget', 'column', '柱状图', b) },
  bar: { name: '条形图', paletteType: 'barReportWidget', family: 'chart', axes: [CLASS, VALUE, COLOR, DRILL], colorLegend: 'single', queryNeeds: 'dimensionAndMeasure', create: (b) => chart('bar', 'barReportWidget', 'bar', '条形图', b) },
  pie: {
    name: '饼图',
    paletteType: 'pieReportWidget',
    family: 'chart',
    axes: [
      { axis: 'classAxis', label: '扇区标签/维度', kind: 'dim', max: 1 },
      { axis: 'valueAxis', label: '扇区角度/度量', kind: 'measure', max: 1 },
      DRILL,
    ],
    colorLegend: 'single',
    queryNeeds: 'dimensionAndMeasure',
    create: (b) => chart('pie', 'pieReportWidget', 'pie', '饼图', b),
  },
  composite: {
    name: '组合图',
    paletteType: 'compositeReportWidget',
    family: 'chart',
    axes: [CLASS, { axis: 'valueAxis', label: '主值轴/度量', kind: 'measure' }, { axis: 'viceValueAxis', label: '副值轴/度量', kind: 'measure' }, COLOR, DRILL],
    colorLegend: 'either',
    queryNeeds: 'dimensionAndMeasure',
    create: (b) => chart('composite', 'compositeReportWidget', 'composite', '组合图', b),
  },
  table: {
    name: '表格',
    paletteType: 'formTableWidget',
    family: 'data',
    axes: [{ axis: 'cols', label: '表格列/字段', kind: 'dim' }],
    colorLegend: null,
    queryNeeds: 'columns',
    create: (b) =>
      table(b, '表格', REPORT_GRID.tableHeight, 10, { dataset: '', smallType: 'table', cols: [], condFilters: [], superConds: [], querySort: [], optButtons: [], btns: [] }),
  },
  cross: {
    name: '交叉表',
    paletteType: 'tableReportWidget',
    family: 'data',
    axes: [
      { axis: 'classAxis', label: '行维度/维度', kind: 'dim' },
      { axis: 'colorAxis', label: '列维度/维度', kind: 'dim' },
      { axis: 'valueAxis', label: '数值/度量', kind: 'measure' },
    ],
    colorLegend: null,
    queryNeeds: 'dimensionAndMeasure',
    create: (b) => table(b, '交叉表', REPORT_GRID.tableHeight / 2, 100, { dataset: '', smallType: 'cross', classAxis: [], colorAxis: [], valueAxis: [], condFilters: [], superConds: [] }),
  },
  kanban: {
    name: '指标看板',
    paletteType: 'kanbanWidget',
    family: 'chart',
    axes: [
      { axis: 'classAxis', label: '看板标签/维度', kind: 'dim', max: 1 },
      { axis: 'valueAxis', label: '看板数值/度量', kind: 'measure' },
    ],
    colorLegend: 'single',
    queryNeeds: 'measure',
    create: (b) => ({
      ...b,
      name: '指标看板',
      type: 'kanbanWidget',
      sizex: REPORT_GRID.defaultWidth,
      sizey: 12,
      borderColor: DEFAULT_BORDER_COLOR,
      ...padding(25),
      data: { dataset: '', smallType: 'kanban', classAxis: [], valueAxis: [], condFilters: [], superConds: [] },
      style: { mainTitleVisiable: true, mainTitle: '指标看板', maxPerLineBlock: 4 },
      sensior: sensior(),
      querySize: 1000,
    }),
  },
  text: { name: '文本控件', paletteType: 'textWidget', family: 'basic', axes: [], ...BASIC_RULES, create: basic('textWidget', '文本控件', 10, { content: '' }, { backgroundColor: '#ffffff' }) },
  image: { name: '图片', paletteType: 'imgWidget', family: 'basic', axes: [], ...BASIC_RULES, create: basic('imgWidget', '图片控件', 20, { imageUrl: '', adjustUrl: '' }, { fit: 'fill' }) },
  query: {
    name: '查询控件',
    paletteType: 'queryWidget',
    family: 'basic',
    axes: [],
    ...BASIC_RULES,
    create: basic('queryWidget', '查询控件', REPORT_GRID.queryHeight, { conditions: [], num: 0, data: { dataset: '' } }, { mainTitleVisiable: false, mainTitle: '' }, 20),
  },
  innerPage: {
    name: '内嵌页面',
    paletteType: 'innerPageWidget',
    family: 'basic',
    axes: [],
    ...BASIC_RULES,
    create: basic('innerPageWidget', '内嵌页面控件', 30, { src: '', innerType: '0', targetId: '', targetName: '', params: [] }, {}),
  },
  tabPage: {
    name: 'Tab',
    paletteType: 'tabPageWidget',
    family: 'basic',
    axes: [],
    ...BASIC_RULES,
    create: (b) => ({
      ...b,
      name: 'Tab',
      type: 'tabPageWidget',
      sizex: REPORT_GRID.defaultWidth,
      sizey: 40,
      borderColor: DEFAULT_BORDER_COLOR,
      ...padding(5),
      activeTabId: 1,
      tabs: [1, 2].map((n) => ({ tabId: n, tabName: `Tab ${n}`, remark: '', widgetCount: 0, tabContent: { layout: { rows: [] }, widgets: [] } })),
      style: { tabPosition: 'top', tabType: '' },
    }),
  },
};

/** The palette in the origin's order (reportType.config.json), the table added after the cross table. */
export const PALETTE_ORDER: readonly WidgetKind[] = ['query', 'text', 'image', 'innerPage', 'tabPage', 'table', 'cross', 'line', 'column', 'bar', 'pie', 'composite', 'kanban'];

export const UNKNOWN_WIDGET = '敬请期待';

const REPORT_TYPE_KINDS: Readonly<Record<string, WidgetKind>> = {
  lineReportWidget: 'line',
  columnReportWidget: 'column',
  barReportWidget: 'bar',
  pieReportWidget: 'pie',
  compositeReportWidget: 'composite',
  formTableWidget: 'table',
};
const TYPE_KINDS: Readonly<Record<string, WidgetKind>> = {
  queryWidget: 'query',
  textWidget: 'text',
  imgWidget: 'image',
  innerPageWidget: 'innerPage',
  tabPageWidget: 'tabPage',
  kanbanWidget: 'kanban',
};

/** The kind of a saved widget; null for a type we do not know (shown as 敬请期待). */
export function widgetKindOf(w: unknown): WidgetKind | null {
  if (typeof w !== 'object' || w === null) return null;
  const x = w as Json;
  const type = String(x.type ?? '');
  if (Object.hasOwn(TYPE_KINDS, type)) return TYPE_KINDS[type]!;
  if (type !== 'reportWidget') return null;
  const reportType = String(x.reportType ?? '');
  if (reportType === 'tableReportWidget') {
    const small = String((x.data as Json | undefined)?.smallType ?? '');
    return small === 'table' || small === 'formTable' ? 'table' : 'cross';
  }
  return Object.hasOwn(REPORT_TYPE_KINDS, reportType) ? REPORT_TYPE_KINDS[reportType]! : null;
}

/** The kind a palette entry creates; null for an entry we do not know (敬请期待). */
export function kindOfPaletteType(paletteType: string): WidgetKind | null {
  return WIDGET_KINDS.find((k) => WIDGET_DEFINITIONS[k].paletteType === paletteType) ?? null;
}

/**
 * Palette defaults of every control type: what a control starts as when dropped on the canvas.
 *
 * Built in layers so that each type states only what sets it apart: the flags every control has,
 * a field (a value control in a row), a family (text, number, choice, date, picker, upload, layout),
 * and at the end one table row per type. Option names and default values follow the reference
 * designer's palette (formType.config.json) so that designs move between the two; slider, cascade,
 * flow_table and blank, which it lacks, get defaults in the same style. Every factory returns fresh
 * objects, so no two templates share a nested object. A control type without a row does not compile.
 */
import type { ControlOptions, ControlType, DsConf, FormControl, MapsConfig } from '../form/types.ts';

export type PaletteGroupKey = 'basic' | 'advance' | 'layout';

/** A control as the palette hands it out: everything but key and model. */
export type ControlTemplate = Omit<FormControl, 'key' | 'model'>;

export const PALETTE_GROUPS: ReadonlyArray<{
  key: PaletteGroupKey;
  title: string;
  types: readonly ControlType[];
}> = [
  {
    key: 'basic',
    title: '基础控件',
    types: [
      'input',
      'textarea',
      'text',
      'input_mobile',
      'input_tel',
      'input_mail',
      'input_postal',
      'input_website',
      'input_number',
      'input_int',
      'input_long',
      'number',
      'radio',
      'checkbox',
      'year',
      'month',
      'year_month',
      'date',
      'time',
      'datetime',
      'switch',
      'multiple_select',
      'select',
      'slider',
      'cascade',
    ],
  },
  {
    key: 'advance',
    title: '高级控件',
    types: [
      'image_upload',
      'file_upload',
      'signature',
      'm_data_ref',
      'data_select',
      'm_data_select',
      'org_select',
      'm_org_select',
      'user_select',
      'm_user_select',
      'role_select',
      'm_role_select',
      'company_select',
      'm_company_select',
      'dic_select',
      'm_dic_select',
      'gis_select',
      'region_select',
      'current_user',
      'table',
      'flow_table',
      'calculate_formula',
    ],
  },
  { key: 'layout', title: '布局控件', types: ['grid', 'blank'] },
];

/** A template before its `type` and empty `comment` are added (see the assembly at the end). */
type Row = Omit<ControlTemplate, 'type' | 'options'> & { options: ControlOptions };

// ---- common layers -------------------------------------------------------------------------

/** Shown when adding and when editing (the flags hide when true). */
const shown = (): ControlOptions => ({ showFields: false, editShowFields: false });

/** A control that holds a value: optional and enabled when adding and when editing. */
const valued = (): ControlOptions => ({
  ...shown(),
  required: false,
  disabled: false,
  editDisabled: false,
  isControlled: false,
});

/** A value control laid out in a row: 40 % wide, starting empty. */
const field = (extra: ControlOptions = {}): ControlOptions => ({
  ...valued(),
  width: '40%',
  defaultValue: '',
  ...extra,
});

// ---- text and numbers ----------------------------------------------------------------------

/**
 * The pattern each text type starts with, a regular expression held as text as designs store it;
 * a type's own check may replace it at run time (see form/controls/define.ts).
 */
const PATTERN = {
  mobile: '/^1([3-9])\\d{9}$/',
  tel: '/^0\\d{2,3}-?\\d{7,8}$/',
  mail: '/^([a-zA-Z0-9_.\\-])+@(([a-zA-Z0-9\\-])+\\.)+([a-zA-Z0-9]{2,4})+$/',
  postal: '/^[1-9][0-9]{5}$/',
  website:
    "/((https|http|ftp|rtsp|mms):\\/\\/)?(([0-9a-zA-Z_!~*'().&=+$%-]+:)?[0-9a-zA-Z_!~*'().&=+$%-]+@)?(([0-9]{1,3}\\.){3}[0-9]{1,3}|([0-9a-zA-Z_!~*'()-]+\\.)*([0-9a-zA-Z][0-9a-zA-Z-]{0,61})?[0-9a-zA-Z]\\.[a-zA-Z]{2,6})(:[0-9]{1,4})?((\\/?)|(\\/[0-9a-zA-Z_!~*'().;?:@&=+$,%#-]+)+\\/?)/g",
  decimal: '/^-?\\d+(\\.\\d+)?$/',
  integer: '/^-?\\d+$/',
} as const;

/** Typed text, checked against `pattern` when one is set. */
const typed = (pattern = '', extra: ControlOptions = {}): ControlOptions =>
  field({ pattern, placeholder: '请输入', ...extra });

/** A number typed as text; the 0–10 range applies only once the designer switches it on. */
const numeric = (pattern: string) => typed(pattern, { min: 0, max: 10, enableMinMax: false });

// ---- choices -------------------------------------------------------------------------------

/** Three sample entries, so a fresh choice control shows what it will look like. */
const samples = (prefix: string, linkable = true) =>
  [1, 2, 3].map((n) => ({
    value: `${prefix}${n}`,
    label: `${prefix}${n}`,
    ...(linkable ? { relatedList: [] } : {}),
  }));

/** A fixed list of options (`remote: true` means the static list here, see ControlOptions.remote). */
const choice = (extra: ControlOptions): ControlOptions => ({
  ...valued(),
  defaultValue: '',
  showLabel: false,
  remote: true,
  remoteOptions: [],
  props: { value: 'value', label: 'label' },
  remoteCall: '',
  ...extra,
});

const dropdown = (extra: ControlOptions) =>
  choice({
    width: '40%',
    clearable: false,
    filterable: false,
    placeholder: '请选择',
    options: samples('下拉框'),
    ...extra,
  });

// ---- dates and times -----------------------------------------------------------------------

/** A picker whose value is text in `format` (element-ui tokens), starting empty (defaultType 0). */
const clock = (format: string, extra: ControlOptions = {}): ControlOptions =>
  field({
    defaultType: 0,
    readonly: false,
    editable: true,
    clearable: true,
    placeholder: '请选择',
    startPlaceholder: '',
    endPlaceholder: '',
    format,
    ...extra,
  });

/** A calendar of the given element-ui panel kind; the value is text, never a timestamp. */
const calendar = (format: string, panel?: 'year' | 'month' | 'date') =>
  clock(format, { ...(panel ? { type: panel } : {}), timestamp: false });

// ---- pickers of platform records -----------------------------------------------------------

/** The column mapping a picker copies from the chosen record. */
const maps = (extra: Partial<MapsConfig> = {}): MapsConfig => ({
  key: '',
  name: '',
  title: '',
  mapping: [],
  ...extra,
});

/** The form a reference picker or sub-table reads its records from. */
const dsConf = (extra: Partial<DsConf>): DsConf => ({
  formId: '',
  formName: '',
  subKey: '',
  columns: [],
  condFilters: [],
  defaultSelect: false,
  ...extra,
});

/**
 * A picker of platform records; `title` heads its dialog. The m_ variant differs only in its name:
 * the control type, not `multiple`, decides how many records may be chosen.
 */
const picker = (name: string, title: string, extra: ControlOptions = {}, multi = false): Row => ({
  name: multi ? `${name}(多选)` : name,
  key_name: '',
  label_name: '',
  label_model: '',
  title,
  options: field({
    placeholder: '请选择',
    multiple: false,
    props: { label: '', children: 'zones' },
    remoteUrl: '',
    ...extra,
  }),
});

/** A picker of organisations, users, roles, companies or dictionary entries; the designer fills in `maps`. */
const mapped = (name: string, title: string, displayModel: 'tree' | 'table', multi = false) =>
  picker(name, title, { maps: maps(), displayModel }, multi);

const dictionary = (multi: boolean): Row => ({
  typeCode: '',
  ...mapped('数据字典', '数据字典', 'tree', multi),
});

/** Records of another form or a data source, shown as a table to choose from. */
const sourced = (name: string, extra: ControlOptions = {}) =>
  picker(name, '', {
    maps: maps({ title: '选择', source: { datasource: '', table: '', columns: [] } }),
    displayModel: 'table',
    ...extra,
  });

// ---- files ---------------------------------------------------------------------------------

/** At most `length` files of `maxFileSize` MB each, sent to the platform's file service. */
const upload = (length: number, maxFileSize: number, extra: ControlOptions = {}): ControlOptions => ({
  ...shown(),
  required: false,
  isControlled: false,
  action: '/api/file/upload',
  fileList: [],
  multiple: false,
  length,
  maxFileSize,
  ...extra,
});

// ---- layout --------------------------------------------------------------------------------

const row = (): ControlOptions => ({ gutter: 0, justify: 'start', align: 'top' });

const subTable = (name: string, extra: ControlOptions = {}): Row => ({
  name,
  tableColumns: [],
  options: { isControlled: false, ...row(), ...extra },
});

// ---- one row per type, in palette order --------------------------------------------------------

const ROWS: Record<ControlType, Row> = {
  input: { name: '单行文本', options: typed('', { dataType: 'string' }) },
  textarea: { name: '多行文本', options: typed() },
  text: { name: '文字', options: { ...shown(), defaultValue: '这是一段文字' } },
  input_mobile: { name: '手机号码', options: typed(PATTERN.mobile) },
  input_tel: { name: '电话号码', options: typed(PATTERN.tel) },
  input_mail: { name: '邮箱', options: typed(PATTERN.mail) },
  input_postal: { name: '邮政编码', options: typed(PATTERN.postal) },
  input_website: { name: '网址', options: typed(PATTERN.website) },
  input_number: { name: '数字(浮点型)', options: numeric(PATTERN.decimal) },
  input_int: { name: '数字(整型)', options: numeric(PATTERN.integer) },
  input_long: { name: '数字(长整型)', options: numeric(PATTERN.integer) },
  number: { name: '计数器', options: field({ min: 0, max: 10, step: 1, controlsPosition: '' }) },
  radio: { name: '单选框', options: choice({ inline: true, hasControl: false, options: samples('选项') }) },
  checkbox: {
    name: '多选框',
    options: choice({ inline: false, defaultValue: [], options: samples('选项', false) }),
  },
  year: { name: '年份', options: calendar('yyyy', 'year') },
  month: { name: '月份', options: calendar('MM', 'month') },
  year_month: { name: '年月份', options: calendar('yyyy-MM', 'month') },
  date: { name: '日期', options: calendar('yyyy-MM-dd', 'date') },
  time: { name: '时间', options: clock('HH:mm:ss', { isRange: false, arrowControl: true }) },
  datetime: { name: '日期时间', options: calendar('yyyy-MM-dd HH:mm:ss') },
  switch: {
    name: '开关',
    options: { ...valued(), defaultValue: false, closeMsg: '已关闭', openMsg: '已开启' },
  },
  multiple_select: { name: '多选下拉框', options: dropdown({ multiple: true }) },
  select: { name: '下拉选择框', options: dropdown({ multiple: false, hasControl: false }) },
  slider: {
    name: '滑块',
    options: field({ defaultValue: 0, min: 0, max: 100, step: 1, showInput: false, range: false }),
  },
  cascade: {
    name: '级联选择器',
    options: field({
      defaultValue: [],
      placeholder: '请选择',
      clearable: true,
      filterable: false,
      remote: true,
      options: [
        { value: '选项1', label: '选项1', children: [{ value: '选项1-1', label: '选项1-1' }] },
        { value: '选项2', label: '选项2' },
      ],
      props: { value: 'value', label: 'label', children: 'children' },
    }),
  },
  image_upload: { name: '图片', options: upload(3, 5, { presetImgs: '' }) },
  file_upload: { name: '附件', options: upload(3, 20) },
  signature: { name: '签名', options: upload(3, 1) },
  m_data_ref: picker('数据引用', '', { dsConf: dsConf({ key: '', mapping: {} }), displayModel: 'table' }),
  data_select: sourced('通用数据', {
    method: 'GET',
    postType: 'json',
    dataSelectType: '0',
    remoteDataPoint: 'datas',
    urlParams: [],
  }),
  m_data_select: sourced('通用数据(多选)'),
  org_select: mapped('组织机构', '组织机构', 'tree'),
  m_org_select: mapped('组织机构', '组织机构', 'tree', true),
  user_select: picker('用户', '用户', { maps: maps(), displayModel: 'table', defaultCurrentUser: false }),
  m_user_select: mapped('用户', '用户', 'table', true),
  role_select: mapped('角色', '角色', 'tree'),
  m_role_select: mapped('角色', '角色', 'tree', true),
  company_select: mapped('企业', '企业', 'table'),
  m_company_select: mapped('企业', '企业', 'table', true),
  dic_select: dictionary(false),
  m_dic_select: dictionary(true),
  gis_select: {
    name: '地图定位',
    options: field({
      width: '80%',
      pattern: '',
      placeholder: '请选择',
      // Where the map opens until the designer sets the park's own centre: spec 000 §9's default.
      zoom: 13,
      lat: 31.81,
      lnt: 118.46,
      city: '',
      gisType: '高德',
      allowLocation: false,
      positions: [],
    }),
    // The column of each part; the longitude column is "lng" although the key is spelt "lnt".
    modelExt: {
      lat: 'lat',
      latName: '纬度',
      lnt: 'lng',
      lntName: '经度',
      address: 'address',
      addressName: '详细地址',
    },
  },
  region_select: {
    name: '行政区划',
    // New controls ask for a county; 选择到 in the properties may lower it.
    options: field({ pattern: '', placeholder: '', level: '3' }),
    modelExt: {
      province: 'province',
      provinceName: '省份',
      provinceCode: 'province_code',
      provinceCodeName: '省份代码',
      city: 'city',
      cityName: '市',
      cityCode: 'city_code',
      cityCodeName: '市代码',
      area: 'area',
      areaName: '区县',
      areaCode: 'area_code',
      areaCodeName: '县区代码',
    },
  },
  current_user: {
    ...picker('当前用户', '用户'),
    options: field({ placeholder: '', multiple: false, remoteUrl: '' }),
  },
  table: subTable('子表单', { addModel: 'single', dsConf: dsConf({ mapping: [] }) }),
  flow_table: subTable('审批填报项'),
  calculate_formula: {
    name: '计算公式',
    options: field({
      dateType: 'number',
      pattern: '',
      placeholder: '',
      formula: { type: 'number', exp: [], decimal: 2 },
    }),
    rules: [],
    show: true,
  },
  grid: {
    name: '栅格布局',
    columns: [
      { span: 12, list: [] },
      { span: 12, list: [] },
    ],
    options: row(),
  },
  blank: { name: '空白', options: shown() },
};

/** Each row with its own key as `type`, so a template cannot claim another type. */
function assemble(rows: Record<ControlType, Row>): Record<ControlType, ControlTemplate> {
  const out = {} as Record<ControlType, ControlTemplate>;
  for (const type of Object.keys(rows) as ControlType[]) out[type] = { type, comment: '', ...rows[type] };
  return out;
}

export const CONTROL_TEMPLATES: Readonly<Record<ControlType, ControlTemplate>> = assemble(ROWS);

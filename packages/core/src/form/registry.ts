import { choiceControl } from './controls/choiceControls.ts';
import { dateControl } from './controls/dateControls.ts';
import { PLAIN_TRAITS, type ControlBehaviour, type ControlDefinition, type ControlTraits } from './controls/define.ts';
import { INT32, INT64, numberControl, PALETTE_DECIMAL_PATTERN, PALETTE_INTEGER_PATTERN } from './controls/numberControls.ts';
import {
  advance,
  basic,
  calendar,
  choice,
  clock,
  dictionary,
  dropdown,
  dsConf,
  field,
  layout,
  mapped,
  maps,
  numeric,
  picker,
  row,
  samples,
  shown,
  sourced,
  subTable,
  typed,
  upload,
  valued,
  type PaletteEntry,
} from './controls/palette.ts';
import { multiPicker, singlePicker } from './controls/pickerControls.ts';
import { gisControl, regionControl } from './controls/placeControls.ts';
import { calculatedControl, layoutControl, subTableControl } from './controls/structureControls.ts';
import { switchControl } from './controls/switchControl.ts';
import { PALETTE_PATTERNS, textControl } from './controls/textControls.ts';
import { signatureControl, uploadControl } from './controls/uploadControls.ts';
import type { FormControl } from './types.ts';
import type { DateKind } from './lib/dateText.ts';

/** A control type: its family's behaviour, its palette entry and what it differs in from a plain control. */
const control = (behaviour: ControlBehaviour, palette: PaletteEntry, traits: Partial<ControlTraits> = {}): ControlDefinition => ({
  ...behaviour,
  palette,
  traits: { ...PLAIN_TRAITS, ...traits },
});

/** A date control of one kind: its behaviour and its dateKind trait say the same kind. */
const dated = (kind: DateKind, palette: PaletteEntry, traits: Partial<ControlTraits> = {}): ControlDefinition =>
  control(dateControl(kind), palette, { ...traits, dateKind: kind });

/** Stated once for the types approval-recipient conditions do not offer (spec 001 §3.6). */
const NO_RECIPIENT_CONDITION: Partial<ControlTraits> = { recipientCondition: false };

/** The columns of a region's parts (modelExt key → column suffix). */
const REGION_COLUMNS: Record<string, string> = {
  province: 'province',
  provinceCode: 'province_code',
  city: 'city',
  cityCode: 'city_code',
  area: 'area',
  areaCode: 'area_code',
};
/** The columns of a map position's parts; the longitude's key is spelt "lnt", its column "lng". */
const GIS_COLUMNS: Record<string, string> = { lat: 'lat', lnt: 'lng', address: 'address' };

/**
 * Every control type of the runtime (spec 000 §3) plus the palette's approval fill-in table, one
 * entry each, in palette order: the family's behaviour (columns, codec, checks, Excel half, query
 * kind) and the palette group and template. ControlType is this object's keys, so adding an entry
 * here is what adds a type, and every other `Record<ControlType, …>` (the web widgets, property
 * panels) fails to compile until it has the type too (DESIGN §3).
 */
export const CONTROL_DEFINITIONS = {
  // ---- 基础控件
  input: control(textControl(), basic({ name: '单行文本', options: typed('', { dataType: 'string' }) })),
  textarea: control(textControl(), basic({ name: '多行文本', options: typed() })),
  text: control(layoutControl(), basic({ name: '文字', options: { ...shown(), defaultValue: '这是一段文字' } })),
  input_mobile: control(textControl('mobile'), basic({ name: '手机号码', options: typed(PALETTE_PATTERNS.mobile) })),
  input_tel: control(textControl('telephone'), basic({ name: '电话号码', options: typed(PALETTE_PATTERNS.telephone) })),
  input_mail: control(textControl('email'), basic({ name: '邮箱', options: typed(PALETTE_PATTERNS.email) })),
  input_postal: control(textControl('postal'), basic({ name: '邮政编码', options: typed(PALETTE_PATTERNS.postal) })),
  input_website: control(textControl('website'), basic({ name: '网址', options: typed(PALETTE_PATTERNS.website) })),
  input_number: control(
    numberControl({ palettePattern: PALETTE_DECIMAL_PATTERN }),
    basic({ name: '数字(浮点型)', options: numeric(PALETTE_DECIMAL_PATTERN) }),
    { numberEntry: true },
  ),
  input_int: control(
    numberControl({ integer: true, bounds: INT32, palettePattern: PALETTE_INTEGER_PATTERN }),
    basic({ name: '数字(整型)', options: numeric(PALETTE_INTEGER_PATTERN) }),
    { numberEntry: true },
  ),
  input_long: control(
    numberControl({ integer: true, bounds: INT64, keepText: true, palettePattern: PALETTE_INTEGER_PATTERN }),
    basic({ name: '数字(长整型)', options: numeric(PALETTE_INTEGER_PATTERN) }),
    { numberEntry: true },
  ),
  number: control(
    numberControl({ clamps: true }),
    basic({ name: '计数器', options: field({ min: 0, max: 10, step: 1, controlsPosition: '' }) }),
    { numberEntry: true },
  ),
  radio: control(
    choiceControl(),
    basic({ name: '单选框', options: choice({ inline: true, hasControl: false, options: samples('选项') }) }),
    { optionRelations: true },
  ),
  checkbox: control(
    choiceControl(),
    basic({ name: '多选框', options: choice({ inline: false, defaultValue: [], options: samples('选项', false) }) }),
  ),
  year: dated('year', basic({ name: '年份', options: calendar('yyyy', 'year') }), { calendarDate: true }),
  month: dated('month', basic({ name: '月份', options: calendar('MM', 'month') })),
  year_month: dated('year_month', basic({ name: '年月份', options: calendar('yyyy-MM', 'month') }), { calendarDate: true }),
  date: dated('date', basic({ name: '日期', options: calendar('yyyy-MM-dd', 'date') }), { calendarDate: true, indexedDate: true }),
  time: dated('time', basic({ name: '时间', options: clock('HH:mm:ss', { isRange: false, arrowControl: true }) })),
  datetime: dated('datetime', basic({ name: '日期时间', options: calendar('yyyy-MM-dd HH:mm:ss') }), { calendarDate: true, indexedDate: true }),
  switch: control(
    switchControl(),
    basic({ name: '开关', options: { ...valued(), defaultValue: false, closeMsg: '已关闭', openMsg: '已开启' } }),
  ),
  multiple_select: control(choiceControl(), basic({ name: '多选下拉框', options: dropdown({ multiple: true }) })),
  select: control(choiceControl(), basic({ name: '下拉选择框', options: dropdown({ multiple: false, hasControl: false }) }), { optionRelations: true }),
  slider: control(
    numberControl({ clamps: true, defaultMin: 0, defaultMax: 100 }),
    basic({ name: '滑块', options: field({ defaultValue: 0, min: 0, max: 100, step: 1, showInput: false, range: false }) }),
  ),
  cascade: control(
    choiceControl(),
    basic({
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
    }),
    { optionPath: true },
  ),

  // ---- 高级控件
  image_upload: control(uploadControl(), advance({ name: '图片', options: upload(3, 5, { presetImgs: '' }) }), { upload: 'image', ...NO_RECIPIENT_CONDITION }),
  file_upload: control(uploadControl(), advance({ name: '附件', options: upload(3, 20) }), { upload: 'file', ...NO_RECIPIENT_CONDITION }),
  signature: control(signatureControl(), advance({ name: '签名', options: upload(3, 1) }), { upload: 'signature', flowComparable: false, ...NO_RECIPIENT_CONDITION }),
  m_data_ref: control(
    multiPicker(),
    advance(picker('数据引用', '', { dsConf: dsConf({ key: '', mapping: {} }), displayModel: 'table' })),
    { flowComparable: false, ...NO_RECIPIENT_CONDITION, formSource: 'dsConf' },
  ),
  data_select: control(
    singlePicker(),
    advance(
      sourced('通用数据', { method: 'GET', postType: 'json', dataSelectType: '0', remoteDataPoint: 'datas', urlParams: [] }),
    ),
    { ...NO_RECIPIENT_CONDITION, formSource: 'mapsSource', choosesOneRecord: true },
  ),
  m_data_select: control(multiPicker(), advance(sourced('通用数据(多选)')), { ...NO_RECIPIENT_CONDITION, formSource: 'mapsSource' }),
  org_select: control(singlePicker(), advance(mapped('组织机构', '组织机构', 'tree')), { names: 'org' }),
  m_org_select: control(multiPicker(), advance(mapped('组织机构', '组织机构', 'tree', true)), { ...NO_RECIPIENT_CONDITION, names: 'org' }),
  user_select: control(
    singlePicker(),
    advance(picker('用户', '用户', { maps: maps(), displayModel: 'table', defaultCurrentUser: false })),
    { names: 'user' },
  ),
  m_user_select: control(multiPicker(), advance(mapped('用户', '用户', 'table', true)), { ...NO_RECIPIENT_CONDITION, names: 'user' }),
  role_select: control(singlePicker(), advance(mapped('角色', '角色', 'tree'))),
  m_role_select: control(multiPicker(), advance(mapped('角色', '角色', 'tree', true)), NO_RECIPIENT_CONDITION),
  company_select: control(singlePicker(), advance(mapped('企业', '企业', 'table')), { ownCompany: true, names: 'company' }),
  m_company_select: control(multiPicker(), advance(mapped('企业', '企业', 'table', true)), { ...NO_RECIPIENT_CONDITION, names: 'company' }),
  dic_select: control(singlePicker(), advance(dictionary(false)), { dictionary: true }),
  m_dic_select: control(multiPicker(), advance(dictionary(true)), { ...NO_RECIPIENT_CONDITION, dictionary: true }),
  gis_select: control(
    gisControl(),
    advance({
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
      modelExt: { lat: 'lat', latName: '纬度', lnt: 'lng', lntName: '经度', address: 'address', addressName: '详细地址' },
    }),
    { partColumns: GIS_COLUMNS, ...NO_RECIPIENT_CONDITION },
  ),
  region_select: control(
    regionControl(),
    advance({
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
    }),
    { partColumns: REGION_COLUMNS, ...NO_RECIPIENT_CONDITION },
  ),
  current_user: control(
    singlePicker(),
    advance({ ...picker('当前用户', '用户'), options: field({ placeholder: '', multiple: false, remoteUrl: '' }) }),
    { imported: false, names: 'user' },
  ),
  table: control(subTableControl(), advance(subTable('子表单', { addModel: 'single', dsConf: dsConf({ mapping: [] }) })), { ...NO_RECIPIENT_CONDITION, formSource: 'dsConf' }),
  flow_table: control(subTableControl(), advance(subTable('审批填报项'))),
  calculate_formula: control(
    calculatedControl(),
    advance({
      name: '计算公式',
      options: field({ dateType: 'number', pattern: '', placeholder: '', formula: { type: 'number', exp: [], decimal: 2 } }),
      rules: [],
      show: true,
    }),
  ),

  // ---- 布局控件
  grid: control(
    layoutControl(),
    layout({
      name: '栅格布局',
      columns: [
        { span: 12, list: [] },
        { span: 12, list: [] },
      ],
      options: row(),
    }),
    { holdsColumns: true, ...NO_RECIPIENT_CONDITION },
  ),
  blank: control(layoutControl(), layout({ name: '空白', options: shown() })),
} satisfies Record<string, ControlDefinition>;

export type ControlType = keyof typeof CONTROL_DEFINITIONS;

/** Every control type, in palette order. */
export const CONTROL_TYPES = Object.keys(CONTROL_DEFINITIONS) as readonly ControlType[];

const KNOWN = new Set<string>(CONTROL_TYPES);

export function isControlType(type: unknown): type is ControlType {
  return typeof type === 'string' && KNOWN.has(type);
}

/** The definition of a control, or undefined for a type this runtime does not know. */
export function definitionOf(control: FormControl): ControlDefinition | undefined {
  return isControlType(control.type) ? CONTROL_DEFINITIONS[control.type] : undefined;
}

/** Containers whose controls belong to another table. */
export function isSubTable(control: FormControl): boolean {
  return definitionOf(control)?.family === 'subTable';
}

/** What a control differs in from a plain one (its definition's traits); an unknown type has none. */
export function traitsOf(control: FormControl): ControlTraits {
  return definitionOf(control)?.traits ?? PLAIN_TRAITS;
}

/** The traits of a type named by its text (a flow's column conf, a list setting); an unknown type has none. */
export function traitsOfType(type: unknown): ControlTraits {
  return isControlType(type) ? CONTROL_DEFINITIONS[type].traits : PLAIN_TRAITS;
}

/** A calculated control (计算公式): its value follows its formula. */
export const isCalculated = (control: FormControl): boolean => definitionOf(control)?.family === 'formula';

/** A grid: lays other controls out in columns. */
export const holdsColumns = (control: FormControl): boolean => traitsOf(control).holdsColumns;

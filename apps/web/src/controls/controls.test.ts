/**
 * Every control type's browser half as pure functions, without a DOM: the value a widget
 * receives from a stored row (core's codec), the value it gives back (stored again), and the
 * text its Display and the tables show. The widgets themselves are rendered in jsdom by the
 * web-dom project (widgets*.test.tsx, case table in apps/web/test/widgetCases.tsx). The table
 * here is exhaustive over ControlType too, so a new type without a case does not compile.
 */
import { describe, expect, it } from 'vitest';
import { definitionOf, type ControlType, type FormControl } from '@park/core';
import { fromDayjs, toDayjs, toDayjsFormat } from './date/dateFormat.ts';
import {
  choiceText,
  dateKindText,
  fixedText,
  gisText,
  multiPickerText,
  noText,
  numberText,
  pickerText,
  plainText,
  regionText,
  rowsText,
  signatureText,
  switchText,
  uploadText,
} from './common/text.ts';
import { applyDsMapping, dsColumns, dsConditions } from './picker/FormDataChooser.tsx';
import { atPath, mapsMappingOf, pickerKindOf, urlParamValues } from './picker/sources.ts';

type TextFn = (value: unknown, control: FormControl) => string;

interface Case {
  control: Partial<FormControl>;
  stored: Record<string, string | null>;
  text: string;
  fn: TextFn;
}

const opts = {
  options: [
    { value: 'a', label: '甲' },
    { value: 'b', label: '乙' },
  ],
};
const tree = {
  options: [{ value: 'east', label: '东区', children: [{ value: 'e1', label: '1号罐区' }] }],
};
const mv = JSON.stringify([
  { k: '1', v: '甲' },
  { k: '2', v: '乙' },
]);
const picker = (text: string): Pick<Case, 'stored' | 'text' | 'fn'> => ({
  stored: { f: '7', f_label: text },
  text,
  fn: pickerText,
});
const multi: Pick<Case, 'stored' | 'text' | 'fn'> = {
  stored: { f: mv },
  text: '甲，乙',
  fn: (v) => multiPickerText(v),
};

const CASES: Record<ControlType, Case> = {
  input: { control: {}, stored: { f: '皖A12345' }, text: '皖A12345', fn: (v) => plainText(v) },
  textarea: { control: {}, stored: { f: '一\n二' }, text: '一\n二', fn: (v) => plainText(v) },
  text: { control: { options: { defaultValue: '说明文字' } }, stored: {}, text: '说明文字', fn: fixedText },
  blank: { control: {}, stored: {}, text: '', fn: noText },
  grid: { control: {}, stored: {}, text: '', fn: noText },
  number: { control: {}, stored: { f: '3' }, text: '3', fn: numberText },
  input_number: { control: {}, stored: { f: '12.5' }, text: '12.5', fn: numberText },
  input_int: { control: {}, stored: { f: '7' }, text: '7', fn: numberText },
  input_long: {
    control: {},
    stored: { f: '9007199254740993123' },
    text: '9007199254740993123',
    fn: numberText,
  },
  input_mobile: { control: {}, stored: { f: '13800138000' }, text: '13800138000', fn: (v) => plainText(v) },
  input_tel: { control: {}, stored: { f: '0551-12345678' }, text: '0551-12345678', fn: (v) => plainText(v) },
  input_mail: { control: {}, stored: { f: 'a@park.cn' }, text: 'a@park.cn', fn: (v) => plainText(v) },
  input_postal: { control: {}, stored: { f: '230000' }, text: '230000', fn: (v) => plainText(v) },
  input_website: {
    control: {},
    stored: { f: 'https://park.cn' },
    text: 'https://park.cn',
    fn: (v) => plainText(v),
  },
  radio: { control: { options: opts }, stored: { f: 'b' }, text: '乙', fn: choiceText },
  checkbox: { control: { options: opts }, stored: { f: 'a,b' }, text: '甲，乙', fn: choiceText },
  select: { control: { options: opts }, stored: { f: 'a' }, text: '甲', fn: choiceText },
  multiple_select: { control: { options: opts }, stored: { f: 'b,a' }, text: '乙，甲', fn: choiceText },
  switch: {
    control: { options: { openMsg: '重车', closeMsg: '空车' } },
    stored: { f: '1' },
    text: '空车',
    fn: switchText,
  },
  slider: { control: { options: { range: true } }, stored: { f: '10,80' }, text: '10 - 80', fn: numberText },
  time: { control: {}, stored: { f: '08:30:00' }, text: '08:30:00', fn: dateKindText('time') },
  date: {
    control: { options: { format: 'yyyy年MM月dd日' } },
    stored: { f: '2026-11-25' },
    text: '2026年11月25日',
    fn: dateKindText('date'),
  },
  datetime: {
    control: {},
    stored: { f: '2026-11-25 07:45:00' },
    text: '2026-11-25 07:45:00',
    fn: dateKindText('datetime'),
  },
  year: { control: {}, stored: { f: '2020' }, text: '2020', fn: dateKindText('year') },
  month: {
    control: { options: { format: 'MM' } },
    stored: { f: '06' },
    text: '06',
    fn: dateKindText('month'),
  },
  year_month: { control: {}, stored: { f: '2027-06' }, text: '2027-06', fn: dateKindText('year_month') },
  cascade: { control: { options: tree }, stored: { f: 'east,e1' }, text: '东区 / 1号罐区', fn: choiceText },
  region_select: {
    control: {},
    stored: {
      province: '安徽省',
      province_code: '340000',
      city: '合肥市',
      city_code: '340100',
      area: '蜀山区',
      area_code: '340104',
    },
    text: '安徽省 / 合肥市 / 蜀山区',
    fn: (v) => regionText(v),
  },
  gis_select: {
    control: { modelExt: { lat: 'lat', lnt: 'lng', address: 'address' } },
    stored: { lat: '31.81', lng: '118.46', address: '东门' },
    text: '东门',
    fn: (v) => gisText(v),
  },
  signature: { control: {}, stored: { f: '12' }, text: '已签名', fn: (v) => signatureText(v) },
  file_upload: { control: {}, stored: { f: '1,2' }, text: '2个文件', fn: uploadText },
  image_upload: { control: {}, stored: { f: '3' }, text: '1张图片', fn: uploadText },
  current_user: { control: { label_model: 'f_label' }, ...picker('系统管理员') },
  org_select: { control: { label_model: 'f_label' }, ...picker('安全监管科') },
  user_select: { control: { label_model: 'f_label' }, ...picker('张三') },
  company_select: { control: { label_model: 'f_label' }, ...picker('示例化工有限公司') },
  role_select: { control: { label_model: 'f_label' }, ...picker('园区管理员') },
  dic_select: { control: { label_model: 'f_label' }, ...picker('较大风险') },
  data_select: { control: { label_model: 'f_label' }, ...picker('甲醇') },
  m_org_select: { control: {}, ...multi },
  m_user_select: { control: {}, ...multi },
  m_company_select: { control: {}, ...multi },
  m_role_select: { control: {}, ...multi },
  m_dic_select: { control: {}, ...multi },
  m_data_select: { control: {}, ...multi },
  m_data_ref: { control: {}, ...multi },
  calculate_formula: { control: {}, stored: { f: '17.5' }, text: '17.5', fn: (v) => plainText(v) },
  table: { control: {}, stored: {}, text: '', fn: (v) => rowsText(v) },
  flow_table: { control: {}, stored: {}, text: '', fn: (v) => rowsText(v) },
};

describe('every control widget: value in, value out, display text', () => {
  for (const [type, c] of Object.entries(CASES) as Array<[ControlType, Case]>) {
    it(type, () => {
      const control = { type, model: 'f', options: {}, ...c.control } as FormControl;
      const definition = definitionOf(control)!;
      const value = definition.codec.fromStored(c.stored, control);
      expect(c.fn(value, control)).toBe(c.text);
      // What the widget hands back stores as it came.
      const stored = definition.codec.toStored(value, control);
      for (const [column, raw] of Object.entries(c.stored)) expect(stored[column]).toBe(raw);
    });
  }
});

describe('date pickers', () => {
  it('translate element formats to dayjs', () => {
    expect(toDayjsFormat('yyyy-MM-dd HH:mm:ss')).toBe('YYYY-MM-DD HH:mm:ss');
    expect(toDayjsFormat('yyyy年M月d日 hh时')).toBe('YYYY年M月D日 HH时');
  });

  it('round-trip a picked day in the value format, and timestamps at park time', () => {
    const control = { type: 'date', model: 'd', options: { format: 'yyyy/MM/dd' } } as FormControl;
    const d = toDayjs('2026/11/25', control, 'date');
    expect(fromDayjs(d, control, 'date')).toBe('2026/11/25');
    const stamped = { type: 'datetime', model: 'd', options: { timestamp: true } } as FormControl;
    // 2026-11-25 08:00:00 in the park (UTC+8) is 00:00 UTC.
    const ms = Date.UTC(2026, 10, 25, 0, 0, 0);
    const picked = toDayjs(ms, stamped, 'datetime');
    expect(picked?.format('YYYY-MM-DD HH:mm:ss')).toBe('2026-11-25 08:00:00');
    expect(fromDayjs(picked, stamped, 'datetime')).toBe(ms);
    expect(fromDayjs(null, stamped, 'datetime')).toBeNull();
  });
});

describe('pickers and the form-data chooser', () => {
  it('read urlParams from the form (t=0) or as fixed values (t=1)', () => {
    const values: Record<string, unknown> = { plate: '皖A1', org: { id: '5', label: '科' } };
    expect(
      urlParamValues(
        [
          { t: 0, k: 'plateNo', v: 'plate' },
          { t: '0', k: 'orgId', v: 'org' },
          { t: 1, k: 'type', v: '1' },
        ],
        (m) => values[m],
      ),
    ).toEqual({ plateNo: '皖A1', orgId: '5', type: '1' });
  });

  it('finds remote data by a dotted path and picker kinds by type', () => {
    expect(atPath({ data: { records: [1, 2] } }, 'data.records')).toEqual([1, 2]);
    expect(pickerKindOf('m_company_select')).toBe('company');
    expect(pickerKindOf('data_select')).toBe('data');
    const control = {
      type: 'data_select',
      model: 'g',
      options: { maps: { mapping: [{ selectKey: 'un_no', model: 'un' }, { selectKey: '' }] } },
    } as FormControl;
    expect(mapsMappingOf(control)).toEqual([{ selectKey: 'un_no', model: 'un' }]);
  });

  it('maps chosen records onto sub-table columns', () => {
    const row = { id: 3, goods_name: '甲醇', un_no: '1230' };
    expect(applyDsMapping({ mapping: [{ key: 'name', value: 'goods_name' }] }, row, ['name'])).toEqual({
      name: '甲醇',
    });
    expect(applyDsMapping({ mapping: { un: 'un_no' } }, row, ['un'])).toEqual({ un: '1230' });
    expect(applyDsMapping({ mapping: [] }, row, ['goods_name', 'other'])).toEqual({ goods_name: '甲醇' });
    expect(dsColumns({ columns: ['a', { column: 'b', name: '乙' }, {}] })).toEqual([
      { key: 'a', title: 'a' },
      { key: 'b', title: '乙' },
    ]);
    expect(dsConditions({ conditions: [{ key: 'goods_name', label: '品名' }, 'un_no'] })).toEqual([
      { key: 'goods_name', label: '品名', type: '$like' },
      { key: 'un_no', label: 'un_no', type: '$like' },
    ]);
  });
});

/**
 * Every control type, table-driven: the codec round-trips its stored shapes and the validator
 * accepts good input and refuses bad input with the exact message. The table is a
 * Record<ControlType, ...>, so a type added without cases does not compile.
 */
import { describe, expect, it } from 'vitest';
import { CONTROL_DEFINITIONS, definitionOf, isControlType } from './registry.ts';
import { CONTROL_TYPES, type ControlType } from './registry.ts';
import { type FormControl, type FormValue, type StoredRow } from './types.ts';

interface Case {
  control: FormControl;
  /** Form value and the row it is stored as; decoding the row gives the value back. */
  roundTrip: Array<[FormValue, StoredRow]>;
  good: unknown[];
  bad: Array<[unknown, string]>;
  columns: Array<[string, 'text' | 'numeric']>;
}

const NAME = '字段';
const ctl = (type: ControlType, options: Record<string, unknown> = {}, extra: Partial<FormControl> = {}): FormControl => ({
  type,
  key: `k_${type}`,
  model: 'f',
  name: NAME,
  options,
  ...extra,
});

function textCase(type: ControlType, good: string[], bad: string[]): Case {
  return {
    control: ctl(type, { required: true }),
    roundTrip: [
      [good[0]!, { f: good[0]! }],
      ['', { f: null }],
    ],
    good,
    bad: [['', `请输入${NAME}`], [{ a: 1 }, `${NAME}的数据格式不正确`], ...bad.map((b): [string, string] => [b, `${NAME}格式不匹配`])],
    columns: [['f', 'text']],
  };
}

const CHOICES = { options: [{ value: '甲' }, { value: '乙' }, { value: '丙' }], remote: true };

function singleChoice(type: ControlType): Case {
  return {
    control: ctl(type, { ...CHOICES, required: true }),
    roundTrip: [
      ['甲', { f: '甲' }],
      ['', { f: null }],
    ],
    good: ['乙', '丙'],
    bad: [
      ['', `请选择${NAME}`],
      ['丁', `${NAME}的选项无效`],
      [{}, `${NAME}的数据格式不正确`],
    ],
    columns: [['f', 'text']],
  };
}

function listChoice(type: ControlType): Case {
  return {
    control: ctl(type, { ...CHOICES, required: true }),
    roundTrip: [
      [['甲', '丙'], { f: '甲,丙' }],
      [[], { f: null }],
    ],
    good: [['乙'], ['甲', '乙', '丙']],
    bad: [
      [[], `请选择${NAME}`],
      [['甲', '丁'], `${NAME}的选项无效`],
      [[{}], `${NAME}的数据格式不正确`],
    ],
    columns: [['f', 'text']],
  };
}

function dateCase(type: ControlType, format: string, good: string, bad: string, message: string): Case {
  return {
    control: ctl(type, { format, required: true }),
    roundTrip: [
      [good, { f: good }],
      ['', { f: null }],
    ],
    good: [good],
    bad: [
      ['', `请选择${NAME}`],
      [bad, message],
    ],
    columns: [['f', 'text']],
  };
}

function singlePickerCase(type: ControlType): Case {
  return {
    control: ctl(type, { required: true }, { label_model: 'f_name' }),
    roundTrip: [
      [{ id: '7', label: '张三' }, { f: '7', f_name: '张三' }],
      [null, { f: null, f_name: null }],
    ],
    good: [{ id: '7', label: '张三' }, '7', [{ id: '7', label: '张三' }]],
    bad: [
      [null, `请选择${NAME}`],
      [[{ id: '1' }, { id: '2' }], '选择关联的数据不允许超过一条'],
      ['1,2', '选择关联的数据不允许超过一条'],
      [{ label: '无编号' }, `${NAME}的数据格式不正确`],
    ],
    columns: [
      ['f', 'text'],
      ['f_name', 'text'],
    ],
  };
}

function multiPickerCase(type: ControlType): Case {
  return {
    control: ctl(type, { required: true }),
    roundTrip: [
      [
        [
          { k: '1', v: '甲' },
          { k: '2', v: '乙' },
        ],
        { f: '[{"k":"1","v":"甲"},{"k":"2","v":"乙"}]' },
      ],
      [[], { f: null }],
    ],
    good: [[{ k: '1', v: '甲' }], '[{"k":"1","v":"甲"}]'],
    bad: [
      [[], `请选择${NAME}`],
      ['[]', `请选择${NAME}`],
      ['not json', `${NAME}的数据格式不正确`],
      [[{ v: '无编号' }], `${NAME}的数据格式不正确`],
    ],
    columns: [['f', 'text']],
  };
}

function layoutCase(type: ControlType): Case {
  return { control: ctl(type), roundTrip: [[null, {}]], good: [undefined, 'anything'], bad: [], columns: [] };
}

function subTableCase(type: ControlType): Case {
  return {
    control: ctl(type, {}, { tableColumns: [ctl('input', {}, { model: 'a' })] }),
    roundTrip: [[[], {}]],
    good: [[], [{ a: 'x' }], undefined],
    bad: [
      ['x', `${NAME}的数据格式不正确`],
      [[1], `${NAME}的数据格式不正确`],
    ],
    columns: [],
  };
}

const REGION = { province: '浙江省', provinceCode: '330000', city: '杭州市', cityCode: '330100', area: '西湖区', areaCode: '330106' };
const REGION_EXT = {
  province: 'province',
  provinceCode: 'province_code',
  city: 'city',
  cityCode: 'city_code',
  area: 'area',
  areaCode: 'area_code',
};

const CASES: Record<ControlType, Case> = {
  input: textCase('input', ['abc', '你好'], []),
  textarea: { ...textCase('textarea', ['第一行\n第二行'], []), control: ctl('textarea', { required: true }) },
  input_mobile: textCase('input_mobile', ['13812345678', '19912345678'], ['12812345678', '1381234567', '138123456789']),
  input_tel: textCase('input_tel', ['0791-88888888', '01012345678', '0571-1234567'], ['791-8888888', '0791-888', '0791--88888888']),
  input_mail: textCase('input_mail', ['a.b@example.com', 'x_y+z@mail.example.cn'], ['a@b', 'abc', 'a@@b.com']),
  input_postal: textCase('input_postal', ['330000', '010000'], ['33000', '3300001', '33000a']),
  input_website: textCase('input_website', ['https://example.com/a?b=1', 'www.example.cn', 'http://192.168.1.1:8080/x'], ['not a url', 'http://', 'example']),
  number: {
    control: ctl('number', { min: 0, max: 10, required: true }),
    roundTrip: [
      [5, { f: '5' }],
      [2.5, { f: '2.5' }],
      [null, { f: null }],
    ],
    good: [0, 10, '7'],
    bad: [
      [null, `请输入${NAME}`],
      [11, '请输入0到10之间的数字'],
      [-1, '请输入0到10之间的数字'],
      ['abc', `${NAME}必须是数字`],
      [true, `${NAME}必须是数字`],
    ],
    columns: [['f', 'numeric']],
  },
  input_number: {
    control: ctl('input_number', { enableMinMax: true, min: 1, max: 5 }),
    roundTrip: [
      [1.25, { f: '1.25' }],
      [null, { f: null }],
    ],
    good: ['1.5', 3, 5, '', null],
    bad: [
      [6, '请输入1到5之间的数字'],
      ['0.5', '请输入1到5之间的数字'],
      ['1.2.3', `${NAME}必须是数字`],
      ['12abc', `${NAME}必须是数字`],
    ],
    columns: [['f', 'numeric']],
  },
  input_int: {
    control: ctl('input_int'),
    roundTrip: [
      [42, { f: '42' }],
      [-3, { f: '-3' }],
    ],
    good: ['42', -3, '2147483647'],
    bad: [
      ['4.2', `${NAME}必须是整数`],
      [4.2, `${NAME}必须是整数`],
      ['2147483648', `${NAME}超出整数范围`],
      ['x', `${NAME}必须是数字`],
    ],
    columns: [['f', 'numeric']],
  },
  input_long: {
    control: ctl('input_long'),
    roundTrip: [
      ['9007199254740993', { f: '9007199254740993' }],
      [null, { f: null }],
    ],
    good: ['9223372036854775807', '-9223372036854775808', 12],
    bad: [
      ['9223372036854775808', `${NAME}超出整数范围`],
      ['1.5', `${NAME}必须是整数`],
    ],
    columns: [['f', 'numeric']],
  },
  slider: {
    control: ctl('slider', { min: 0, max: 100 }),
    roundTrip: [
      [30, { f: '30' }],
      [null, { f: null }],
    ],
    good: [0, 100, '55'],
    bad: [
      [101, '请输入0到100之间的数字'],
      ['abc', `${NAME}必须是数字`],
    ],
    columns: [['f', 'numeric']],
  },
  calculate_formula: {
    control: ctl('calculate_formula', { formula: { type: 'number', exp: ['${a}'], decimal: 2 } }),
    roundTrip: [
      [12.5, { f: '12.5' }],
      [null, { f: null }],
    ],
    good: [3, '3.14', null],
    bad: [['x', `${NAME}必须是数字`]],
    columns: [['f', 'numeric']],
  },
  radio: singleChoice('radio'),
  select: singleChoice('select'),
  checkbox: listChoice('checkbox'),
  multiple_select: listChoice('multiple_select'),
  cascade: {
    control: ctl('cascade', { required: true }),
    roundTrip: [
      [['zhejiang', 'hangzhou'], { f: 'zhejiang,hangzhou' }],
      [[], { f: null }],
    ],
    good: [['zhejiang']],
    bad: [
      [[], `请选择${NAME}`],
      [5, `${NAME}的数据格式不正确`],
    ],
    columns: [['f', 'text']],
  },
  switch: {
    control: ctl('switch', { required: true }),
    roundTrip: [
      [true, { f: '0' }],
      [false, { f: '1' }],
    ],
    good: [true, false, null],
    bad: [['yes', `${NAME}的数据格式不正确`]],
    columns: [['f', 'text']],
  },
  time: dateCase('time', 'HH:mm:ss', '08:30:00', '24:00:00', `${NAME}不是有效的时间`),
  date: dateCase('date', 'yyyy-MM-dd', '2024-02-29', '2026-02-30', `${NAME}不是有效的日期`),
  datetime: dateCase('datetime', 'yyyy-MM-dd HH:mm:ss', '2026-03-05 08:00:00', '2026-03-05 25:00:00', `${NAME}不是有效的日期`),
  year: dateCase('year', 'yyyy', '2026', '26', `${NAME}不是有效的日期`),
  month: dateCase('month', 'MM', '03', '13', `${NAME}不是有效的日期`),
  year_month: dateCase('year_month', 'yyyy-MM', '2026-03', '2026-13', `${NAME}不是有效的日期`),
  region_select: {
    control: ctl('region_select', { required: true }, { modelExt: REGION_EXT }),
    roundTrip: [
      [
        REGION,
        { province: '浙江省', province_code: '330000', city: '杭州市', city_code: '330100', area: '西湖区', area_code: '330106' },
      ],
      [null, { province: null, province_code: null, city: null, city_code: null, area: null, area_code: null }],
    ],
    good: [REGION, { ...REGION, area: '', areaCode: '' }],
    bad: [
      [null, `请选择${NAME}`],
      [{ ...REGION, areaCode: '340106' }, `${NAME}的行政区划代码不正确`],
      [{ ...REGION, provinceCode: '33' }, `${NAME}的行政区划代码不正确`],
      ['浙江', `${NAME}的数据格式不正确`],
    ],
    columns: [
      ['province', 'text'],
      ['province_code', 'text'],
      ['city', 'text'],
      ['city_code', 'text'],
      ['area', 'text'],
      ['area_code', 'text'],
    ],
  },
  gis_select: {
    control: ctl('gis_select', { required: true }, { modelExt: { lat: 'lat', lnt: 'lng', address: 'address' } }),
    roundTrip: [
      [{ lat: '31.81', lng: '118.46', address: '合肥市' }, { lat: '31.81', lng: '118.46', address: '合肥市' }],
      [null, { lat: null, lng: null, address: null }],
    ],
    good: [{ lat: 31.81, lnt: 118.46, address: '合肥市' }],
    bad: [
      [null, `请选择${NAME}`],
      [{ lat: '91', lng: '118', address: 'x' }, `${NAME}的经纬度不正确`],
      [{ lat: '', lng: '', address: '只有地址' }, `${NAME}的经纬度不正确`],
      [[1, 2], `${NAME}的数据格式不正确`],
    ],
    columns: [
      ['lat', 'text'],
      ['lng', 'text'],
      ['address', 'text'],
    ],
  },
  signature: {
    control: ctl('signature', { required: true, maxFileSize: 1 }),
    roundTrip: [
      ['sig001', { f: 'sig001' }],
      ['', { f: null }],
    ],
    good: ['sig001'],
    bad: [
      ['', `请上传${NAME}`],
      ['a,b', `${NAME}最多上传1个文件`],
      ['../etc/passwd', `${NAME}中的文件不存在`],
    ],
    columns: [['f', 'text']],
  },
  file_upload: {
    control: ctl('file_upload', { required: true, length: 3, maxFileSize: 20 }),
    roundTrip: [
      [['f1', 'f2'], { f: 'f1,f2' }],
      [[], { f: null }],
    ],
    good: [['f1', 'f2', 'f3'], 'f1,f2'],
    bad: [
      [[], `请上传${NAME}`],
      [['1', '2', '3', '4'], `${NAME}最多上传3个文件`],
      [['https://elsewhere.example/x.pdf'], `${NAME}中的文件不存在`],
      [{}, `${NAME}的数据格式不正确`],
    ],
    columns: [['f', 'text']],
  },
  image_upload: {
    control: ctl('image_upload', { length: 3, maxFileSize: 5 }),
    roundTrip: [
      [['img1'], { f: 'img1' }],
      [[], { f: null }],
    ],
    good: [['img1', 'https://cdn.example.com/a.png'], []],
    bad: [[['a', 'b', 'c', 'd'], `${NAME}最多上传3个文件`]],
    columns: [['f', 'text']],
  },
  current_user: singlePickerCase('current_user'),
  org_select: singlePickerCase('org_select'),
  user_select: singlePickerCase('user_select'),
  company_select: singlePickerCase('company_select'),
  role_select: singlePickerCase('role_select'),
  dic_select: singlePickerCase('dic_select'),
  data_select: singlePickerCase('data_select'),
  m_org_select: multiPickerCase('m_org_select'),
  m_user_select: multiPickerCase('m_user_select'),
  m_company_select: multiPickerCase('m_company_select'),
  m_role_select: multiPickerCase('m_role_select'),
  m_dic_select: multiPickerCase('m_dic_select'),
  m_data_select: multiPickerCase('m_data_select'),
  m_data_ref: multiPickerCase('m_data_ref'),
  grid: layoutCase('grid'),
  text: layoutCase('text'),
  blank: layoutCase('blank'),
  table: subTableCase('table'),
  flow_table: subTableCase('flow_table'),
};

describe('the control registry', () => {
  it('has a definition for every control type and nothing else', () => {
    expect(Object.keys(CONTROL_DEFINITIONS).sort()).toEqual([...CONTROL_TYPES].sort());
    expect(isControlType('input')).toBe(true);
    expect(isControlType('rich_text')).toBe(false);
    expect(definitionOf({ type: 'rich_text', options: {} })).toBeUndefined();
  });

  for (const type of CONTROL_TYPES) {
    const testCase = CASES[type];
    const definition = CONTROL_DEFINITIONS[type];
    describe(type, () => {
      it('declares its storage columns', () => {
        expect(definition.columns(testCase.control).map((c) => [c.name, c.sqlType])).toEqual(testCase.columns);
      });
      it('round-trips its stored shape', () => {
        for (const [value, row] of testCase.roundTrip) {
          expect(definition.codec.toStored(value, testCase.control)).toEqual(row);
          expect(definition.codec.fromStored(row, testCase.control)).toEqual(value);
        }
      });
      it('accepts good input', () => {
        for (const value of testCase.good) expect(definition.validate(value, testCase.control, {}), JSON.stringify(value)).toBeNull();
      });
      it('refuses bad input with its message', () => {
        for (const [value, message] of testCase.bad) expect(definition.validate(value, testCase.control, {}), JSON.stringify(value)).toBe(message);
      });
    });
  }
});

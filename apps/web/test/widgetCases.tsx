/**
 * The component-test table of every control widget (issue 7 "a component test for every control
 * widget: value in, value out, and display text"), run in a DOM by the web-dom vitest project:
 *  - display text: the Display, as the detail view draws it, given a stored value;
 *  - value in: the Editor shows that value;
 *  - value out: the user's action for that type (typing, choosing, toggling, picking in a
 *    dialog, uploading) calls onChange with a value that stores as expected.
 * The value reaches the widget as the form does it, through core's codec from stored columns,
 * and what the widget gives back is stored again through the codec. The table is exhaustive
 * over ControlType, so a new type without a case does not compile. Server-backed widgets read
 * from a stub of the network under lib/http.ts (./http.ts); e2e/specs/form-runtime.spec.ts runs
 * them against the real server.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { definitionOf, type ControlType, type FormControl, type StoredRow } from '@park/core';
import { stubHttp, type HttpStub, type Routes } from './http.ts';
import {
  controlOf,
  renderDisplay,
  renderEditor,
  visibleText,
  type CtxOptions,
  type EditorView,
} from './render.tsx';

type ValueOut =
  /** The action, then the columns the last onChange value stores as. */
  | { act(view: EditorView, http: HttpStub): Promise<void>; stored: Record<string, unknown> }
  /** The action and what it should have done (server-side writes of the sub-tables). */
  | { act(view: EditorView, http: HttpStub): Promise<void>; check(view: EditorView, http: HttpStub): void }
  /** The widget takes no input: why. */
  | { none: string };

export interface WidgetCase {
  control?: Partial<FormControl>;
  /** The value in, as saved. */
  stored: StoredRow;
  /** The Display's text, or a check of what it draws (images). */
  display: string | ((root: HTMLElement) => void | Promise<void>);
  /** The Editor shows the value. */
  shown(view: EditorView): void | Promise<void>;
  out: ValueOut;
  http?: Routes;
  ctx?: CtxOptions;
}

// ---------------------------------------------------------------------------------------------
// Finding things the way a user does.

export const editorInput = (view: EditorView) =>
  view.container.querySelector<HTMLInputElement>('#field-under-test')!;

/** What a single Select or Cascader shows as chosen. */
export const selectShown = (view: EditorView) =>
  visibleText(view.container.querySelector('.ant-select-content'));

async function retype(view: EditorView, text: string, after = '') {
  const input = editorInput(view);
  await view.user.clear(input);
  await view.user.type(input, `${text}${after}`);
}

/** An open dropdown's option by its text (antd Select / Cascader render into document.body). */
export async function chooseOption(view: EditorView, label: string) {
  const option = await waitFor(() => {
    const hit = [
      ...document.querySelectorAll<HTMLElement>('.ant-select-item-option, .ant-cascader-menu-item'),
    ].find((el) => visibleText(el) === label);
    if (!hit) throw new Error(`no option ${label}`);
    return hit;
  });
  await view.user.click(option);
}

export async function openSelect(view: EditorView) {
  const selector = view.container.querySelector<HTMLElement>('.ant-select, .ant-cascader')!;
  fireEvent.mouseDown(selector.querySelector('.ant-select-selector') ?? selector);
}

export function dialog(title: string): HTMLElement {
  const titled = screen
    .getAllByRole('dialog')
    .find((d) => visibleText(d.querySelector('.ant-modal-title')) === title);
  if (!titled) throw new Error(`no dialog ${title}`);
  return titled;
}

/** modal.confirm's 提示 box (its aria label is not unique under test ids). */
export const confirmBox = () =>
  waitFor(() => {
    const box = document.querySelector<HTMLElement>('.ant-modal-confirm');
    if (!box) throw new Error('no confirmation');
    return box;
  });

export async function clickButton(root: HTMLElement, view: EditorView, name: string) {
  await view.user.click(within(root).getByRole('button', { name }));
}

/** A picker dialog: opened from the field's 选择 button, rows toggled by their text, then 确定. */
export async function pickInDialog(view: EditorView, title: string, toggle: string[]) {
  await view.user.click(screen.getByRole('button', { name: /^选择/ }));
  const box = await waitFor(() => dialog(title));
  for (const text of toggle) {
    // The row or tree node, not the tag of the same name among the chosen.
    const target = await within(box).findByText(text, { selector: 'td, .ant-tree-title' });
    await view.user.click(target);
  }
  await clickButton(box, view, '确定');
}

function lastValue(view: EditorView): unknown {
  expect(view.onChange).toHaveBeenCalled();
  return view.current();
}

// ---------------------------------------------------------------------------------------------
// Shared designs and replies.

const abc = [
  { value: 'a', label: '甲' },
  { value: 'b', label: '乙' },
  { value: 'c', label: '丙' },
];
const area = [
  {
    value: 'east',
    label: '东区',
    children: [
      { value: 'e1', label: '1号罐区' },
      { value: 'e2', label: '2号罐区' },
    ],
  },
  { value: 'west', label: '西区', children: [{ value: 'w1', label: '装卸站台' }] },
];

const mv = (...items: Array<[string, string]>) => JSON.stringify(items.map(([k, v]) => ({ k, v })));

const USERS = {
  datas: [
    { id: 7, username: 'zhangsan', realName: '张三', orgName: '安全监管科' },
    { id: 8, username: 'lisi', realName: '李四', orgName: '应急管理科' },
  ],
  totalCount: 2,
};
const COMPANIES = {
  datas: [
    { id: 3, companyName: '示例化工有限公司' },
    { id: 4, companyName: '园区物流有限公司' },
  ],
  totalCount: 2,
};
const ROLES = {
  datas: [
    { id: 2, roleName: '园区管理员' },
    { id: 5, roleName: '安全员' },
  ],
};
const ORGS = {
  departManage: [
    {
      id: 1,
      orgName: '园区管委会',
      children: [
        { id: 5, orgName: '安全监管科' },
        { id: 6, orgName: '应急管理科' },
      ],
    },
  ],
};
const DICS = {
  datas: [
    { code: 'major', name: '重大风险' },
    { code: 'high', name: '较大风险' },
  ],
};
const GOODS = {
  datas: [
    { id: 11, goods_name: '甲醇', un_no: '1230' },
    { id: 12, goods_name: '乙醇', un_no: '1170' },
  ],
  totalCount: 2,
};
const goodsSource = {
  datasource: '',
  table: 'form_9',
  columns: [
    { column: 'goods_name', name: '品名' },
    { column: 'un_no', name: 'UN编号' },
  ],
};
const goodsMaps = {
  key: 'id',
  name: 'goods_name',
  title: '选择货物',
  mapping: [{ selectKey: 'un_no', model: 'goods_un' }],
  source: goodsSource,
};

const picked = (id: string, label: string) => ({ f: id, f_label: label });
const single = { label_model: 'f_label' };

/** A single picker: shows its label; choosing another record means letting go of the first. */
function singlePicker(
  http: Routes,
  title: string,
  from: [string, string],
  to: [string, string],
  options: Record<string, unknown> = {},
  extra: Partial<FormControl> = {},
): WidgetCase {
  return {
    control: { ...single, ...extra, options },
    stored: picked(...from),
    display: from[1],
    shown: (view) => expect(editorInput(view).value).toBe(from[1]),
    http,
    out: {
      act: (view) => pickInDialog(view, title, [from[1], to[1]]),
      stored: picked(...to),
    },
  };
}

/** An m_ picker: tags of the chosen; choosing in the dialog adds to them. */
function multiPicker(
  http: Routes,
  title: string,
  from: [string, string],
  add: [string, string],
  options: Record<string, unknown> = {},
  extra: Partial<FormControl> = {},
): WidgetCase {
  return {
    control: { ...extra, options },
    stored: { f: mv(from) },
    display: from[1],
    shown: (view) =>
      expect(visibleText(view.container.querySelector('.ant-select-selection-item'))).toBe(from[1]),
    http,
    out: {
      act: (view) => pickInDialog(view, title, [add[1]]),
      stored: { f: mv(from, add) },
    },
  };
}

const subTableColumns: FormControl[] = [
  { type: 'input', key: 'goods_name', model: 'goods_name', name: '品名', options: {} },
  { type: 'input_number', key: 'qty', model: 'qty', name: '数量(吨)', options: {} },
];
const subRows: Routes = {
  'GET /api/form/querysubformdata/1/*': {
    datas: [
      { id: '501', goods_name: '甲醇', qty: '12' },
      { id: '502', goods_name: '乙醇', qty: '3.5' },
    ],
    totalCount: 2,
  },
};
const subTableCtx: CtxOptions = { formId: 1, recordId: '100', mode: 'edit' };

function subTableRowsShown(root: HTMLElement) {
  const rows = [...root.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(visibleText);
  expect(rows).toEqual([expect.stringMatching(/^1 甲醇 12\b/), expect.stringMatching(/^2 乙醇 3.5\b/)]);
}

// ---------------------------------------------------------------------------------------------
// One case per control type.

export const CASES: { [T in ControlType]: WidgetCase } = {
  input: {
    stored: { f: '皖A12345' },
    display: '皖A12345',
    shown: (view) => expect(editorInput(view).value).toBe('皖A12345'),
    out: { act: (view) => retype(view, '皖B54321'), stored: { f: '皖B54321' } },
  },
  textarea: {
    stored: { f: '第一行\n第二行' },
    display: '第一行 第二行',
    shown: (view) => {
      expect(editorInput(view).value).toBe('第一行\n第二行');
      // Five rows unless the design says otherwise (spec 000 §9).
      expect(editorInput(view).getAttribute('rows')).toBe('5');
    },
    out: { act: (view) => retype(view, '夜间入园{Enter}需报备'), stored: { f: '夜间入园\n需报备' } },
  },
  input_mobile: {
    stored: { f: '13800138000' },
    display: '13800138000',
    shown: (view) => expect(editorInput(view).value).toBe('13800138000'),
    out: { act: (view) => retype(view, '13912345678'), stored: { f: '13912345678' } },
  },
  input_tel: {
    stored: { f: '0551-12345678' },
    display: '0551-12345678',
    shown: (view) => expect(editorInput(view).value).toBe('0551-12345678'),
    out: { act: (view) => retype(view, '0551-87654321'), stored: { f: '0551-87654321' } },
  },
  input_mail: {
    stored: { f: 'a@park.cn' },
    display: 'a@park.cn',
    shown: (view) => expect(editorInput(view).value).toBe('a@park.cn'),
    out: { act: (view) => retype(view, 'safety@park.cn'), stored: { f: 'safety@park.cn' } },
  },
  input_postal: {
    stored: { f: '230000' },
    display: '230000',
    shown: (view) => expect(editorInput(view).value).toBe('230000'),
    out: { act: (view) => retype(view, '231200'), stored: { f: '231200' } },
  },
  input_website: {
    stored: { f: 'https://park.cn' },
    display: 'https://park.cn',
    shown: (view) => expect(editorInput(view).value).toBe('https://park.cn'),
    out: { act: (view) => retype(view, 'https://chem.park.cn'), stored: { f: 'https://chem.park.cn' } },
  },
  text: {
    control: { options: { defaultValue: '危化品车辆须经审核后方可入园' } },
    stored: {},
    display: '危化品车辆须经审核后方可入园',
    shown: (view) => expect(visibleText(view.container)).toBe('危化品车辆须经审核后方可入园'),
    out: { none: 'fixed wording of the design' },
  },
  blank: {
    stored: {},
    display: (root) => {
      expect(root.querySelector('.form-blank')).not.toBeNull();
      expect(visibleText(root)).toBe('');
    },
    shown: (view) => expect(view.container.querySelector('.form-blank')).not.toBeNull(),
    out: { none: 'empty space keeping a grid cell' },
  },
  grid: {
    control: {
      model: '',
      options: { gutter: 16 },
      columns: [
        { span: 12, list: [{ type: 'input', key: 'plate', model: 'plate', name: '车牌', options: {} }] },
        { span: 12, list: [{ type: 'text', key: 'tip', model: '', options: { defaultValue: '须押运' } }] },
      ],
    },
    ctx: { values: { plate: '皖A12345' } },
    stored: {},
    display: (root) => {
      expect(root.querySelectorAll('.ant-col-12')).toHaveLength(2);
      expect(visibleText(root)).toBe('皖A12345 须押运');
    },
    shown: (view) => {
      expect(view.container.querySelectorAll('.ant-col-12')).toHaveLength(2);
      expect(view.container.querySelector('input')?.value).toBe('皖A12345');
    },
    out: { none: "a grid holds no value; its columns' controls report their own" },
  },
  number: {
    control: { options: { min: 2, max: 8, step: 1 } },
    stored: { f: '3' },
    display: '3',
    shown: (view) => expect(editorInput(view).value).toBe('3'),
    // The counter keeps to its range itself: 12 becomes the maximum when the field is left.
    out: {
      act: async (view) => {
        await retype(view, '12');
        await view.user.tab();
      },
      stored: { f: '8' },
    },
  },
  input_number: {
    stored: { f: '12.5' },
    display: '12.5',
    shown: (view) => expect(editorInput(view).value).toBe('12.5'),
    out: { act: (view) => retype(view, '7.25'), stored: { f: '7.25' } },
  },
  input_int: {
    stored: { f: '7' },
    display: '7',
    shown: (view) => expect(editorInput(view).value).toBe('7'),
    out: { act: (view) => retype(view, '42'), stored: { f: '42' } },
  },
  input_long: {
    stored: { f: '9007199254740993123' },
    display: '9007199254740993123',
    shown: (view) => expect(editorInput(view).value).toBe('9007199254740993123'),
    // Beyond 2^53: kept as text, digit for digit.
    out: { act: (view) => retype(view, '9007199254740993124'), stored: { f: '9007199254740993124' } },
  },
  slider: {
    control: { options: { min: 0, max: 100, step: 5, showInput: true } },
    stored: { f: '80' },
    display: '80',
    shown: (view) => {
      expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('80');
      expect(editorInput(view).value).toBe('80');
    },
    out: {
      // One step right with the keyboard. rc-slider reads keyCode, which user-event leaves at 0.
      act: async () => {
        const handle = screen.getByRole('slider');
        handle.focus();
        fireEvent.keyDown(handle, { key: 'ArrowRight', keyCode: 39 });
        fireEvent.keyUp(handle, { key: 'ArrowRight', keyCode: 39 });
      },
      stored: { f: '85' },
    },
  },
  calculate_formula: {
    control: { options: { formula: { type: 'number', exp: ['${a}', '-', '${b}'] } } },
    stored: { f: '17.5' },
    display: '17.5',
    shown: (view) => {
      expect(editorInput(view).value).toBe('17.5');
      expect(editorInput(view).readOnly).toBe(true);
    },
    out: { none: 'read-only; the form store recomputes it from its inputs' },
  },
  radio: {
    control: { options: { options: abc } },
    stored: { f: 'b' },
    display: '乙',
    shown: () => expect(screen.getByRole('radio', { name: '乙' })).toHaveProperty('checked', true),
    out: { act: (view) => view.user.click(screen.getByRole('radio', { name: '甲' })), stored: { f: 'a' } },
  },
  checkbox: {
    control: { options: { options: abc } },
    stored: { f: 'a,c' },
    display: '甲，丙',
    shown: () => {
      expect(screen.getByRole('checkbox', { name: '甲' })).toHaveProperty('checked', true);
      expect(screen.getByRole('checkbox', { name: '乙' })).toHaveProperty('checked', false);
    },
    out: {
      act: (view) => view.user.click(screen.getByRole('checkbox', { name: '乙' })),
      stored: { f: 'a,c,b' },
    },
  },
  select: {
    control: { options: { options: abc } },
    stored: { f: 'a' },
    display: '甲',
    shown: (view) => expect(selectShown(view)).toBe('甲'),
    out: {
      act: async (view) => {
        await openSelect(view);
        await chooseOption(view, '乙');
      },
      stored: { f: 'b' },
    },
  },
  multiple_select: {
    control: { options: { options: abc } },
    stored: { f: 'b,a' },
    display: '乙，甲',
    shown: (view) =>
      expect(
        [...view.container.querySelectorAll('.ant-select-selection-item-content')].map(visibleText),
      ).toEqual(['乙', '甲']),
    out: {
      act: async (view) => {
        await openSelect(view);
        await chooseOption(view, '丙');
      },
      stored: { f: 'b,a,c' },
    },
  },
  cascade: {
    control: { options: { options: area } },
    stored: { f: 'east,e1' },
    display: '东区 / 1号罐区',
    shown: (view) => expect(selectShown(view)).toBe('东区 / 1号罐区'),
    out: {
      act: async (view) => {
        await openSelect(view);
        await chooseOption(view, '西区');
        await chooseOption(view, '装卸站台');
      },
      stored: { f: 'west,w1' },
    },
  },
  switch: {
    control: { options: { openMsg: '重车', closeMsg: '空车' } },
    stored: { f: '1' },
    display: '空车',
    shown: (view) => {
      expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('false');
      expect(visibleText(view.container)).toBe('空车');
    },
    // On is stored as '0' (spec 000 §3).
    out: { act: (view) => view.user.click(screen.getByRole('switch')), stored: { f: '0' } },
  },
  time: {
    control: { options: { format: 'HH:mm:ss' } },
    stored: { f: '08:30:00' },
    display: '08:30:00',
    shown: (view) => expect(editorInput(view).value).toBe('08:30:00'),
    out: { act: (view) => retype(view, '09:15:00', '{Enter}'), stored: { f: '09:15:00' } },
  },
  date: {
    control: { options: { format: 'yyyy-MM-dd' } },
    stored: { f: '2026-11-25' },
    display: '2026-11-25',
    shown: (view) => expect(editorInput(view).value).toBe('2026-11-25'),
    out: { act: (view) => retype(view, '2026-12-01', '{Enter}'), stored: { f: '2026-12-01' } },
  },
  datetime: {
    control: { options: { format: 'yyyy-MM-dd HH:mm:ss' } },
    stored: { f: '2026-11-25 07:45:00' },
    display: '2026-11-25 07:45:00',
    shown: (view) => expect(editorInput(view).value).toBe('2026-11-25 07:45:00'),
    out: {
      act: (view) => retype(view, '2026-11-26 18:05:30', '{Enter}'),
      stored: { f: '2026-11-26 18:05:30' },
    },
  },
  year: {
    control: { options: { format: 'yyyy' } },
    stored: { f: '2020' },
    display: '2020',
    shown: (view) => expect(editorInput(view).value).toBe('2020'),
    out: { act: (view) => retype(view, '2024', '{Enter}'), stored: { f: '2024' } },
  },
  month: {
    control: { options: { format: 'MM' } },
    stored: { f: '06' },
    display: '06',
    shown: (view) => expect(editorInput(view).value).toBe('06'),
    out: { act: (view) => retype(view, '09', '{Enter}'), stored: { f: '09' } },
  },
  year_month: {
    control: { options: { format: 'yyyy-MM' } },
    stored: { f: '2027-06' },
    display: '2027-06',
    shown: (view) => expect(editorInput(view).value).toBe('2027-06'),
    out: { act: (view) => retype(view, '2028-01', '{Enter}'), stored: { f: '2028-01' } },
  },
  region_select: {
    control: {
      modelExt: {
        province: 'province',
        provinceCode: 'province_code',
        city: 'city',
        cityCode: 'city_code',
        area: 'area',
        areaCode: 'area_code',
      },
    },
    stored: {
      province: '安徽省',
      province_code: '340000',
      city: '合肥市',
      city_code: '340100',
      area: '蜀山区',
      area_code: '340104',
    },
    display: '安徽省 / 合肥市 / 蜀山区',
    shown: (view) => expect(selectShown(view)).toBe('安徽省 / 合肥市 / 蜀山区'),
    http: {
      'GET /apc/company/getAdministrativeDic': (call) =>
        ({
          '': { children: [{ code: '340000', name: '安徽省', level: 1 }] },
          '340000': {
            children: [
              { code: '340100', name: '合肥市', level: 2 },
              { code: '340200', name: '芜湖市', level: 2 },
            ],
          },
          '340200': { children: [{ code: '340202', name: '镜湖区', level: 3 }] },
        })[call.query.get('parentCode') ?? ''] ?? { children: [] },
    },
    out: {
      act: async (view) => {
        await openSelect(view);
        await chooseOption(view, '安徽省');
        await chooseOption(view, '芜湖市');
        await chooseOption(view, '镜湖区');
      },
      stored: {
        province: '安徽省',
        province_code: '340000',
        city: '芜湖市',
        city_code: '340200',
        area: '镜湖区',
        area_code: '340202',
      },
    },
  },
  gis_select: {
    control: {
      options: { zoom: 13, positionScope: true },
      modelExt: { lat: 'lat', lnt: 'lng', address: 'address', positionScope: 'position_scope' },
    },
    stored: { lat: '31.81', lng: '118.46', address: '园区东门', position_scope: '500' },
    display: '园区东门 （31.81, 118.46） 范围 500 米',
    shown: () => {
      expect(screen.getByRole('textbox', { name: '纬度' })).toHaveProperty('value', '31.81');
      expect(screen.getByRole('textbox', { name: '经度' })).toHaveProperty('value', '118.46');
      expect(screen.getByRole('textbox', { name: '详细地址' })).toHaveProperty('value', '园区东门');
      expect(screen.getByRole('spinbutton', { name: '范围(米)' })).toHaveProperty('value', '500');
    },
    out: {
      act: async (view) => {
        const address = screen.getByRole('textbox', { name: '详细地址' });
        await view.user.clear(address);
        await view.user.type(address, '二号停车场');
        const scope = screen.getByRole('spinbutton', { name: '范围(米)' });
        await view.user.clear(scope);
        await view.user.type(scope, '800');
      },
      stored: { lat: '31.81', lng: '118.46', address: '二号停车场', position_scope: '800' },
    },
  },
  signature: {
    stored: { f: '12' },
    display: (root) => {
      expect(within(root).getByRole('img', { name: '签名' }).getAttribute('src')).toBe('/api/file/image/12');
    },
    shown: () => {
      expect(screen.getByRole('img', { name: '签名' }).getAttribute('src')).toBe('/api/file/image/12');
      expect(screen.getByRole('button', { name: /重新签名/ })).toBeTruthy();
    },
    http: {
      'POST /api/file/upload': { datas: [{ fileId: '13', originalName: 'signature.png', suffix: 'png' }] },
    },
    out: {
      act: async (view, http) => {
        await view.user.click(screen.getByRole('button', { name: /重新签名/ }));
        const pad = await screen.findByTestId('signature-pad');
        // The pad attaches after the dialog's first frame.
        await new Promise((resolve) => setTimeout(resolve, 50));
        await view.user.pointer([
          { keys: '[MouseLeft>]', target: pad, coords: { clientX: 10, clientY: 10 } },
          { target: pad, coords: { clientX: 60, clientY: 40 } },
          { keys: '[/MouseLeft]', target: pad },
        ]);
        await clickButton(dialog('字段'), view, '确定');
        await waitFor(() => expect(http.to('POST /api/file/upload')).toHaveLength(1));
        // The png goes as the upload's `image` field (spec 000 §7).
        const body = http.to('POST /api/file/upload')[0]!.body as FormData;
        expect(body.get('image')).toBeInstanceOf(Blob);
        await waitFor(() => expect(view.onChange).toHaveBeenCalled());
      },
      stored: { f: '13' },
    },
  },
  file_upload: {
    stored: { f: '1,2' },
    http: {
      'GET /api/file/info/1': { fileId: '1', originalName: '行驶证.pdf', suffix: 'pdf', size: 2048 },
      'GET /api/file/info/2': { fileId: '2', originalName: '运输许可.docx', suffix: 'docx', size: 1536 },
      'POST /api/file/upload': { datas: [{ fileId: '3', originalName: '押运证.pdf', suffix: 'pdf' }] },
    },
    display: async (root) => {
      await within(root).findByText('运输许可.docx');
      expect(visibleText(root)).toBe('行驶证.pdf 2.0 KB 下载 预览 运输许可.docx 1.5 KB 下载 预览');
    },
    shown: async () => {
      const list = await screen.findByRole('listbox', { name: '文件列表' });
      await within(list).findByText('运输许可.docx');
      expect(within(list).getAllByRole('option').map(visibleText)).toEqual([
        '行驶证.pdf 2.0 KB',
        '运输许可.docx 1.5 KB',
      ]);
    },
    out: {
      act: async (view) => {
        const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
        await view.user.upload(input, new File(['%PDF-1.4'], '押运证.pdf', { type: 'application/pdf' }));
        await waitFor(() => expect(view.onChange).toHaveBeenCalled());
        await screen.findByText('押运证.pdf');
      },
      stored: { f: '1,2,3' },
    },
  },
  image_upload: {
    control: { options: { length: 3, maxFileSize: 5 } },
    stored: { f: '3,4' },
    http: { 'POST /api/file/upload': { datas: [{ fileId: '5', originalName: '车头.png', suffix: 'png' }] } },
    display: (root) => {
      expect([...root.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
        '/api/file/image/3',
        '/api/file/image/4',
      ]);
    },
    shown: () => {
      expect(screen.getAllByRole('img', { name: /^图片/ }).map((img) => img.getAttribute('src'))).toEqual([
        '/api/file/image/3',
        '/api/file/image/4',
      ]);
      expect(screen.getByText('只能上传jpg/png文件，最多3张，单张不超过5M')).toBeTruthy();
    },
    out: {
      act: async (view, http) => {
        const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
        await view.user.upload(
          input,
          new File([new Uint8Array([137, 80])], '车头.png', { type: 'image/png' }),
        );
        await waitFor(() => expect(view.onChange).toHaveBeenCalled());
        expect(http.to('POST /api/file/upload')[0]!.query.get('accept')).toBe('image');
      },
      stored: { f: '3,4,5' },
    },
  },
  current_user: {
    control: single,
    stored: picked('1', '系统管理员'),
    display: '系统管理员',
    shown: (view) => {
      expect(editorInput(view).value).toBe('系统管理员');
      expect(editorInput(view).disabled).toBe(true);
    },
    out: { none: 'filled with the signed-in user, never picked' },
  },
  org_select: singlePicker(
    { 'GET /api/user/listOrgTree': ORGS },
    '选择字段',
    ['5', '安全监管科'],
    ['6', '应急管理科'],
    { displayModel: 'tree' },
  ),
  user_select: singlePicker({ 'GET /api/user/listUser': USERS }, '选择字段', ['7', '张三'], ['8', '李四'], {
    displayModel: 'table',
  }),
  company_select: singlePicker(
    { 'GET /api/company/queryAllCompanyInfo': COMPANIES },
    '选择字段',
    ['3', '示例化工有限公司'],
    ['4', '园区物流有限公司'],
    { displayModel: 'table' },
  ),
  role_select: singlePicker(
    { 'GET /api/user/listRole': ROLES },
    '选择字段',
    ['2', '园区管理员'],
    ['5', '安全员'],
    { displayModel: 'table' },
  ),
  dic_select: singlePicker(
    { 'GET /api/user/listDicCatalog': DICS },
    '选择字段',
    ['high', '较大风险'],
    ['major', '重大风险'],
    { displayModel: 'tree' },
    { typeCode: 'risk_level' },
  ),
  data_select: {
    ...singlePicker(
      { 'GET /api/form/datasource/table/querydata': GOODS },
      '选择货物字段',
      ['11', '甲醇'],
      ['12', '乙醇'],
      { displayModel: 'table', dataSelectType: '0', maps: goodsMaps },
    ),
    out: {
      // maps: the chosen record's un_no goes into the goods_un control.
      act: async (view) => {
        await pickInDialog(view, '选择货物字段', ['甲醇', '乙醇']);
        expect(view.ctx.setStored).toHaveBeenCalledWith({ goods_un: '1170' });
      },
      stored: picked('12', '乙醇'),
    },
  },
  m_org_select: multiPicker(
    { 'GET /api/user/listOrgTree': ORGS },
    '选择字段',
    ['5', '安全监管科'],
    ['6', '应急管理科'],
    { displayModel: 'tree' },
  ),
  m_user_select: multiPicker({ 'GET /api/user/listUser': USERS }, '选择字段', ['7', '张三'], ['8', '李四'], {
    displayModel: 'table',
  }),
  m_company_select: multiPicker(
    { 'GET /api/company/queryAllCompanyInfo': COMPANIES },
    '选择字段',
    ['3', '示例化工有限公司'],
    ['4', '园区物流有限公司'],
    { displayModel: 'table' },
  ),
  m_role_select: multiPicker(
    { 'GET /api/user/listRole': ROLES },
    '选择字段',
    ['2', '园区管理员'],
    ['5', '安全员'],
    { displayModel: 'tree' },
  ),
  m_dic_select: multiPicker(
    { 'GET /api/user/listDicCatalog': DICS },
    '选择字段',
    ['high', '较大风险'],
    ['major', '重大风险'],
    { displayModel: 'tree' },
    { typeCode: 'chemical_category' },
  ),
  m_data_select: multiPicker(
    { 'GET /api/form/datasource/table/querydata': GOODS },
    '选择货物字段',
    ['11', '甲醇'],
    ['12', '乙醇'],
    { displayModel: 'table', maps: { ...goodsMaps, mapping: [] } },
  ),
  m_data_ref: {
    control: {
      options: {
        dsConf: {
          formId: '9',
          key: 'goods_name',
          columns: goodsSource.columns,
          mapping: {},
          defaultSelect: false,
        },
      },
    },
    stored: { f: mv(['11', '甲醇']) },
    display: '甲醇',
    shown: (view) =>
      expect(visibleText(view.container.querySelector('.ant-select-selection-item'))).toBe('甲醇'),
    http: { 'GET /api/form/queryFormDataForChoose': GOODS },
    out: {
      act: async (view) => {
        await view.user.click(screen.getByRole('button', { name: /^选择/ }));
        const box = await waitFor(() => dialog('选择字段'));
        const row = (await within(box).findByText('乙醇')).closest('tr')!;
        await view.user.click(within(row).getByRole('checkbox'));
        await clickButton(box, view, '确定');
      },
      stored: { f: mv(['11', '甲醇'], ['12', '乙醇']) },
    },
  },
  table: {
    control: { model: 'goods', name: '运输货物', tableColumns: subTableColumns },
    ctx: subTableCtx,
    stored: {},
    http: { ...subRows, 'POST /api/form/addsubformdata/1/goods': {} },
    display: async (root) => {
      await within(root).findByText('乙醇');
      subTableRowsShown(root);
      // Detail mode: rows only, no buttons and no edit column.
      expect(within(root).queryByRole('button', { name: /新增/ })).toBeNull();
      expect(within(root).queryByText('编辑')).toBeNull();
    },
    shown: async (view) => {
      await within(view.container).findByText('乙醇');
      subTableRowsShown(view.container);
      expect(within(view.container).getByRole('button', { name: /批量新增/ })).toBeTruthy();
    },
    out: {
      act: async (view) => {
        await within(view.container).findByText('乙醇');
        await view.user.click(within(view.container).getByRole('button', { name: /(^|\s)新增$/ }));
        const box = await waitFor(() => dialog('新增运输货物'));
        await view.user.type(within(box).getByLabelText('品名'), '液氨');
        await view.user.type(within(box).getByLabelText('数量(吨)'), '8');
        await clickButton(box, view, '确定');
        await clickButton(await confirmBox(), view, '确定');
      },
      check: (_view, http) => {
        const [call] = http.to('POST /api/form/addsubformdata/1/goods');
        expect(call).toBeDefined();
        const body = call!.body as URLSearchParams;
        expect(Object.fromEntries(body)).toMatchObject({ goods_name: '液氨', qty: '8', parentId: '100' });
      },
    },
  },
  flow_table: {
    control: { model: 'checks', name: '入园检查', tableColumns: subTableColumns },
    ctx: subTableCtx,
    stored: {},
    http: { ...subRows, 'GET /api/form/batchdeletesubformdata/1/checks': {} },
    display: async (root) => {
      await within(root).findByText('乙醇');
      subTableRowsShown(root);
      expect(within(root).queryByRole('button', { name: /批量删除/ })).toBeNull();
    },
    shown: async (view) => {
      await within(view.container).findByText('乙醇');
      subTableRowsShown(view.container);
    },
    out: {
      act: async (view) => {
        const row = (await within(view.container).findByText('乙醇')).closest('tr')!;
        await view.user.click(within(row).getByRole('checkbox'));
        await view.user.click(within(view.container).getByRole('button', { name: /批量删除/ }));
        await clickButton(await confirmBox(), view, '确定');
      },
      check: (_view, http) => {
        const [call] = http.to('GET /api/form/batchdeletesubformdata/1/checks');
        expect(call?.query.get('businessIds')).toBe('502');
      },
    },
  },
};

// ---------------------------------------------------------------------------------------------

function setUp(type: ControlType, c: WidgetCase) {
  const control = controlOf(type, c.control);
  const definition = definitionOf(control);
  if (!definition) throw new Error(`core has no definition for ${type}`);
  const value = definition.codec.fromStored(c.stored, control);
  return { control, definition, value };
}

/**
 * Display text, value in and value out for the cases `which` picks. The test files split the
 * table in two (local widgets, server-backed ones) so the two halves run in parallel.
 */
export function runWidgetCases(title: string, which: (c: WidgetCase) => boolean): void {
  describe(title, () => {
    for (const [type, c] of Object.entries(CASES) as Array<[ControlType, WidgetCase]>) {
      if (!which(c)) continue;
      describe(type, () => {
        it('display text', async () => {
          stubHttp(c.http ?? {});
          const { control, value } = setUp(type, c);
          const { container } = renderDisplay(control, value, c.ctx);
          if (typeof c.display === 'string') expect(visibleText(container)).toBe(c.display);
          else await c.display(container);
        });

        it('value in', async () => {
          stubHttp(c.http ?? {});
          const { control, value } = setUp(type, c);
          const view = renderEditor(control, value, c.ctx);
          await c.shown(view);
          expect(view.onChange).not.toHaveBeenCalled();
        });

        const out = c.out;
        // A type that takes no input says why in its case; there is nothing to act on.
        if ('none' in out) return;
        it('value out', async () => {
          const http = stubHttp(c.http ?? {});
          const { control, definition, value } = setUp(type, c);
          const view = renderEditor(control, value, c.ctx);
          await out.act(view, http);
          if ('stored' in out) {
            await waitFor(() => expect(view.onChange).toHaveBeenCalled());
            expect(definition.codec.toStored(lastValue(view), control)).toMatchObject(out.stored);
          } else {
            await waitFor(() => out.check(view, http));
          }
        });
      });
    }
  });
}

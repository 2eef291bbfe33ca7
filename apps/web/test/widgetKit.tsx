/**
 * The parts the control widgets' test cases share (each family's cases are
 * `controls/<family>/cases.tsx`, collected by ./widgetCases.tsx): finding things the way a user does, shared designs and server
 * replies, and the single and multiple picker cases.
 */
import { expect } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormControl, StoredRow } from '@park/core';
import type { HttpStub, Routes } from './http.ts';
import { visibleText, type CtxOptions, type EditorView } from './render.tsx';

export { visibleText } from './render.tsx';

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

export async function retype(view: EditorView, text: string, after = '') {
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

export function lastValue(view: EditorView): unknown {
  expect(view.onChange).toHaveBeenCalled();
  return view.current();
}

// ---------------------------------------------------------------------------------------------
// Shared designs and replies.

export const abc = [
  { value: 'a', label: '甲' },
  { value: 'b', label: '乙' },
  { value: 'c', label: '丙' },
];
export const area = [
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

export const mv = (...items: Array<[string, string]>) => JSON.stringify(items.map(([k, v]) => ({ k, v })));

export const USERS = {
  datas: [
    { id: 7, username: 'zhangsan', realName: '张三', orgName: '安全监管科' },
    { id: 8, username: 'lisi', realName: '李四', orgName: '应急管理科' },
  ],
  totalCount: 2,
};
export const COMPANIES = {
  datas: [
    { id: 3, companyName: '示例化工有限公司' },
    { id: 4, companyName: '园区物流有限公司' },
  ],
  totalCount: 2,
};
export const ROLES = {
  datas: [
    { id: 2, roleName: '园区管理员' },
    { id: 5, roleName: '安全员' },
  ],
};
export const ORGS = {
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
export const DICS = {
  datas: [
    { code: 'major', name: '重大风险' },
    { code: 'high', name: '较大风险' },
  ],
};
export const GOODS = {
  datas: [
    { id: 11, goods_name: '甲醇', un_no: '1230' },
    { id: 12, goods_name: '乙醇', un_no: '1170' },
  ],
  totalCount: 2,
};
export const goodsSource = {
  datasource: '',
  table: 'form_9',
  columns: [
    { column: 'goods_name', name: '品名' },
    { column: 'un_no', name: 'UN编号' },
  ],
};
export const goodsMaps = {
  key: 'id',
  name: 'goods_name',
  title: '选择货物',
  mapping: [{ selectKey: 'un_no', model: 'goods_un' }],
  source: goodsSource,
};

export const picked = (id: string, label: string) => ({ f: id, f_label: label });
export const single = { label_model: 'f_label' };

/** A single picker: shows its label; choosing another record means letting go of the first. */
export function singlePicker(
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
export function multiPicker(
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

export const subTableColumns: FormControl[] = [
  { type: 'input', key: 'goods_name', model: 'goods_name', name: '品名', options: {} },
  { type: 'input_number', key: 'qty', model: 'qty', name: '数量(吨)', options: {} },
];
export const subRows: Routes = {
  'GET /api/form/querysubformdata/1/*': {
    datas: [
      { id: '501', goods_name: '甲醇', qty: '12' },
      { id: '502', goods_name: '乙醇', qty: '3.5' },
    ],
    totalCount: 2,
  },
};
export const subTableCtx: CtxOptions = { formId: 1, recordId: '100', mode: 'edit' };

export function subTableRowsShown(root: HTMLElement) {
  const rows = [...root.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map(visibleText);
  expect(rows).toEqual([expect.stringMatching(/^1 甲醇 12\b/), expect.stringMatching(/^2 乙醇 3.5\b/)]);
}

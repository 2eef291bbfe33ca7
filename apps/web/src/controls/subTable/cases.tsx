import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import {
  clickButton,
  confirmBox,
  dialog,
  subRows,
  subTableColumns,
  subTableCtx,
  subTableRowsShown,
  type WidgetCase,
} from '../../../test/widgetKit.tsx';

/** table: display text, value in, value out. */
const tableCase: WidgetCase = {
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
      await view.user.click(within(view.container).getByRole('button', { name: /^(plus\s*)?新增$/ }));
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
};

/** flow_table: display text, value in, value out. */
const flowTableCase: WidgetCase = {
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
};

/** The subTable family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const SUB_TABLE_CASES = {
  table: tableCase,
  flow_table: flowTableCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;

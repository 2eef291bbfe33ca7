import { expect } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { dialog, confirmBox, clickButton, subTableColumns, subTableCtx, subTableRowsShown, subRows, type WidgetCase } from '../../../test/widgetKit.tsx';

/** table: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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

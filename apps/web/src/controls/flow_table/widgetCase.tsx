import { expect } from 'vitest';
import { within } from '@testing-library/react';
import { confirmBox, clickButton, subTableColumns, subTableCtx, subTableRowsShown, subRows, type WidgetCase } from '../../../test/widgetKit.tsx';

/** flow_table: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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

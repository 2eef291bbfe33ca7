import { expect } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { dialog, clickButton, mv, GOODS, goodsSource, visibleText, type WidgetCase } from '../../../test/widgetKit.tsx';

/** m_data_ref: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
};

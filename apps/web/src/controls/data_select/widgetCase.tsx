import { expect } from 'vitest';
import { pickInDialog, GOODS, goodsMaps, picked, singlePicker, type WidgetCase } from '../../../test/widgetKit.tsx';

/** data_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
};

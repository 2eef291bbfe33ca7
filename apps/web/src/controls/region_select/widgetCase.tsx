import { expect } from 'vitest';
import { selectShown, chooseOption, openSelect, type WidgetCase } from '../../../test/widgetKit.tsx';

/** region_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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
};

import type { ControlType } from '@park/core';
import { expect } from 'vitest';
import { chooseOption, openSelect, selectShown, type WidgetCase } from '../../../test/widgetKit.tsx';
import { screen } from '@testing-library/react';

/** region_select: display text, value in, value out. */
const regionSelectCase: WidgetCase = {
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

/** gis_select: display text, value in, value out. */
const gisSelectCase: WidgetCase = {
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
};

/** The place family's widget cases (display text, value in, value out), collected by test/widgetCases.tsx. */
export const PLACE_CASES = {
  region_select: regionSelectCase,
  gis_select: gisSelectCase,
} satisfies Partial<Record<ControlType, WidgetCase>>;

import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import { type WidgetCase } from '../../../test/widgetKit.tsx';

/** gis_select: the widget's display text, value in and value out (collected by test/widgetCases.tsx). */
export const widgetCase: WidgetCase = {
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTROL_TYPES,
  HAZMAT_CATALOG_FORM_NAME,
  HAZMAT_VEHICLE_FORM_NAME,
  parseFormMeta,
  validateFormMeta,
  type FormControl,
} from '@park/core';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';
import { cspSourceOf } from '../../plugins/csp.ts';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({
    gis: {
      tileUrl: 'https://t{s}.tianditu.gov.cn/vec_w/wmts?TILECOL={x}&TILEROW={y}&TILEMATRIX={z}&tk=KEY',
      tileSubdomains: '01234567',
      tileAttribution: '天地图',
      reverseGeocodeUrl: 'https://geo.park.local/reverse?lat={lat}&lng={lng}',
      searchUrl: '',
    },
  });
  admin = await t.login();
});
afterAll(() => t.close());

describe('form runtime support (issue 7)', () => {
  it('serves the map settings to signed-in users only', async () => {
    const res = await t.call(admin, 'GET', '/api/form/gisConfig');
    expect(res.json()).toEqual({
      errCode: 0,
      gisConfig: {
        tileUrl: 'https://t{s}.tianditu.gov.cn/vec_w/wmts?TILECOL={x}&TILEROW={y}&TILEMATRIX={z}&tk=KEY',
        tileSubdomains: '01234567',
        attribution: '天地图',
        reverseGeocodeUrl: 'https://geo.park.local/reverse?lat={lat}&lng={lng}',
        searchUrl: '',
      },
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/form/gisConfig' })).statusCode).toBe(401);
  });

  it('widens only a placeholder host label into a CSP wildcard', () => {
    expect(cspSourceOf('https://t{s}.tianditu.gov.cn/vec_w/wmts?tk=1')).toBe('https://*.tianditu.gov.cn');
    expect(cspSourceOf('http://10.0.0.8:8080/tiles/{z}/{x}/{y}.png')).toBe('http://10.0.0.8:8080');
    expect(cspSourceOf('')).toBeNull();
    expect(cspSourceOf('javascript:alert(1)')).toBeNull();
    expect(cspSourceOf("https://a.b'c/")).toBeNull();
  });

  it('seeds the demo forms with every control type, reachable from the menu', async () => {
    const list = (await t.call(admin, 'GET', `/api/form/formconf/query?pageNum=1&pageSize=50`)).json()
      .datas as Array<{ formId: number; formName: string }>;
    const vehicle = list.find((f) => f.formName === HAZMAT_VEHICLE_FORM_NAME);
    expect(list.some((f) => f.formName === HAZMAT_CATALOG_FORM_NAME)).toBe(true);
    expect(vehicle).toBeTruthy();
    const conf = (await t.call(admin, 'GET', `/api/form/formconf/getbyid/${vehicle!.formId}`)).json()
      .formConf;
    const parsed = parseFormMeta(conf.formMeta);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(validateFormMeta(parsed.meta).ok).toBe(true);
    const types = new Set<string>();
    const walk = (list: FormControl[]) => {
      for (const c of list) {
        types.add(c.type);
        for (const column of c.columns ?? []) walk(column.list ?? []);
        walk(c.tableColumns ?? []);
      }
    };
    walk(parsed.meta.list);
    expect(CONTROL_TYPES.filter((type) => !types.has(type))).toEqual([]);
    const menus = JSON.stringify((await t.call(admin, 'GET', '/api/user/listRouter/1')).json().children);
    expect(menus).toContain(`/form/list/${vehicle!.formId}`);
    // The catalogue has its goods, for the vehicle form's pickers.
    const catalog = list.find((f) => f.formName === HAZMAT_CATALOG_FORM_NAME)!;
    const rows = await t.call(admin, 'POST', '/api/form/queryFormDataByConditions', {
      formId: catalog.formId,
      pageNum: 1,
      pageSize: 10,
    });
    expect(rows.json().totalCount).toBe(6);
  });
});

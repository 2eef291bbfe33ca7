import { describe, expect, it } from 'vitest';
import { CONTROL_DEFINITIONS as D } from '../registry.ts';
import type { FormControl } from '../types.ts';

describe('region select', () => {
  const control: FormControl = {
    type: 'region_select',
    model: 'region',
    name: '所在地',
    options: {},
    modelExt: { province: 'sheng', provinceCode: 'sheng_code', provinceName: '省份', city: 'shi', area: 'xian' },
  };

  it('honours the modelExt column names and fills the rest with the defaults', () => {
    expect(D.region_select.columns(control).map((c) => c.name)).toEqual(['sheng', 'sheng_code', 'shi', 'city_code', 'xian', 'area_code']);
    const value = { province: '北京市', provinceCode: '110000', city: '市辖区', cityCode: '110100', area: '东城区', areaCode: '110101' };
    const row = D.region_select.codec.toStored(value, control);
    expect(row).toEqual({ sheng: '北京市', sheng_code: '110000', shi: '市辖区', city_code: '110100', xian: '东城区', area_code: '110101' });
    expect(D.region_select.codec.fromStored(row, control)).toEqual(value);
  });

  it('asks for the depth its level setting names (issue 26)', () => {
    const county: FormControl = { ...control, options: { level: '3' } };
    const province = { province: '安徽省', provinceCode: '340000' };
    const city = { ...province, city: '合肥市', cityCode: '340100' };
    const area = { ...city, area: '蜀山区', areaCode: '340104' };
    expect(D.region_select.validate(province, county)).toBe('所在地请选择到区县');
    expect(D.region_select.validate(city, county)).toBe('所在地请选择到区县');
    expect(D.region_select.validate(area, county)).toBeNull();
    expect(D.region_select.validate(province, { ...control, options: { level: 2 } })).toBe('所在地请选择到市');
    expect(D.region_select.validate(city, { ...control, options: { level: 2 } })).toBeNull();
    // 东莞市 has no county level: the city is as far as the tree goes.
    expect(D.region_select.validate({ province: '广东省', provinceCode: '440000', city: '东莞市', cityCode: '441900' }, county)).toBeNull();
  });

  it('accepts a province alone when no level is set (designs made before the setting)', () => {
    expect(D.region_select.validate({ province: '北京市', provinceCode: '110000' }, control)).toBeNull();
    expect(D.region_select.validate({ province: '北京市', provinceCode: '110000', cityCode: '120100' }, control)).toBe('所在地的行政区划代码不正确');
  });
});

describe('gis select', () => {
  const base: FormControl = { type: 'gis_select', model: 'pos', name: '位置', options: {}, modelExt: { lat: 'wd', lnt: 'jd', address: 'dz' } };

  it('maps modelExt.lnt to the longitude column', () => {
    expect(D.gis_select.columns(base).map((c) => c.name)).toEqual(['wd', 'jd', 'dz']);
    expect(D.gis_select.codec.toStored({ lat: 31.81, lnt: 118.46, address: '园区' }, base)).toEqual({ wd: '31.81', jd: '118.46', dz: '园区' });
    expect(D.gis_select.codec.fromStored({ wd: '31.81', jd: '118.46', dz: '园区' }, base)).toEqual({ lat: '31.81', lng: '118.46', address: '园区' });
  });

  it('records a radius of 1 to 100000 when positionScope is on', () => {
    const scoped: FormControl = { ...base, options: { positionScope: true } };
    expect(D.gis_select.columns(scoped).map((c) => c.name)).toEqual(['wd', 'jd', 'dz', 'position_scope']);
    const value = { lat: '31.81', lng: '118.46', address: '园区', positionScope: '500' };
    expect(D.gis_select.codec.fromStored(D.gis_select.codec.toStored(value, scoped), scoped)).toEqual(value);
    expect(D.gis_select.validate(value, scoped)).toBeNull();
    expect(D.gis_select.validate({ ...value, positionScope: '0' }, scoped)).toBe('请输入1到100000之间的数字');
    expect(D.gis_select.validate({ ...value, positionScope: '100001' }, scoped)).toBe('请输入1到100000之间的数字');
  });

  it('refuses coordinates off the globe', () => {
    expect(D.gis_select.validate({ lat: '31', lng: '181', address: '' }, base)).toBe('位置的经纬度不正确');
    expect(D.gis_select.validate({ lat: 'abc', lng: '118', address: '' }, base)).toBe('位置的经纬度不正确');
    expect(D.gis_select.validate({ lat: '-90', lng: '-180', address: '' }, base)).toBeNull();
  });
});

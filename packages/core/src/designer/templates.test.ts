import { describe, expect, it } from 'vitest';
import { CONTROL_TYPES, type ControlType } from '../form/registry.ts';
import { type ControlOptions } from '../form/types.ts';
import { CONTROL_TEMPLATES, PALETTE_GROUPS } from './templates.ts';

// ControlTemplate omits from a type with an index signature, so its fields read as unknown.
const optionsOf = (type: ControlType) => CONTROL_TEMPLATES[type].options as ControlOptions;

describe('palette templates', () => {
  it('hold one template per control type, each naming its own type', () => {
    expect(Object.keys(CONTROL_TEMPLATES).sort()).toEqual([...CONTROL_TYPES].sort());
    for (const type of CONTROL_TYPES) expect(CONTROL_TEMPLATES[type].type).toBe(type);
  });

  it('give every type a Chinese display name', () => {
    for (const type of CONTROL_TYPES) expect(CONTROL_TEMPLATES[type].name).toMatch(/\p{Script=Han}/u);
    expect(PALETTE_GROUPS.map((g) => g.title)).toEqual(['基础控件', '高级控件', '布局控件']);
    expect(CONTROL_TEMPLATES.input.name).toBe('单行文本');
    expect(CONTROL_TEMPLATES.dic_select.name).toBe('数据字典');
    expect(CONTROL_TEMPLATES.m_dic_select.name).toBe('数据字典(多选)');
    expect(CONTROL_TEMPLATES.grid.name).toBe('栅格布局');
  });

  it('store gis parts in lat, lng and address columns', () => {
    expect(CONTROL_TEMPLATES.gis_select.modelExt).toMatchObject({
      lat: 'lat',
      lnt: 'lng',
      address: 'address',
    });
    expect(CONTROL_TEMPLATES.gis_select.modelExt).toMatchObject({ latName: '纬度', lntName: '经度' });
  });

  it('store region names and codes in their own columns', () => {
    const ext = CONTROL_TEMPLATES.region_select.modelExt as Record<string, unknown>;
    for (const part of ['province', 'city', 'area']) {
      expect(ext[part]).toBe(part);
      expect(ext[`${part}Code`]).toBe(`${part}_code`);
    }
  });

  it('limit uploads to 3 images of 5 MB and 3 files of 20 MB', () => {
    expect(optionsOf('image_upload')).toMatchObject({
      length: 3,
      maxFileSize: 5,
      action: '/api/file/upload',
    });
    expect(optionsOf('file_upload')).toMatchObject({
      length: 3,
      maxFileSize: 20,
      action: '/api/file/upload',
    });
  });

  it('start value controls optional, shown and enabled in both modes', () => {
    const fields = CONTROL_TYPES.filter((t) => 'required' in optionsOf(t));
    expect(fields.length).toBeGreaterThan(40);
    for (const type of fields) {
      expect(optionsOf(type), type).toMatchObject({
        required: false,
        showFields: false,
        editShowFields: false,
      });
    }
  });

  it('give each multiple picker the defaults of its single one under its own name', () => {
    const pairs = ['org', 'role', 'company', 'dic'].map((p) => [`${p}_select`, `m_${p}_select`] as const);
    for (const [one, many] of pairs) {
      const { type: _a, name: nameOne, ...restOne } = CONTROL_TEMPLATES[one as ControlType];
      const { type: _b, name: nameMany, ...restMany } = CONTROL_TEMPLATES[many as ControlType];
      expect(restMany, many).toEqual(restOne);
      expect(nameMany).toBe(`${String(nameOne)}(多选)`);
    }
  });

  it('keep the patterns of the typed text controls', () => {
    expect(optionsOf('input_mobile').pattern).toBe('/^1([3-9])\\d{9}$/');
    expect(optionsOf('input_int').pattern).toBe(optionsOf('input_long').pattern);
    expect(optionsOf('input_number')).toMatchObject({ min: 0, max: 10, enableMinMax: false });
  });

  it('share no nested object between templates', () => {
    const seen = new Set<object>();
    const walk = (value: unknown) => {
      if (typeof value !== 'object' || value === null) return;
      expect(seen.has(value)).toBe(false);
      seen.add(value);
      for (const v of Object.values(value)) walk(v);
    };
    for (const type of CONTROL_TYPES) walk(CONTROL_TEMPLATES[type]);
  });
});

/** The designer palette of the original platform (reference data) is fully covered. */
import { describe, expect, it } from 'vitest';
import palette from '../../../../../shared/reference/origin/1298350966-ioc-vue-ts/formType.config.json' with { type: 'json' };
import { validateFormMeta } from './designValidation.ts';
import { CONTROL_DEFINITIONS, isControlType } from './registry.ts';
import type { FormControl } from './types.ts';

const groups = palette as unknown as Record<string, FormControl[]>;
const entries = Object.values(groups).flat();

describe('the designer palette', () => {
  it('has a definition for every type it offers', () => {
    const types = new Set(entries.map((c) => c.type));
    expect(types.size).toBeGreaterThan(40);
    for (const type of types) expect(isControlType(type), type).toBe(true);
  });

  it('has a built-in check for every default pattern it ships', () => {
    for (const control of entries) {
      const pattern = control.options.pattern;
      if (typeof pattern !== 'string' || pattern === '' || !isControlType(control.type)) continue;
      expect(CONTROL_DEFINITIONS[control.type].supersededPatterns, control.type).toContain(pattern);
    }
  });

  it('gives each default control a valid design once it has a model', () => {
    const list = entries.map((control, index) => {
      const model = `f${index}`;
      const named: FormControl = { ...control, key: `k${index}`, model, name: `${control.name ?? ''}${index}` };
      if ('label_model' in control) named.label_model = `${model}_name`;
      if (control.modelExt) named.modelExt = Object.fromEntries(Object.entries(control.modelExt).map(([k, v]) => [k, `${model}_${String(v)}`]));
      return named;
    });
    const check = validateFormMeta({ list, config: {} });
    expect(check.errors).toEqual([]);
  });

  it('keeps the palette defaults: region and map columns, upload limits', () => {
    const byType = new Map(entries.map((c) => [c.type, c] as const));
    const region = byType.get('region_select')!;
    const gis = byType.get('gis_select')!;
    expect(CONTROL_DEFINITIONS.region_select.columns({ ...region, model: 'r' }).map((c) => c.name)).toEqual([
      'province',
      'province_code',
      'city',
      'city_code',
      'area',
      'area_code',
    ]);
    expect(CONTROL_DEFINITIONS.gis_select.columns({ ...gis, model: 'g' }).map((c) => c.name)).toEqual(['lat', 'lng', 'address']);
    expect(groups.advance!.find((c) => c.type === 'image_upload')!.options).toMatchObject({ length: 3, maxFileSize: 5 });
    expect(groups.advance!.find((c) => c.type === 'file_upload')!.options).toMatchObject({ length: 3, maxFileSize: 20 });
  });
});

/** Designs as the original client's form reads them (issue 44): every palette key on every control. */
import { describe, expect, it } from 'vitest';
import palette from '../../../../../shared/reference/origin/1298350966-ioc-vue-ts/formType.config.json' with { type: 'json' };
import { hazmatCatalogMeta, hazmatVehicleListSettings, hazmatVehicleMeta } from '../form/demoForms.ts';
import { validateFormMeta } from '../form/designValidation.ts';
import type { FormControl, FormMeta } from '../form/types.ts';
import { controlGaps, FORM_CONFIG_DEFAULTS, missingKeys, withOriginDefaults } from './originDefaults.ts';

const entries = Object.values(palette as unknown as Record<string, FormControl[]>).flat();

/** Every control of a design, sub-table columns and grid cells included. */
function allControls(list: FormControl[]): FormControl[] {
  return list.flatMap((c) => [
    c,
    ...allControls(c.tableColumns ?? []),
    ...allControls((c.columns ?? []).flatMap((col) => (Array.isArray(col.list) ? col.list : []))),
  ]);
}

/** The palette's default control of a type: its options and its other keys (not name/icon/key/model). */
function referenceOf(type: string): Record<string, unknown> | undefined {
  const ref = entries.find((e) => e.type === type);
  if (!ref) return undefined;
  const { name: _n, icon: _i, key: _k, model: _m, ...rest } = ref as unknown as Record<string, unknown>;
  return rest;
}

describe('withOriginDefaults', () => {
  it('gives every control of the seeded forms every key of its palette defaults, and a rules list', () => {
    for (const meta of [hazmatCatalogMeta(), hazmatVehicleMeta(1)]) {
      const full = withOriginDefaults(meta);
      expect(validateFormMeta(full).errors).toEqual([]);
      for (const control of allControls(full.list)) {
        const ref = referenceOf(control.type);
        if (ref) expect(controlGaps(ref, control), `${control.type} ${control.model}`).toEqual([]);
        expect(Array.isArray(control.rules), control.model).toBe(true);
      }
      expect(missingKeys(FORM_CONFIG_DEFAULTS, full.config)).toEqual([]);
    }
  });

  it('keeps what the design sets, lists included, and adds empty lists rather than the samples', () => {
    const meta: FormMeta = {
      list: [
        { type: 'select', key: 's', model: 's', name: '类型', options: { options: [{ value: '甲', label: '甲' }], width: '100%', props: { value: 'id' } } },
        { type: 'user_select', key: 'u', model: 'u', name: '人', label_model: 'u_name', options: {} },
      ],
      config: { labelWidth: 120 },
    };
    const [select, user] = withOriginDefaults(meta).list;
    expect(select!.options).toMatchObject({ options: [{ value: '甲', label: '甲' }], width: '100%', props: { value: 'id', label: 'label' }, clearable: false });
    expect(user!.options.maps).toEqual({ key: '', name: '', title: '', mapping: [] });
    expect(user!.label_model).toBe('u_name');
    expect(user!.title).toBe('人');
    const bare = withOriginDefaults({ list: [{ type: 'select', key: 'x', model: 'x', options: {} }], config: {} });
    expect(bare.list[0]!.options.options).toEqual([]);
    expect(bare.config.labelWidth).toBe(100);
    expect(withOriginDefaults(meta).config.labelWidth).toBe(120);
    expect(meta.list[1]!.options).toEqual({});
  });

  it('gives a number no range the design did not set: the palette\'s 0 to 10 would refuse 15 from a counter', () => {
    const meta: FormMeta = { list: [{ type: 'number', key: 'n', model: 'qty', name: '数量', options: {} }, { type: 'number', key: 'm', model: 'cap', name: '上限', options: { min: 1, max: 5 } }] } as FormMeta;
    const [free, ranged] = withOriginDefaults(meta).list;
    expect(free!.options).not.toHaveProperty('min');
    expect(free!.options).not.toHaveProperty('max');
    expect(free!.options).toHaveProperty('step', 1);
    expect(ranged!.options).toMatchObject({ min: 1, max: 5 });
  });

  it('serves the V1 list page its queryLayout.cols', () => {
    const meta: FormMeta = { ...hazmatCatalogMeta(), sensorSettings: hazmatVehicleListSettings(2, 1) };
    expect(withOriginDefaults(meta).sensorSettings!.queryLayout).toEqual({ columnCount: 3, cols: 3 });
    const edited: FormMeta = { ...meta, sensorSettings: { ...meta.sensorSettings, queryLayout: { columnCount: 2, cols: 3 } } };
    expect(withOriginDefaults(edited).sensorSettings!.queryLayout).toEqual({ columnCount: 2, cols: 2 });
  });
});

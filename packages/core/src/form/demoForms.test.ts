import { describe, expect, it } from 'vitest';
import { hazmatCatalogMeta, hazmatVehicleMeta } from './demoForms.ts';
import { validateFormMeta } from './designValidation.ts';
import { CONTROL_TYPES, type FormControl } from './types.ts';

function typesOf(list: FormControl[], out = new Set<string>()): Set<string> {
  for (const c of list) {
    out.add(c.type);
    for (const column of c.columns ?? []) typesOf(column.list ?? [], out);
    typesOf(c.tableColumns ?? [], out);
  }
  return out;
}

describe('demo forms', () => {
  it('are valid designs', () => {
    expect(validateFormMeta(hazmatCatalogMeta())).toEqual({ ok: true, errors: [] });
    expect(validateFormMeta(hazmatVehicleMeta(1))).toEqual({ ok: true, errors: [] });
  });

  it('use every control type, with two sub-tables', () => {
    const meta = hazmatVehicleMeta(1);
    const types = typesOf(meta.list);
    expect(CONTROL_TYPES.filter((t) => !types.has(t))).toEqual([]);
    expect(meta.list.filter((c) => c.type === 'table' || c.type === 'flow_table')).toHaveLength(2);
  });
});

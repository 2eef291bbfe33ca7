import { describe, expect, it } from 'vitest';
import { readListSettings } from '../listPage/sensorSettingsV2.ts';
import { storageColumns } from './walk.ts';
import {
  hazmatCatalogListSettings,
  hazmatCatalogMeta,
  hazmatVehicleDemoRows,
  hazmatVehicleListSettings,
  hazmatVehicleMeta,
} from './demoForms.ts';
import { validateFormMeta } from './designValidation.ts';
import { CONTROL_TYPES } from './registry.ts';
import { type FormControl } from './types.ts';

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

  it('have list pages whose conditions and columns all name real fields', () => {
    const vehicle = readListSettings({ ...hazmatVehicleMeta(1), sensorSettings: hazmatVehicleListSettings(2, 1) });
    expect(vehicle.fields.map((f) => f.input)).toEqual(['text', 'select', 'dateRange', 'multiSelect', 'select', 'text']);
    expect(vehicle.columns).toHaveLength(hazmatVehicleListSettings(2, 1).queryResults!.length);
    expect(vehicle.rowButtons.filter((b) => b.action === 'custom').map((b) => b.name)).toEqual(['车辆档案', '危化品目录']);
    const catalog = readListSettings({ ...hazmatCatalogMeta(), sensorSettings: hazmatCatalogListSettings() });
    expect(catalog.columns.map((c) => c.key)).toEqual(['goods_name', 'un_no', 'hazard_class', 'cas_no']);
  });

  it('seed vehicles only into columns the design stores', () => {
    const columns = new Set(storageColumns(hazmatVehicleMeta(1)).main.map((c) => c.name));
    const rows = hazmatVehicleDemoRows([{ id: '2', name: '安全监管科' }]);
    expect(rows.flatMap((r) => Object.keys(r)).filter((k) => !columns.has(k))).toEqual([]);
  });
});

/**
 * Every control type through the Excel codec (issue 17): for each type of core's registry, a
 * control as the designer's palette makes it gets a template note, an empty cell exports and
 * imports back to empty columns, and where a value needs no lookup table it goes out as the
 * text a person reads and comes back as the same stored value. A type whose family has no
 * entry in the codec's maps fails here (and does not compile there).
 */
import { describe, expect, it } from 'vitest';
import {
  CONTROL_DEFINITIONS,
  definitionOf,
  gisColumnsOf,
  newControl,
  SWITCH_ON,
  type ControlType,
  type FormControl,
  type FormMeta,
} from '@park/core';
import { exportCell, ImportLookups, importCell, type CellValue } from './cellCodec.ts';
import type { ColumnSpec } from './columns.ts';
import { columnHint } from './template.ts';

const meta = { list: [], config: {} } as unknown as FormMeta;
let n = 0;
const ids = { next: () => `k${(n += 1)}` };
const exportCtx = { fileNames: new Map<string, string>(), rules: new Map() };

/* Stored shapes by date kind (spec 000 §3). */
const DATES: Partial<Record<ControlType, string>> = {
  year: '2026',
  month: '05',
  year_month: '2026-05',
  date: '2026-05-01',
  datetime: '2026-05-01 08:30:00',
  time: '08:30:00',
};

function specOf(control: FormControl): ColumnSpec {
  const family = definitionOf(control)!.family;
  return { key: String(control.model), header: String(control.name), control, family };
}

/** A stored row holding one value a person can read back without a lookup table, or null. */
function sampleRow(type: ControlType, control: FormControl, spec: ColumnSpec): Record<string, string> | null {
  switch (spec.family) {
    case 'text':
      return { [spec.key]: '乙醇 UN1170' };
    case 'number':
      return { [spec.key]: type === 'slider' ? '30' : '12' };
    case 'switch':
      return { [spec.key]: SWITCH_ON };
    case 'date':
      return DATES[type] ? { [spec.key]: DATES[type]! } : null;
    case 'choice': {
      const options = (control.options as { options?: Array<{ value: unknown }> } | undefined)?.options;
      const first = Array.isArray(options) ? options[0]?.value : undefined;
      return first === undefined ? null : { [spec.key]: String(first) };
    }
    case 'gis': {
      const cols = gisColumnsOf(control);
      return { [cols.lat!]: '30.7', [cols.lng!]: '111.29', [cols.address!]: '发展大道' };
    }
    default:
      return null;
  }
}

describe('every control type through the Excel codec', () => {
  const types = Object.keys(CONTROL_DEFINITIONS) as ControlType[];

  it.each(types)('%s', (type) => {
    const control = newControl(meta, type, ids);
    const spec = specOf(control);
    expect(typeof columnHint(spec)).toBe('string');
    const lookups = new ImportLookups();

    const empty = exportCell(spec, {}, exportCtx);
    const back = importCell(spec, empty === '' ? null : (empty as CellValue), lookups);
    expect(back.ok).toBe(true);
    if (back.ok) for (const v of Object.values(back.columns)) expect(v === null || v === '' || spec.family === 'switch').toBe(true);

    const row = sampleRow(type, control, spec);
    if (!row) return;
    const cell = exportCell(spec, row, exportCtx);
    expect(cell).not.toBe('');
    const read = importCell(spec, cell as CellValue, lookups);
    expect(read).toEqual({ ok: true, columns: expect.objectContaining(row) });
  });
});

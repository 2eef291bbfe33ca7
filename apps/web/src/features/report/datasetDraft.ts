import type { DsColumn, DsMeta, SourceColumnView } from '@park/core';

/** How the dataset dialog holds its choices, and the dsMeta it saves (pure, unit-tested). */

export type ColumnUse = 'none' | 'dim' | 'measure';
export interface ColumnChoice {
  use: ColumnUse;
  alias: string;
}
export interface CalculatedDraft {
  key: string;
  table: string;
  name: string;
  express: string;
}

const SYSTEM_COLUMNS = new Set(['id', 'parent_id', 'create_by', 'create_time', 'update_by', 'update_time', 'company_id', 'org_id', 'version']);

export const columnId = (table: string, column: string) => `${table}.${column}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);

/** A first guess: numbers are measures, other business columns dimensions, system columns unused. */
export function defaultUse(c: SourceColumnView): ColumnUse {
  if (SYSTEM_COLUMNS.has(c.columnName)) return 'none';
  return c.dataType === 'Number' ? 'measure' : 'dim';
}

export function buildDsMeta(
  tables: ReadonlyArray<{ table: string; columns: readonly SourceColumnView[] }>,
  choices: Readonly<Record<string, ColumnChoice>>,
  calculated: readonly CalculatedDraft[],
  /** An edited dataset left its other columns out on purpose: they stay out. */
  unchosen: 'guess' | 'none' = 'guess',
): DsMeta {
  const meta: DsMeta = { dim: [], measure: [] };
  for (const { table, columns } of tables) {
    for (const c of columns) {
      const id = columnId(table, c.columnName);
      const choice = choices[id] ?? { use: unchosen === 'guess' ? defaultUse(c) : 'none', alias: '' };
      if (choice.use === 'none') continue;
      const col: DsColumn = { id, table, column: c.columnName, desc: c.columnDesc, dataType: c.dataType, alias: choice.alias.trim(), express: '' };
      meta[choice.use === 'dim' ? 'dim' : 'measure'].push(col);
    }
  }
  calculated.forEach((f, i) => {
    const column = `calc_${i + 1}`;
    meta.measure.push({ id: columnId(f.table, column), table: f.table, column, desc: f.name.trim() || column, dataType: 'Number', alias: '', express: f.express.trim() });
  });
  return meta;
}

/** The choices a saved dataset stands for, to edit it again. */
export function choicesOf(meta: DsMeta): { tables: string[]; choices: Record<string, ColumnChoice>; calculated: CalculatedDraft[] } {
  const choices: Record<string, ColumnChoice> = {};
  const calculated: CalculatedDraft[] = [];
  const tables: string[] = [];
  for (const [use, list] of [['dim', meta.dim], ['measure', meta.measure]] as const) {
    for (const c of list) {
      if (!tables.includes(c.table)) tables.push(c.table);
      if (c.express) calculated.push({ key: c.id, table: c.table, name: c.desc, express: c.express });
      else choices[columnId(c.table, c.column)] = { use, alias: c.alias };
    }
  }
  return { tables, choices, calculated };
}

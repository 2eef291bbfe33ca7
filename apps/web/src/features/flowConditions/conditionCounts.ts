import type { ConditionConf, FieldCond } from '@park/core';

const countCond = (c: FieldCond): number => (Array.isArray(c.groups) ? c.groups.reduce((n, g) => n + countCond(g), 0) : 1);

/** How many field conditions and field-update conditions a branch holds (the drawer's card counts). */
export function conditionCounts(conf: ConditionConf): { fields: number; updates: number } {
  const groups = conf.condition?.fieldConds?.conditions ?? [];
  return {
    fields: groups.reduce((n, g) => n + (g.conds ?? []).reduce((m, c) => m + countCond(c), 0), 0),
    updates: (conf.condition?.fieldUpdateConds ?? []).length,
  };
}

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

/** A branch's conf with both parts present (spec 001 §3.5). */
export function normalCondition(conf: ConditionConf | undefined): Required<NonNullable<ConditionConf['condition']>> {
  const c = conf?.condition ?? {};
  return {
    fieldConds: { condType: c.fieldConds?.condType ?? 'and', conditions: c.fieldConds?.conditions ?? [] },
    fieldUpdateConds: c.fieldUpdateConds ?? [],
  };
}

export const UPDATE_WAY_TEXT: Record<'0' | '1' | '2', string> = { '0': '任意变化', '1': '从指定值变为指定值', '2': '变为指定值' };

import type { ConditionConf } from '@park/core';

export { conditionCounts } from '../../../../flowConditions/index.ts';

/** A branch's conf with both parts present (spec 001 §3.5). */
export function normalCondition(conf: ConditionConf | undefined): Required<NonNullable<ConditionConf['condition']>> {
  const c = conf?.condition ?? {};
  return {
    fieldConds: { condType: c.fieldConds?.condType ?? 'and', conditions: c.fieldConds?.conditions ?? [] },
    fieldUpdateConds: c.fieldUpdateConds ?? [],
  };
}

export const UPDATE_WAY_TEXT: Record<'0' | '1' | '2', string> = { '0': '任意变化', '1': '从指定值变为指定值', '2': '变为指定值' };

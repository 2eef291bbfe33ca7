import type { FormMeta, QueryConditionSetting } from '../form/types.ts';
import { definitionOf } from '../form/registry.ts';
import { isRecord } from '../form/lib/values.ts';
import { listColumnChoices, matchTypesFor, type ColumnChoice, type ListMatchType } from './normalize.ts';

/**
 * The query bar a new form's list page starts with (issue 26): without one, a first-time
 * administrator's list had no way to search until they found 列表页设置. In design order: the first
 * text fields matched loosely, single choices matched exactly, the first date as a range. Offered
 * at the first 发布 only, and edited afterwards in 列表页设置 like any other setting.
 */
const TAKE: ReadonlyArray<{ pick: (c: ColumnChoice) => boolean; opt: ListMatchType; max: number }> = [
  { pick: (c) => familyOf(c) === 'text', opt: '$like', max: 2 },
  { pick: (c) => familyOf(c) === 'choice' && matchTypesFor(c)[0] === '$eq', opt: '$eq', max: 2 },
  { pick: (c) => familyOf(c) === 'date', opt: '$in', max: 1 },
];

function familyOf(choice: ColumnChoice): string | undefined {
  return choice.control ? definitionOf(choice.control)?.family : undefined;
}

export function defaultQueryConditions(meta: FormMeta): QueryConditionSetting[] {
  const taken = new Map<string, ListMatchType>();
  const choices = listColumnChoices(meta).filter((c) => c.control !== null);
  for (const rule of TAKE) {
    for (const c of choices.filter(rule.pick).slice(0, rule.max)) taken.set(c.key, rule.opt);
  }
  return choices.filter((c) => taken.has(c.key)).map((c) => ({ key: c.key, opt: taken.get(c.key)!, label: c.label }));
}

/** Whether the design's list page has any query condition set. */
export function hasQueryConditions(meta: FormMeta): boolean {
  const settings = isRecord(meta.sensorSettings) ? meta.sensorSettings : {};
  return Array.isArray(settings.queryConditions) && settings.queryConditions.length > 0;
}

/** The design with the default query bar when it has none (the same design when nothing fits). */
export function withDefaultQueryBar(meta: FormMeta): FormMeta {
  if (hasQueryConditions(meta)) return meta;
  const queryConditions = defaultQueryConditions(meta);
  if (queryConditions.length === 0) return meta;
  return { ...meta, sensorSettings: { ...(isRecord(meta.sensorSettings) ? meta.sensorSettings : {}), queryConditions } };
}

import { isMatchType } from '../../query/matchTypes.ts';
import { needsNumber, needsValue } from '../conditions.ts';
import { FLOW_TEXT } from '../messages.ts';
import type { NodeDefinition } from '../registry.ts';
import type { ConditionConf, FieldCond } from '../types.ts';

/*
 * The route and its field-condition branches, shared by automations (route 3, branch 2) and
 * approvals (route 4, branch 3): the two kinds number them differently (their original designers
 * did), so each registry makes its own from these with its type number.
 */

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

function checkCond(c: FieldCond): string | null {
  if (Array.isArray(c.groups)) {
    for (const g of c.groups) {
      const p = checkCond(g);
      if (p) return p;
    }
    return null;
  }
  if (!c.model || !isMatchType(c.matchType)) return FLOW_TEXT.filterRow;
  if (needsValue(c.matchType) && blank(c.value)) return FLOW_TEXT.filterRow;
  if (needsNumber(c.matchType) && !Number.isInteger(Number(c.value))) return FLOW_TEXT.relativeNumber;
  return null;
}

/** The condition drawer's checks (spec 001 §5.3, §5.5). */
export function checkConditionConf(conf: ConditionConf): string | null {
  for (const g of conf.condition?.fieldConds?.conditions ?? []) {
    for (const c of g.conds ?? []) {
      const p = checkCond(c);
      if (p) return p;
    }
  }
  for (const u of conf.condition?.fieldUpdateConds ?? []) {
    if (!u.model || !['0', '1', '2'].includes(String(u.updateWay))) return FLOW_TEXT.updateCond;
    if (String(u.updateWay) === '1' && (blank(u.beforeValue) || blank(u.afterValue))) return FLOW_TEXT.updateCond;
    if (String(u.updateWay) === '2' && blank(u.assignValue)) return FLOW_TEXT.updateCond;
  }
  return null;
}

/** One branch of a route, named 条件N with priority N, on the record's fields. No conditions: it always holds (其他情况). */
export function fieldConditionNode(type: number): NodeDefinition {
  return {
    type,
    label: '条件',
    branchRule: 'branch',
    deletable: true,
    template: (priority = 1) => ({
      nodeName: `条件${priority}`,
      type,
      priorityLevel: priority,
      conf: { condition: { fieldConds: { condType: 'and', conditions: [] }, fieldUpdateConds: [] } },
      childNode: null,
    }),
    check: (node) => checkConditionConf((node.conf ?? {}) as ConditionConf),
  };
}

/** A route: its branches are tried by priorityLevel and the first that holds is taken; it needs two. */
export function routeNodeOf(type: number): NodeDefinition {
  return {
    type,
    label: '路由',
    branchRule: 'branches',
    deletable: true,
    template: () => ({ nodeName: '路由', type, conditionNodes: [], childNode: null }),
    check: (node) => ((node.conditionNodes ?? []).length >= 2 ? null : FLOW_TEXT.routeBranches),
  };
}

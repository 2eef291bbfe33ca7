import { traitsOfType } from '../../form/registry.ts';
import { isMatchType } from '../../query/matchTypes.ts';
import { needsNumber, needsValue } from '../conditions.ts';
import { FLOW_TEXT } from '../messages.ts';
import { checkRecipient } from '../recipientCheck.ts';
import type { CheckContext, NodeDefinition } from '../registry.ts';
import { CALCULATIONS, FORM_EVENTS, type ActionConfs, type ActionType, type ColumnConf, type FilterItem, type FlowNode, type FormTaskConf, type MsgTaskConf } from '../types.ts';

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === '';

/** The filter dialog's check (spec 001 §5.3): every row needs a field and a match type, and a value where one is taken. */
export function checkFilter(items: FilterItem[] | undefined): string | null {
  for (const item of items ?? []) {
    if (!item.model || !Array.isArray(item.conds) || item.conds.length === 0) return FLOW_TEXT.filterRow;
    for (const c of item.conds) {
      if (!isMatchType(c.matchType)) return FLOW_TEXT.filterRow;
      if (needsValue(c.matchType) && blank(c.value)) return FLOW_TEXT.filterRow;
      if (needsNumber(c.matchType) && String(c.valueType ?? '0') !== '1' && !Number.isInteger(Number(c.value))) return FLOW_TEXT.relativeNumber;
    }
  }
  return null;
}

function checkColumns(columns: ColumnConf[] | undefined, action: string): string | null {
  for (const c of columns ?? []) {
    if (!c.model) return FLOW_TEXT.fields;
    if (traitsOfType(c.cType).numberEntry && blank(c.value)) return FLOW_TEXT.inputValue(c.name ?? c.model);
    if (action === 'update' && !(CALCULATIONS as readonly string[]).includes(String(c.formula ?? ''))) return FLOW_TEXT.calculation;
  }
  return null;
}

function checkFormTask(conf: FormTaskConf, ctx: CheckContext): string | null {
  if (!conf.action || !FORM_EVENTS.includes(conf.action)) return FLOW_TEXT.action;
  const form = conf.formConf ?? {};
  if (blank(form.formId) || !/^[1-9]\d*$/.test(String(form.formId))) return FLOW_TEXT.form;
  if (ctx.triggerFormId !== null && String(form.formId) === ctx.triggerFormId) return FLOW_TEXT.sameForm;
  if (conf.action !== 'insert' && (form.filter ?? []).length === 0) return FLOW_TEXT.mainFilter;
  const filterProblem = checkFilter(form.filter);
  if (filterProblem) return filterProblem;
  if (conf.action !== 'delete') {
    const columnProblem = checkColumns(form.columns, conf.action);
    if (columnProblem) return columnProblem;
  }
  for (const sub of form.subTable ?? []) {
    if (!sub.operate) continue;
    if (!sub.key) return FLOW_TEXT.fields;
    // A new record has no rows to pick from, so sub-rows written by an insert need no filter.
    const picksRows = conf.action !== 'insert' && sub.operate !== 'insert';
    if (picksRows && (sub.filter ?? []).length === 0) return FLOW_TEXT.subFilter;
    const problem = checkFilter(sub.filter) ?? (sub.operate === 'delete' ? null : checkColumns(sub.columns, sub.operate));
    if (problem) return problem;
  }
  return null;
}

function checkMsgTask(conf: MsgTaskConf): string | null {
  if (blank(conf.title)) return FLOW_TEXT.title;
  if (blank(conf.content)) return FLOW_TEXT.content;
  // 跳转地址 is optional (issue 42): a message without one opens nothing, which a notice needs not.
  return checkRecipient(conf.recipient);
}

/** One action type: its empty conf (spec 001 §4: changing the type resets the conf to it) and its save check. */
export interface ActionDefinition<K extends ActionType> {
  template(): ActionConfs[K];
  check(conf: ActionConfs[K], ctx: CheckContext): string | null;
}

/** Every action type, exhaustively (spec 001 §3.3). */
export const ACTION_DEFINITIONS: { [K in ActionType]: ActionDefinition<K> } = {
  formTask: {
    template: () => ({ actionType: 'formTask', action: '', formConf: { formId: null, formName: '', columns: [], subTable: [] } }),
    check: checkFormTask,
  },
  msgTask: {
    template: () => ({
      actionType: 'msgTask',
      messageType: '0',
      title: '',
      content: '',
      menuUrl: '',
      recipient: { type: 1, person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] },
    }),
    check: (conf) => checkMsgTask(conf),
  },
};

export const ACTION_TYPES = Object.keys(ACTION_DEFINITIONS) as ActionType[];

export function isActionType(value: unknown): value is ActionType {
  return typeof value === 'string' && Object.hasOwn(ACTION_DEFINITIONS, value);
}

/** The action type an action node's conf names; null when it names none (or one that does not exist). */
export function actionTypeOf(node: FlowNode): ActionType | null {
  const type = (node.conf as { actionType?: unknown } | undefined)?.actionType;
  return isActionType(type) ? type : null;
}

function checkAction<K extends ActionType>(type: K, conf: ActionConfs[K], ctx: CheckContext): string | null {
  return ACTION_DEFINITIONS[type].check(conf, ctx);
}

/** Type 1: an action (spec 001 §3.3, §5.2). */
export const actionNode: NodeDefinition = {
  type: 1,
  label: '动作',
  branchRule: 'none',
  deletable: true,
  template: () => ({ nodeName: '动作', type: 1, error: true, conf: { actionType: '' }, childNode: null }),
  check(node, ctx) {
    const type = actionTypeOf(node);
    return type ? checkAction(type, node.conf as ActionConfs[typeof type], ctx) : FLOW_TEXT.actionType;
  },
};

import type { PackagedAutomation } from '../../package.ts';
import { AUTOMATION_NODES } from '../../../flow/automation/index.ts';
import { checkFlowTree } from '../../../flow/check.ts';
import { withNodeIds } from '../../../flow/tree.ts';
import { AUTOMATION_NODE_TYPES, type FlowNode } from '../../../flow/types.ts';
import { isRecord } from '../../../form/lib/values.ts';
import { APP_CODE, FORM_REF_PREFIX } from '../../format.ts';
import { flowRoleCodes, portabilityProblems } from '../flows/tree.ts';
import { compareAction, nonEmpty, partNotes, sameJson, type PartKind } from '../types.ts';
import { mapAutomationFormRefs, MESSAGE_RECIPIENT } from './refs.ts';


/** The trigger form's code of a packaged automation. */
export const automationFormCode = (a: PackagedAutomation): string => String((a.tree.conf as { destId?: unknown } | undefined)?.destId ?? '').slice(FORM_REF_PREFIX.length);

export const automationsKind: PartKind<PackagedAutomation> = {
  kind: 'automation',
  label: '自动化',
  key: 'automations',
  code: APP_CODE,
  optional: true,
  codeOf: (a) => a.code,
  read(code, raw, ctx) {
    if (!isRecord(raw) || raw.code !== code) return { part: null, reasons: [`自动化「${code}」的内容不合法`] };
    if (!nonEmpty(raw.flowName)) return { part: null, reasons: [`自动化「${code}」缺少名称，或名称超过 100 字`] };
    const label = `自动化「${raw.flowName}」`;
    if (raw.status !== 0 && raw.status !== 1) return { part: null, reasons: [`${label}的状态不合法`] };
    const notes = partNotes(raw.notes);
    if (notes === null) return { part: null, reasons: [`${label}的说明不合法`] };
    if (!isRecord(raw.tree)) return { part: null, reasons: [`${label}不合法`] };
    let tree: FlowNode;
    try {
      tree = withNodeIds(raw.tree as FlowNode);
    } catch {
      return { part: null, reasons: [`${label}不合法`] };
    }
    // Forms by code only, and only the package's: the designer's checks then run on stand-in ids.
    const codes = (ctx.read.forms ?? []).map((f) => f.code);
    const outside: string[] = [];
    const standIn = mapAutomationFormRefs(tree, (ref) => {
      const i = ref.startsWith(FORM_REF_PREFIX) ? codes.indexOf(ref.slice(FORM_REF_PREFIX.length)) : -1;
      if (i < 0) outside.push(ref);
      return i < 0 ? null : String(i + 1);
    });
    const reasons = outside.map((ref) => `${label}引用的表单「${ref.startsWith(FORM_REF_PREFIX) ? ref.slice(FORM_REF_PREFIX.length) : ref}」不在应用包中`);
    if (tree.type !== AUTOMATION_NODE_TYPES.trigger || !String((tree.conf as { destId?: unknown } | undefined)?.destId ?? '').startsWith(FORM_REF_PREFIX)) reasons.push(`${label}缺少触发表单`);
    if (reasons.length === 0) reasons.push(...checkFlowTree(standIn.tree, AUTOMATION_NODES, 0).map((p) => `${label}：${p.nodeName ? `${p.nodeName}：` : ''}${p.message}`));
    reasons.push(...portabilityProblems(tree, AUTOMATION_NODE_TYPES.condition, MESSAGE_RECIPIENT).map((p) => `${label}：${p}`));
    return { part: { code, flowName: raw.flowName, status: raw.status, tree, notes }, reasons };
  },
  preview(automations, { state }) {
    const reasons: string[] = [];
    const notes: string[] = [];
    const installed = state.portable?.get('automation');
    const parts = automations.map((a) => {
      notes.push(...a.notes.map((n) => `自动化「${a.flowName}」：${n}`));
      const lacking = flowRoleCodes(a.tree, MESSAGE_RECIPIENT).filter((c) => state.roleCodes !== undefined && !state.roleCodes.has(c));
      if (lacking.length > 0) reasons.push(`自动化「${a.flowName}」使用的角色「${lacking.join('、')}」在本系统中不存在：请先创建这些角色`);
      const action = compareAction(installed?.get(a.code), { flowName: a.flowName, tree: a.tree }, sameJson);
      return { kind: 'automation', label: '自动化', code: a.code, name: a.flowName, action, added: [], changed: [] };
    });
    return { parts, reasons, notes };
  },
};

export { mapAutomationFormRefs, MESSAGE_RECIPIENT } from './refs.ts';


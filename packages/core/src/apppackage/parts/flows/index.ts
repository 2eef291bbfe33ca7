import type { PackagedFlow } from '../../package.ts';
import { APP_CODE } from '../../format.ts';
import { compareAction, sameJson, type PartKind } from '../types.ts';
import { flowProblems, flowRoleCodes } from './tree.ts';


export const flowsKind: PartKind<PackagedFlow> = {
  kind: 'flow',
  label: '审批流程',
  key: 'flows',
  code: APP_CODE,
  optional: true,
  codeOf: (f) => f.form,
  read(code, raw, ctx) {
    const r = flowProblems(code, raw, new Map((ctx.read.forms ?? []).map((f) => [f.code, f])));
    return { part: r.flow, reasons: r.reasons };
  },
  preview(flows, { state, formName }) {
    const reasons: string[] = [];
    const notes: string[] = [];
    const installed = state.portable?.get('flow');
    const parts = flows.map((flow) => {
      const name = formName(flow.form);
      notes.push(...flow.notes.map((n) => `表单「${name}」的审批流程：${n}`));
      const lacking = flowRoleCodes(flow.tree).filter((c) => state.roleCodes !== undefined && !state.roleCodes.has(c));
      if (lacking.length > 0) reasons.push(`表单「${name}」的审批流程使用的角色「${lacking.join('、')}」在本系统中不存在：请先创建这些角色`);
      return { kind: 'flow', label: '审批流程', code: flow.form, name: `${name}（审批流程）`, action: compareAction(installed?.get(flow.form), flow.tree, sameJson), added: [], changed: [] };
    });
    return { parts, reasons, notes };
  },
};

export * from './tree.ts';


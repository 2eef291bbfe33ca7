import { localFlowTree, portableFlowTree, type PackagedFlow } from '@park/core';
import { activeFlows, installFlow } from '../../repo.ts';
import { PackageRefused } from '../../refused.ts';
import type { ServerPartKind } from '../types.ts';

/** Approval flows: each packaged form's deployed flow, roles by code; 卸载 takes it with its form (cascade). */
export const serverFlows: ServerPartKind<'flows'> = {
  key: 'flows',
  async export(db, sel) {
    const flows: PackagedFlow[] = [];
    for (const [formId, flow] of await activeFlows(db, sel.formIds)) {
      const portable = portableFlowTree(flow.tree, (id) => sel.roles.codeOf.get(id) ?? null);
      flows.push({ form: sel.codeOf.get(formId)!, modelName: flow.modelName, tree: portable.tree, notes: portable.notes });
    }
    return flows.sort((a, b) => (a.form < b.form ? -1 : 1));
  },
  async portable(db, target) {
    const codeOf = new Map([...target.formIds].map(([code, id]) => [id, code]));
    const out = new Map<string, unknown>();
    for (const [formId, flow] of await activeFlows(db, [...target.formIds.values()])) {
      out.set(codeOf.get(formId)!, portableFlowTree(flow.tree, (id) => target.roles.codeOf.get(id) ?? null).tree);
    }
    return out;
  },
  async install(flows, { trx, userId, preview, target, formIds }) {
    const out = [];
    // After the designs: a flow names its form's fields. An unchanged flow keeps its active version.
    for (const flow of flows) {
      const local = localFlowTree(flow.tree, (code) => target.roles.idOf.get(code) ?? null);
      if (local.missingRoles.length > 0) throw new PackageRefused([`审批流程使用的角色「${local.missingRoles.join('、')}」在本系统中不存在`]);
      const deploy = preview.parts.find((p) => p.kind === 'flow' && p.code === flow.form)?.action !== '不变';
      out.push({ kind: 'flow' as const, code: flow.form, localId: await installFlow(trx, formIds.get(flow.form)!, { modelName: flow.modelName, tree: local.tree, deploy }, userId) });
    }
    return out;
  },
};

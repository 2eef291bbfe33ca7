import { FORM_REF_PREFIX, localFlowTree, mapAutomationFormRefs, MESSAGE_RECIPIENT, portableFlowTree, type FlowNode, type PackagedAutomation } from '@park/core';
import { AppError, badRequest } from '../../../../plugins/errors.ts';
import { flowDefinitions, flowsOfForms, installPackagedFlow, removePackagedFlow } from '../../../automation/index.ts';
import { partCodes } from '../../repo.ts';
import { madeCode, PackageRefused } from '../../refused.ts';
import type { InstalledPart, ServerPartKind, Target } from '../types.ts';

/*
 * Automations (自动化): every live automation a packaged form triggers, as its designer saved it;
 * forms by `@form:<code>`, a message's roles by `@role:<code>` (people dropped with a note). The
 * install saves it through the automation module's own save (the same checks, in the package's
 * transaction); 卸载 deletes it as 删除 does.
 */

function portable(tree: FlowNode, codeOf: ReadonlyMap<string, string>, roleCodeOf: (id: string) => string | null) {
  const forms = mapAutomationFormRefs(tree, (id) => (codeOf.has(id) ? `${FORM_REF_PREFIX}${codeOf.get(id)}` : null));
  return { ...portableFlowTree(forms.tree, roleCodeOf, MESSAGE_RECIPIENT), unmapped: forms.unmapped };
}

const installedIds = (target: Target) => target.parts.get('automation') ?? new Map<string, string>();

export const serverAutomations: ServerPartKind<'automations'> = {
  key: 'automations',
  async export(db, sel) {
    const flows = await flowsOfForms(db, sel.formIds);
    const known = await partCodes(db, 'automation', flows.map((f) => f.id));
    const out: PackagedAutomation[] = [];
    const used = new Set<string>();
    for (const f of flows) {
      const p = portable(f.nodeConfig, sel.codeOf, (id) => sel.roles.codeOf.get(id) ?? null);
      if (p.unmapped.length > 0) throw badRequest(`自动化「${f.flowName}」写入的表单不在应用中：请在新建应用时一并选择该表单`);
      let code = known.get(f.id) ?? madeCode('a', `${sel.codeOf.get(f.formId)}:${f.flowName}`);
      for (let i = 2; used.has(code); i++) code = `${code.slice(0, 13)}_${i}`;
      used.add(code);
      out.push({ code, flowName: f.flowName, status: f.status === 1 ? 1 : 0, tree: p.tree, notes: p.notes });
    }
    return out;
  },
  async portable(db, target) {
    const ids = installedIds(target);
    const defs = await flowDefinitions(db, [...ids.values()]);
    const codeOf = new Map([...target.formIds].map(([code, id]) => [id, code]));
    const out = new Map<string, unknown>();
    for (const [code, id] of ids) {
      const def = defs.get(id);
      if (def) out.set(code, { flowName: def.flowName, tree: portable(def.nodeConfig, codeOf, (r) => target.roles.codeOf.get(r) ?? null).tree });
    }
    return out;
  },
  async install(automations, { trx, userId, preview, target, formIds }) {
    const out: InstalledPart[] = [];
    const had = installedIds(target);
    for (const a of automations) {
      const action = preview.parts.find((p) => p.kind === 'automation' && p.code === a.code)?.action;
      if (action === '不变' && had.has(a.code)) {
        out.push({ kind: 'automation', code: a.code, localId: had.get(a.code)! });
        continue;
      }
      const roles = localFlowTree(a.tree, (code) => target.roles.idOf.get(code) ?? null, MESSAGE_RECIPIENT);
      if (roles.missingRoles.length > 0) throw new PackageRefused([`自动化「${a.flowName}」使用的角色「${roles.missingRoles.join('、')}」在本系统中不存在`]);
      const local = mapAutomationFormRefs(roles.tree, (ref) => (ref.startsWith(FORM_REF_PREFIX) ? (formIds.get(ref.slice(FORM_REF_PREFIX.length)) ?? null) : null));
      if (local.unmapped.length > 0) throw new PackageRefused([`自动化「${a.flowName}」引用的表单不在应用包中`]);
      try {
        const id = await installPackagedFlow(trx, { flowId: had.get(a.code) ?? null, flowName: a.flowName, nodeConfig: local.tree, status: a.status, userId });
        out.push({ kind: 'automation', code: a.code, localId: id });
      } catch (err) {
        // The designer's own save refused it (a field the form lacks …): the package is refused, the automation named.
        if (err instanceof AppError) throw new PackageRefused([`自动化「${a.flowName}」：${err.message}`]);
        throw err;
      }
    }
    return out;
  },
  async uninstall(trx, _ctx, installed) {
    const reasons: string[] = [];
    for (const id of installed.values()) {
      const why = await removePackagedFlow(trx, id);
      if (why) reasons.push(why);
    }
    return reasons;
  },
};

import { checkApprovalTree } from '../../../flow/approval/index.ts';
import { APPROVAL_NODE_TYPES } from '../../../flow/approval/types.ts';
import { checkRecipient } from '../../../flow/recipientCheck.ts';
import { walkNodes, withNodeIds } from '../../../flow/tree.ts';
import type { ConditionConf, FieldCond, FlowNode, Recipient } from '../../../flow/types.ts';
import { IDENTIFIER } from '../../../form/designValidation.ts';
import { isRecord } from '../../../form/lib/values.ts';
import { flattenControls } from '../../../form/walk.ts';
import { partNotes, sameJson } from '../types.ts';
import type { PackagedFlow, PackagedForm } from '../../package.ts';

/*
 * A form's approval flow in a package (ADR 0054, part 2). Roles travel by role code
 * (`@role:<code>` where the installation has a role id); individual users and organisations are
 * ids of one installation only, so export drops them with a note, and an approver left with nobody
 * falls back to the designer's default (the initiator's direct supervisor). A packaged tree that
 * still names an id is refused: it would pick whoever holds that id in the target.
 */

export const ROLE_REF_PREFIX = '@role:';
const ROLE_CODE = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const ROLE_LISTS = ['role', 'orgAndRole', 'dyncUserAndRole', 'dyncOrgAndRole', 'dyncCompanyAndRole', 'cuserOrgAndRole'] as const;

type RoleMap = (roleId: string) => string | null;

const fallbackRecipient = (): Recipient => ({ type: 2, leader: 1, person: [], role: [], orgAndRole: [], dyncUserAndRole: [], dyncOrgAndRole: [], conditions: [] });

/**
 * Where a node keeps its recipient: an approval node on itself, an automation's message action in
 * its conf. The same role-code rules serve both (ADR 0054 part 3).
 */
export interface RecipientPlace {
  get(node: FlowNode): unknown;
  /** A copy of `node` (already shallow-copied) with its recipient set. */
  set(node: FlowNode, r: Recipient): void;
}

export const APPROVAL_RECIPIENT: RecipientPlace = {
  get: (node) => node.recipient,
  set: (node, r) => {
    node.recipient = r;
  },
};

/** Copies a tree, mapping every node's recipient with `map`. */
function mapRecipients(root: FlowNode, map: (r: Recipient, node: FlowNode) => Recipient, place: RecipientPlace): FlowNode {
  const visit = (node: FlowNode): FlowNode => {
    const out: FlowNode = { ...node };
    const r = place.get(node);
    if (isRecord(r)) place.set(out, map(r as unknown as Recipient, node));
    if (node.childNode) out.childNode = visit(node.childNode);
    if (Array.isArray(node.conditionNodes)) out.conditionNodes = node.conditionNodes.map(visit);
    return out;
  };
  return visit(root);
}

type RoleEntry = { roleId: string | number; roleName?: string };

/** The recipient with the role ids of every role list replaced by `map`; entries it cannot map left out (named in `lost`). */
function mapRoles(r: Recipient, map: RoleMap, lost: string[]): Recipient {
  const out: Record<string, unknown> = { ...r };
  for (const key of ROLE_LISTS) {
    const list = r[key] as RoleEntry[] | undefined;
    if (!Array.isArray(list)) continue;
    const kept: RoleEntry[] = [];
    for (const item of list) {
      const to = map(String(item.roleId));
      if (to === null) lost.push(String(item.roleName ?? item.roleId));
      else kept.push({ ...item, roleId: to });
    }
    out[key] = kept;
  }
  return out as unknown as Recipient;
}

/**
 * One recipient made portable: role ids to `@role:<code>`, users and organisations dropped, each
 * said in `notes` about `where` (节点「…」, 数据提醒「…」). Null: nobody is left (the caller picks its fallback).
 */
export function portableRecipient(r: Recipient, roleCodeOf: (roleId: string) => string | null, where: string, notes: string[]): Recipient | null {
  const lost: string[] = [];
  const toRef: RoleMap = (id) => {
    const code = roleCodeOf(id);
    return code !== null && ROLE_CODE.test(code) ? `${ROLE_REF_PREFIX}${code}` : null;
  };
  const out = mapRoles(r, toRef, lost);
  if (Array.isArray(r.person) && r.person.length > 0) {
    notes.push(`${where}指定的人员（${r.person.map((p) => p.name ?? p.id).join('、')}）不随应用包导出`);
    out.person = [];
  }
  if (Array.isArray(out.orgAndRole) && out.orgAndRole.length > 0) {
    notes.push(`${where}指定的组织（${out.orgAndRole.map((o) => o.orgName ?? o.orgId).join('、')}）不随应用包导出`);
    out.orgAndRole = [];
  }
  if (lost.length > 0) notes.push(`${where}的角色（${lost.join('、')}）没有角色编码，不随应用包导出`);
  return checkRecipient(out) === null ? out : null;
}

/** The installation's tree made portable: role ids to `@role:<code>`, users and organisations dropped (said in `notes`). */
export function portableFlowTree(tree: FlowNode, roleCodeOf: (roleId: string) => string | null, place: RecipientPlace = APPROVAL_RECIPIENT): { tree: FlowNode; notes: string[] } {
  const notes: string[] = [];
  const mapped = mapRecipients(tree, (r, node) => {
    const out = portableRecipient(r, roleCodeOf, `节点「${node.nodeName}」`, notes);
    if (out !== null) return out;
    notes.push(`节点「${node.nodeName}」导入后改为发起人的直属主管，请在流程设计中重新指定`);
    return fallbackRecipient();
  }, place);
  return { tree: mapped, notes };
}

/** A packaged recipient with `@role:<code>` replaced by the installation's role ids; the codes it lacks are added to `missing`. */
export function localRecipient(r: Recipient, roleIdOf: (code: string) => string | null, missing: Set<string>): Recipient {
  const toId: RoleMap = (ref) => {
    const code = ref.startsWith(ROLE_REF_PREFIX) ? ref.slice(ROLE_REF_PREFIX.length) : ref;
    const id = roleIdOf(code);
    if (id === null) missing.add(code);
    return id;
  };
  return mapRoles(r, toId, []);
}

/** A packaged tree with `@role:<code>` replaced by the installation's role ids; the codes it lacks. */
export function localFlowTree(tree: FlowNode, roleIdOf: (code: string) => string | null, place: RecipientPlace = APPROVAL_RECIPIENT): { tree: FlowNode; missingRoles: string[] } {
  const missing = new Set<string>();
  const mapped = mapRecipients(tree, (r) => localRecipient(r, roleIdOf, missing), place);
  return { tree: mapped, missingRoles: [...missing] };
}

/** Role codes a packaged recipient names. */
export function recipientRoleCodes(r: Recipient | undefined): string[] {
  const out: string[] = [];
  for (const key of ROLE_LISTS) for (const item of (r?.[key] as Array<{ roleId: unknown }> | undefined) ?? []) out.push(String(item.roleId).slice(ROLE_REF_PREFIX.length));
  return out;
}

/** Why a packaged recipient cannot be installed, or []: people and organisations by id, roles not by code. */
export function recipientPortabilityProblems(r: unknown, where: string, whom = '审批人'): string[] {
  if (!isRecord(r)) return [`${where}的${whom}不合法`];
  const rec = r as unknown as Recipient;
  const out: string[] = [];
  if ((rec.person ?? []).length > 0 || (rec.orgAndRole ?? []).some((o) => o.orgId !== undefined && o.orgId !== '')) out.push(`${where}指定了本系统的人员或组织编号，应用包不能携带`);
  for (const key of ROLE_LISTS) {
    const list = rec[key] as Array<{ roleId: unknown }> | undefined;
    if (list !== undefined && (!Array.isArray(list) || list.some((x) => !isRecord(x) || typeof x.roleId !== 'string' || !x.roleId.startsWith(ROLE_REF_PREFIX) || !ROLE_CODE.test(x.roleId.slice(ROLE_REF_PREFIX.length))))) {
      out.push(`${where}的角色须以角色编码引用（@role:编码）`);
    }
  }
  return out;
}

/** Role codes a packaged tree names. */
export function flowRoleCodes(tree: FlowNode, place: RecipientPlace = APPROVAL_RECIPIENT): string[] {
  const out = new Set<string>();
  for (const node of walkNodes(tree)) for (const code of recipientRoleCodes(place.get(node) as Recipient | undefined)) out.add(code);
  return [...out];
}

function condModels(c: FieldCond, out: string[]): void {
  if (Array.isArray(c.groups)) for (const g of c.groups) condModels(g, out);
  else out.push(String(c.model ?? ''));
}

/**
 * Why a packaged tree's recipients or conditions cannot be installed, or []: people and
 * organisations by id, roles not by code, condition fields outside the identifier whitelist.
 */
export function portabilityProblems(tree: FlowNode, conditionType: number = APPROVAL_NODE_TYPES.condition, place: RecipientPlace = APPROVAL_RECIPIENT): string[] {
  const out: string[] = [];
  for (const node of walkNodes(tree)) {
    const r = place.get(node);
    if (r !== undefined) out.push(...recipientPortabilityProblems(r, `节点「${node.nodeName}」`));
    if (node.type === conditionType) {
      const models: string[] = [];
      for (const g of (node.conf as ConditionConf | undefined)?.condition?.fieldConds?.conditions ?? []) for (const c of g.conds ?? []) condModels(c, models);
      for (const m of models) if (!IDENTIFIER.test(m)) out.push(`节点「${node.nodeName}」的条件字段「${m}」不合法`);
    }
  }
  return out;
}

/** A flow entry read from a package, checked by the approval designer's own rules against its form in the package. */
export function flowProblems(code: string, raw: unknown, forms: ReadonlyMap<string, PackagedForm>): { flow: PackagedFlow | null; reasons: string[] } {
  if (!isRecord(raw) || raw.form !== code) return { flow: null, reasons: [`审批流程「${code}」的内容不合法`] };
  const form = forms.get(code);
  if (!form) return { flow: null, reasons: [`审批流程所属的表单「${code}」不在应用包中`] };
  const label = `表单「${form.formName}」的审批流程`;
  if (typeof raw.modelName !== 'string' || raw.modelName.length > 100) return { flow: null, reasons: [`${label}缺少名称`] };
  if (!isRecord(raw.tree)) return { flow: null, reasons: [`${label}不合法`] };
  const notes = partNotes(raw.notes);
  if (notes === null) return { flow: null, reasons: [`${label}的说明不合法`] };
  let tree: FlowNode;
  try {
    tree = withNodeIds(raw.tree as FlowNode);
  } catch {
    return { flow: null, reasons: [`${label}不合法`] };
  }
  const models = new Set(flattenControls(form.meta).map((c) => String(c.model ?? '')).filter(Boolean));
  const reasons = checkApprovalTree(tree, models).map((p) => `${label}：${p.nodeName ? `${p.nodeName}：` : ''}${p.message}`);
  reasons.push(...portabilityProblems(tree).map((p) => `${label}：${p}`));
  return { flow: { form: code, modelName: raw.modelName, tree, notes }, reasons };
}

export const sameFlowTree = (a: FlowNode, b: FlowNode): boolean => sameJson(a, b);

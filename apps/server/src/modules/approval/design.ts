import type { Kysely } from 'kysely';
import { APPROVAL_NODES, APPROVAL_TEXT, checkApprovalTree, flattenControls, newNodeId, withNodeIds, type FlowNode } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import type { FormModelCache } from '../form/index.ts';

/*
 * A form's approval design (表单管理 › 流程设计): one editable model per form; 部署 freezes the
 * saved tree as a new flow_definition version, which new instances start on. Running instances
 * keep the version they started with.
 */

type Db = Kysely<Database>;

/** A new design: the initiator, then the initiator's direct supervisor. */
export function defaultTree(): FlowNode {
  return withNodeIds({ ...APPROVAL_NODES[0].template(), nodeId: '', childNode: { ...APPROVAL_NODES[1].template(), nodeId: '' } } as FlowNode, newNodeId);
}

export async function flowConfOf(db: Db, formId: string) {
  const row = await db.selectFrom('flow_model').select(['id', 'node_config', 'version', 'definition_id']).where('form_id', '=', formId).executeTakeFirst();
  if (!row) return null;
  return { modelId: Number(row.id), nodeConfig: row.node_config, version: row.version, processDefinitionId: row.definition_id === null ? null : Number(row.definition_id) };
}

export async function createModel(db: Db, formId: string, formName: string, userId: string): Promise<number> {
  const form = await db.selectFrom('form_conf').select(['id', 'form_name']).where('id', '=', formId).executeTakeFirst();
  if (!form) throw notFound('表单不存在');
  const row = await db
    .insertInto('flow_model')
    .values({ form_id: formId, model_name: formName || form.form_name, node_config: JSON.stringify(defaultTree()), update_by: userId })
    .onConflict((oc) => oc.column('form_id').doUpdateSet({ update_time: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function checkedTree(db: Db, forms: FormModelCache, formId: string, raw: unknown): Promise<FlowNode> {
  let tree = raw;
  if (typeof tree === 'string') {
    try {
      tree = JSON.parse(tree);
    } catch {
      throw badRequest('nodeConfig 不是合法的 JSON');
    }
  }
  if (!tree || typeof tree !== 'object' || Array.isArray(tree)) throw badRequest(APPROVAL_TEXT.firstNode);
  const withIds = withNodeIds(tree as FlowNode);
  const model = await forms.load(db, formId);
  const models = new Set(flattenControls(model.meta).map((c) => String(c.model ?? '')).filter(Boolean));
  const problems = checkApprovalTree(withIds, models);
  if (problems.length > 0) {
    const p = problems[0]!;
    throw badRequest(p.nodeName ? `${p.nodeName}：${p.message}` : p.message);
  }
  return withIds;
}

async function modelRow(db: Db, modelId: unknown) {
  const id = String(modelId ?? '');
  if (!/^[1-9]\d{0,17}$/.test(id)) throw badRequest('modelId 不合法');
  const row = await db.selectFrom('flow_model').select(['id', 'form_id', 'node_config', 'version']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(APPROVAL_TEXT.noFlowModel);
  return row;
}

export async function saveModel(db: Db, forms: FormModelCache, modelId: unknown, nodeConfig: unknown, userId: string): Promise<{ formId: string; nodeConfig: FlowNode }> {
  const row = await modelRow(db, modelId);
  const tree = await checkedTree(db, forms, row.form_id, nodeConfig);
  await db.updateTable('flow_model').set({ node_config: JSON.stringify(tree), update_by: userId, update_time: new Date() }).where('id', '=', row.id).execute();
  return { formId: row.form_id, nodeConfig: tree };
}

/** A new immutable version of the saved design, which new instances start on from now. */
export async function deployModel(db: Db, forms: FormModelCache, modelId: unknown, userId: string): Promise<{ formId: string; version: number; processDefinitionId: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await modelRow(trx, modelId);
    await trx.selectFrom('flow_model').select('id').where('id', '=', row.id).forUpdate().execute();
    const tree = await checkedTree(trx, forms, row.form_id, row.node_config);
    const version = row.version + 1;
    const def = await trx
      .insertInto('flow_definition')
      .values({ model_id: row.id, form_id: row.form_id, version, node_config: JSON.stringify(tree), create_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('flow_model').set({ version, definition_id: String(def.id), update_time: new Date() }).where('id', '=', row.id).execute();
    return { formId: row.form_id, version, processDefinitionId: Number(def.id) };
  });
}

/** The form a deployed flow definition belongs to, or undefined when there is no such definition. */
export async function formIdOfDefinition(db: Kysely<Database>, definitionId: string): Promise<string | undefined> {
  const def = await db.selectFrom('flow_definition').select(['form_id']).where('id', '=', definitionId).executeTakeFirst();
  return def?.form_id;
}

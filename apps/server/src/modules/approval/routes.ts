import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { APPROVAL_TEXT } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, forbidden, notFound } from '../../plugins/errors.ts';
import { PageQuery } from '../../plugins/paging.ts';
import { FORM_DESIGN_PERMISSION, flatBody, parseIdList, servedFormMeta, recordReply, ALL_RECORDS, requireFormAction, parseFormId } from '../form/index.ts';
import { addSignTask, approveTask, cancelProcess, disapproveTask, remindProcess, returnTask, transferTask, type Actor } from './actions.ts';
import { createModel, deployModel, flowConfOf, formIdOfDefinition, saveModel } from './design.ts';
import { approveDetails, assertMayView, instanceById } from './details.ts';
import { countTasks, listStarted, listTasks, recordStatuses } from './lists.ts';
import { removeRecordsForMaintenance } from './maintenance.ts';
import { deployedDefinition } from './start.ts';
import { startFormFlow } from './startRecord.ts';

/*
 * Approval calls (issue 20; paths of DESIGN.md §10.2 and, where the catalogue names none, ours in
 * its style: returntask, transfertask, addsigntask, self/cctasklist, recordstatus, flowconf/deployed).
 */

const IdParams = Type.Object({ id: Type.String({ maxLength: 20 }) });
const FormIdParams = Type.Object({ formId: Type.String({ maxLength: 20 }) });
const SaveBody = Type.Object({ modelId: Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]), nodeConfig: Type.Unknown() });
const TASK_KEYS = new Set(['taskId', 'businessId', 'formId', 'remark', 'id', 'targetNodeId', 'reapprove', 'userId', 'position']);

function actorOf(request: FastifyRequest): Actor {
  const auth = authOf(request);
  return {
    userId: auth.userId,
    auth,
    audit: (trx, action, instanceId, detail) => writeAudit(trx, request, { action, module: '审批', targetType: 'flow_instance', targetId: instanceId, detail }),
  };
}

function taskIdOf(request: FastifyRequest): string {
  const id = (request.params as { id: string }).id;
  if (!/^[1-9]\d{0,17}$/.test(id)) throw notFound('任务不存在');
  return id;
}

/** An approval form post: the node's fields, and taskId/businessId/formId/remark beside them. */
function taskBody(request: FastifyRequest) {
  const body = request.body === undefined || request.body === null ? {} : flatBody(request.body);
  const remark = typeof body.remark === 'string' && body.remark.trim() !== '' ? body.remark.trim().slice(0, 1000) : null;
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!TASK_KEYS.has(k)) fields[k] = v;
  return { body, remark, fields };
}

export function approvalFlowRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, forms } = ctx;
  const deps = { db, forms, records: ctx.records };
  const design = { permission: FORM_DESIGN_PERMISSION };

  // Design (表单管理 › 流程设计).
  app.get('/api/flow/flowconf/getFlowConfByFormId/:formId', { schema: { params: FormIdParams }, config: design }, async (request) => {
    const formId = parseFormId((request.params as { formId: string }).formId);
    return { errCode: 0, flowConf: await flowConfOf(db, formId) };
  });
  app.get('/api/flow/flowconf/createmodel', { config: { ...design, mutates: true } }, async (request) => {
    const q = request.query as Record<string, unknown>;
    const formId = parseFormId(q.formId);
    const modelId = await createModel(db, formId, typeof q.formName === 'string' ? q.formName.slice(0, 200) : '', authOf(request).userId);
    await writeAudit(db, request, { action: '创建审批流程', module: '审批', targetType: 'flow_model', targetId: modelId });
    return { errCode: 0, modelId };
  });
  app.post('/api/flow/flowconf/save', { schema: { body: SaveBody }, config: design }, async (request) => {
    const body = request.body as Static<typeof SaveBody>;
    const saved = await saveModel(db, forms, body.modelId, body.nodeConfig, authOf(request).userId);
    await writeAudit(db, request, { action: '保存审批流程', module: '审批', targetType: 'flow_model', targetId: String(body.modelId) });
    return { errCode: 0, nodeConfig: saved.nodeConfig };
  });
  app.get('/api/flow/deployprocessdef', { config: { ...design, mutates: true } }, async (request) => {
    const deployed = await deployModel(db, forms, (request.query as Record<string, unknown>).modelId, authOf(request).userId);
    await writeAudit(db, request, { action: `部署审批流程（版本${deployed.version}）`, module: '审批', targetType: 'flow_definition', targetId: deployed.processDefinitionId });
    return { errCode: 0, version: deployed.version, processDefinitionId: deployed.processDefinitionId };
  });
  app.get('/api/flow/flowconf/deployed/:formId', { schema: { params: FormIdParams } }, async (request) => {
    const formId = parseFormId((request.params as { formId: string }).formId);
    const id = await deployedDefinition(db, formId);
    return { errCode: 0, deployed: id !== null, processDefinitionId: id === null ? null : Number(id) };
  });

  // Start.
  app.post('/api/form/startformflow/:formId', { schema: { params: FormIdParams } }, async (request) => {
    const started = await startFormFlow(ctx, request, (request.params as { formId: string }).formId, flatBody(request.body));
    return { errCode: 0, ...started };
  });

  // Lists and counts.
  for (const kind of ['todo', 'done', 'cc'] as const) {
    app.get(`/api/flow/self/${kind}tasklist`, { schema: { querystring: PageQuery } }, async (request) => {
      const q = request.query as PageQuery;
      return { errCode: 0, ...(await listTasks(db, authOf(request).userId, kind, q.pageNum, q.pageSize)) };
    });
    app.get(`/api/flow/self/${kind}taskcount`, async (request) => ({ errCode: 0, totalCount: await countTasks(db, authOf(request).userId, kind) }));
  }
  app.get('/api/flow/self/startprocesslist', { schema: { querystring: PageQuery } }, async (request) => {
    const q = request.query as PageQuery;
    return { errCode: 0, ...(await listStarted(db, authOf(request).userId, q.pageNum, q.pageSize)) };
  });
  app.get('/api/flow/recordstatus', async (request) => {
    const q = request.query as Record<string, unknown>;
    const formId = parseFormId(q.formId);
    requireFormAction(request, formId, 'view');
    return { errCode: 0, list: await recordStatuses(db, formId, parseIdList(q.businessIds), authOf(request).userId) };
  });

  // Opening a task.
  app.get('/api/flow/queryapprovedetails/:id', { schema: { params: IdParams } }, async (request) => {
    const inst = await instanceById(db, (request.params as { id: string }).id);
    const auth = authOf(request);
    const right = await assertMayView(db, ctx, auth, inst);
    return { errCode: 0, ...(await approveDetails(db, ctx, auth, inst, right)) };
  });
  app.get('/api/form/getformdatabypid', async (request) => {
    const inst = await instanceById(db, (request.query as Record<string, unknown>).processInstanceId);
    await assertMayView(db, ctx, authOf(request), inst);
    const model = await forms.load(db, inst.form_id);
    const row = await ctx.records.find(db, model.main, inst.business_id, ALL_RECORDS);
    return { errCode: 0, formId: Number(inst.form_id), ...recordReply(model, row) };
  });
  app.get('/api/form/formconf/getbypdid', async (request) => {
    const raw = String((request.query as Record<string, unknown>).processDefinitionId ?? '');
    if (!/^[1-9]\d{0,17}$/.test(raw)) throw badRequest('processDefinitionId 不合法');
    const formId = await formIdOfDefinition(db, raw);
    if (!formId) throw notFound('流程定义不存在');
    const model = await forms.load(db, formId);
    return { errCode: 0, formConf: { formId: Number(model.formId), formName: model.formName, formMeta: servedFormMeta(model.meta) } };
  });

  // Acting on a task.
  app.post('/api/flow/approvetask/:id', { schema: { params: IdParams } }, async (request) => {
    const { remark, fields } = taskBody(request);
    await approveTask(deps, actorOf(request), taskIdOf(request), { remark, fields });
    return { errCode: 0 };
  });
  app.post('/api/flow/disapprovetask/:id', { schema: { params: IdParams } }, async (request) => {
    await disapproveTask(deps, actorOf(request), taskIdOf(request), taskBody(request).remark);
    return { errCode: 0 };
  });
  app.post('/api/flow/returntask/:id', { schema: { params: IdParams } }, async (request) => {
    const { body, remark } = taskBody(request);
    const reapprove = String(body.reapprove ?? '1') !== '0';
    await returnTask(deps, actorOf(request), taskIdOf(request), { remark, targetNodeId: String(body.targetNodeId ?? ''), reapprove });
    return { errCode: 0 };
  });
  app.post('/api/flow/transfertask/:id', { schema: { params: IdParams } }, async (request) => {
    const { body, remark } = taskBody(request);
    await transferTask(deps, actorOf(request), taskIdOf(request), { userId: body.userId, remark });
    return { errCode: 0 };
  });
  app.post('/api/flow/addsigntask/:id', { schema: { params: IdParams } }, async (request) => {
    const { body, remark, fields } = taskBody(request);
    await addSignTask(deps, actorOf(request), taskIdOf(request), { userId: body.userId, position: String(body.position ?? ''), remark, fields });
    return { errCode: 0 };
  });
  app.get('/api/flow/processremind/:id', { schema: { params: IdParams }, config: { mutates: true } }, async (request) => {
    const reminded = await remindProcess(deps, actorOf(request), (await instanceById(db, (request.params as { id: string }).id)).id);
    return { errCode: 0, reminded };
  });
  // 系统管理员's maintenance removal: the one delete a record under approval allows (ADR 0026).
  app.get('/api/flow/maintenance/deleterecords/:formId', { schema: { params: FormIdParams }, config: { mutates: true } }, async (request) => {
    const auth = authOf(request);
    if (!auth.permissions.isSuper) throw forbidden(APPROVAL_TEXT.maintenanceOnly);
    const model = await forms.load(db, parseFormId((request.params as { formId: string }).formId));
    const ids = parseIdList((request.query as Record<string, unknown>).businessIds);
    const done = await db.transaction().execute(async (trx) => {
      const r = await removeRecordsForMaintenance(trx, ctx.records, model, ids, auth);
      await writeAudit(trx, request, {
        action: '维护删除表单数据',
        targetType: `form:${model.formId}`,
        targetId: r.deleted.map((row) => String(row.id)).join(','),
        detail: { rows: r.deleted, cancelledInstances: r.cancelled },
      });
      return r;
    });
    return { errCode: 0, deleted: done.deleted.length, cancelled: done.cancelled.length };
  });
  app.get('/api/flow/processcancel/:id', { schema: { params: IdParams }, config: { mutates: true } }, async (request) => {
    await cancelProcess(deps, actorOf(request), (await instanceById(db, (request.params as { id: string }).id)).id);
    return { errCode: 0 };
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime, NO_TENANT_CHOSEN, type AllotKind } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { badRequest, forbidden, notFound } from '../../../plugins/errors.ts';
import { parseFormId } from '../../form/index.ts';
import { startAllotTask } from './allotJob.ts';
import { analyzeParkForms } from './depends.ts';
import { allotToTenant, planFor } from './handDown.ts';
import { findTask, formsHeldBy, listParkForms, listTenants, parkDesigns, taskItems, tenantsHolding } from './repo.ts';

/** The permission of 表单分配 (menu /tenant/form, component FormTenantAllot). */
export const FORM_ALLOT_PERM = 'tenant:form';
export const FORM_ALLOT_MODULE = '表单分配';

const Paging = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
});
const FormIdsQuery = Type.Object({ formIds: Type.Union([Type.String({ maxLength: 2000 }), Type.Array(Type.String(), { maxItems: 100 })]) });
const RunQuery = Type.Object({ formId: Type.String({ maxLength: 20 }), tenantIds: Type.Optional(Type.String({ maxLength: 20_000 })) });
const FormParams = Type.Object({ formId: Type.String({ maxLength: 20 }) });
const KeyParams = Type.Object({ key: Type.String({ pattern: '^[0-9a-f]{32}$' }) });
const TenantParams = Type.Object({ tenantId: Type.String({ maxLength: 20 }) });

/** Only the park hands forms down (a tenant's administrator may hold no such menu, but the call says so too). */
function parkOnly(request: FastifyRequest) {
  const auth = authOf(request);
  if (auth.user.userType !== 0) throw forbidden();
  return auth;
}

const call = (action?: string) => ({
  permission: FORM_ALLOT_PERM,
  ...(action ? { audit: { module: FORM_ALLOT_MODULE, action } } : {}),
});

/** The chosen tenants: at least one, each an existing tenant (a disabled one is refused in the run, per tenant). */
async function chosenTenants(ctx: AppContext, raw: string | undefined): Promise<string[]> {
  const ids = [...new Set((raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];
  if (ids.length === 0) throw badRequest(NO_TENANT_CHOSEN);
  if (ids.length > 5000 || ids.some((id) => !/^[1-9]\d{0,17}$/.test(id))) throw badRequest('租户参数不合法');
  const found = await listTenants(ctx.db, ids);
  if (found.length !== ids.length) throw notFound('租户不存在');
  return ids;
}

/** A park form by id, or 404: a tenant's own form or no form is never handed down nor listed. */
async function existingParkForm(ctx: AppContext, raw: unknown) {
  const [form] = await parkDesigns(ctx.db, [parseFormId(raw)]);
  if (!form) throw notFound('表单不存在');
  return form;
}

async function parkForm(ctx: AppContext, raw: unknown) {
  const form = await existingParkForm(ctx, raw);
  if (!form.meta) throw badRequest('表单暂未进行表单设计，不能分配');
  return form;
}

/**
 * 表单分配 (issue 36, screens-round3 §1.2; catalogue names from kh.config.json): the park's forms,
 * their dependencies, the tenants that hold each, and the allot / sync runs.
 */
export function formAllotRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/form/tenant/queryPlatFormConf', { schema: { querystring: Paging }, config: call() }, async (request) => {
    parkOnly(request);
    const q = request.query as Static<typeof Paging>;
    const { rows, total } = await listParkForms(ctx.db, q.pageNum, q.pageSize);
    return {
      errCode: 0,
      totalCount: total,
      datas: rows.map((r) => ({
        formId: Number(r.id),
        formName: r.form_name,
        formGroup: r.group_name ?? '',
        flag: r.status,
        formType: r.has_flow ? 1 : 0,
        createTime: formatDateTime(r.create_time),
      })),
    };
  });

  app.get('/api/form/tenant/analyzeFormDepends', { schema: { querystring: FormIdsQuery }, config: call() }, async (request) => {
    parkOnly(request);
    const raw = (request.query as Static<typeof FormIdsQuery>).formIds;
    const ids = [...new Set((Array.isArray(raw) ? raw.join(',') : raw).split(',').map((s) => s.trim()).filter(Boolean))].map((id) => parseFormId(id));
    if (ids.length === 0) throw badRequest('请选择表单');
    const r = await analyzeParkForms(ctx.db, ids);
    return { errCode: 0, originalFormMap: r.originalFormMap, dependsFormMap: r.dependsFormMap, dependTables: r.dependTables, dependDictionaries: r.dependDictionaries };
  });

  // Tenants that already hold the form (tenantList, the original's), and — since this branch has
  // no listTenant of its own — every tenant (allTenantList) for the screen's transfer.
  app.post('/api/form/tenant/queryAllotTenants/:formId', { schema: { params: FormParams }, config: call() }, async (request) => {
    parkOnly(request);
    const { id: formId } = await existingParkForm(ctx, (request.params as Static<typeof FormParams>).formId);
    const [holding, all] = await Promise.all([tenantsHolding(ctx.db, formId), listTenants(ctx.db)]);
    const shape = (t: { id: string; tenantName: string; status: number }) => ({ id: Number(t.id), tenantName: t.tenantName, status: t.status });
    return { errCode: 0, tenantList: holding.map(shape), allTenantList: all.map(shape) };
  });

  // The original's FormTenantTransfer reads which tenants hold a form (GET, `datas` [{id, tenantName}]).
  app.get('/api/form/tenant/queryFormTenantPression/:formId', { schema: { params: FormParams }, config: call() }, async (request) => {
    parkOnly(request);
    const { id: formId } = await existingParkForm(ctx, (request.params as Static<typeof FormParams>).formId);
    const holding = await tenantsHolding(ctx.db, formId);
    return { errCode: 0, datas: holding.map((t) => ({ id: Number(t.id), tenantName: t.tenantName, status: t.status })) };
  });

  const run = (kind: AllotKind, action: string) =>
    app.get(`/api/form/tenant/${kind === 'allot' ? 'formAllotTenants' : 'syncFormConf'}`, { schema: { querystring: RunQuery }, config: { ...call(action), mutates: true } }, async (request) => {
      const auth = parkOnly(request);
      const q = request.query as Static<typeof RunQuery>;
      const form = await parkForm(ctx, q.formId);
      const tenantIds = await chosenTenants(ctx, q.tenantIds);
      const key = await startAllotTask(ctx, kind, form.id, tenantIds, auth.userId);
      return { errCode: 0, syncFormTaskKey: key };
    });
  run('allot', '表单分配');
  run('sync', '表单配置同步');

  app.post('/api/form/tenant/syncFormConf/status/:key', { schema: { params: KeyParams }, config: call() }, async (request) => {
    parkOnly(request);
    const { key } = request.params as Static<typeof KeyParams>;
    const task = await findTask(ctx.db, key);
    if (!task) throw notFound('任务不存在');
    const items = await taskItems(ctx.db, key);
    return {
      errCode: 0,
      data: {
        status: task.status,
        kind: task.kind,
        statusDesc: Object.fromEntries(items.map((i) => [i.company_id, i.status])),
        statusMsg: Object.fromEntries(items.filter((i) => i.message).map((i) => [i.company_id, i.message])),
      },
    };
  });

  // The per-tenant dialog of 租户信息 (its trigger is absent in the original): the forms a tenant
  // holds, and handing a few forms to one tenant at once.
  app.get('/api/form/tenant/queryTenantFormPression/:tenantId', { schema: { params: TenantParams }, config: call() }, async (request) => {
    parkOnly(request);
    const tenantId = parseFormId((request.params as Static<typeof TenantParams>).tenantId);
    const rows = await formsHeldBy(ctx.db, tenantId);
    return { errCode: 0, datas: rows.map((r) => ({ formId: Number(r.id), formName: r.form_name })) };
  });

  app.post('/api/form/tenant/tenantAllotForms', { config: call('租户表单分配') }, async (request) => {
    const auth = parkOnly(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const [tenantId] = await chosenTenants(ctx, String(body.tenantId ?? ''));
    const formIds = String(body.formIds ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (formIds.length === 0) throw badRequest('请选择表单');
    const failures: string[] = [];
    for (const raw of formIds.slice(0, 100)) {
      const form = await parkForm(ctx, raw);
      const depends = await analyzeParkForms(ctx.db, [form.id]);
      const plan = await planFor(ctx.db, form.id, Object.keys(depends.dependsFormMap), depends.dependDictionaries);
      const outcome = await allotToTenant(ctx.db, plan, tenantId!, auth.userId);
      if (outcome.status === 1) failures.push(`${form.formName}：${outcome.message ?? ''}`);
    }
    if (failures.length > 0) throw badRequest(failures.join('；'));
    return { errCode: 0, errMsg: '表单分配成功' };
  });
}

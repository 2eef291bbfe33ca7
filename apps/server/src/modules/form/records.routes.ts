import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { modelForCaller, subModel } from './formModel.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireFormAction } from './recordAccess.ts';
import { listFormRecords } from './recordList.ts';
import { flatBody, parseIdList, recordIdOf, versionOf } from './requestParts.ts';
import { parseFormId } from './tableNames.ts';

const FormIdParams = Type.Object({ formId: Type.String() });
const ListBody = Type.Object({
  formId: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
  queryConditions: Type.Optional(Type.Unknown()),
  sort: Type.Optional(Type.Unknown()),
});
const PcBody = Type.Object({
  parent: Type.Record(Type.String(), Type.Unknown()),
  child: Type.Optional(
    Type.Array(
      Type.Object({
        subKey: Type.String({ maxLength: 63 }),
        subDatas: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 1000 }),
      }),
      { maxItems: 50 },
    ),
  ),
});

// Named here before requestParts.ts existed.
export { flatBody, recordIdOf } from './requestParts.ts';

/** An enabled form the caller may take `action` on; the permission is checked before the form is read. */
async function modelFor(ctx: AppContext, request: FastifyRequest, rawFormId: unknown, action: 'add' | 'edit') {
  const formId = parseFormId(rawFormId);
  const scope = requireFormAction(request, formId, action);
  const model = await modelForCaller(ctx, authOf(request), formId);
  if (model.status !== 0) throw badRequest('表单已停用');
  return { model, scope };
}

export function recordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/form/addformdata/:formId', { schema: { params: FormIdParams } }, async (request) => {
    const { model } = await modelFor(ctx, request, (request.params as { formId: string }).formId, 'add');
    const inserted = await ctx.records.add(db, request, model, flatBody(request.body));
    return { errCode: 0, businessId: Number(inserted.id) };
  });

  app.post('/api/form/updateformdata/:formId', { schema: { params: FormIdParams } }, async (request) => {
    const { model, scope } = await modelFor(ctx, request, (request.params as { formId: string }).formId, 'edit');
    const body = flatBody(request.body);
    const id = recordIdOf(body.id ?? body.businessId);
    const after = await db.transaction().execute(async (trx) => {
      const before = await ctx.records.find(trx, model.main, id, scope, true);
      const r = await ctx.records.update(trx, request, model, model.main, before, body, versionOf(body));
      await writeAudit(trx, request, { action: '修改表单数据', targetType: `form:${model.formId}`, targetId: id, detail: before });
      return r;
    });
    return { errCode: 0, businessId: Number(after.id), version: Number(after.version) };
  });

  app.post('/api/form/addpcformdata/:formId', { schema: { params: FormIdParams, body: PcBody } }, async (request) => {
    const { model } = await modelFor(ctx, request, (request.params as { formId: string }).formId, 'add');
    const body = request.body as Static<typeof PcBody>;
    const children = (body.child ?? []).map((c) => ({ table: subModel(model, c.subKey), rows: c.subDatas }));
    const parent = await ctx.records.addWithChildren(db, request, model, body.parent, children);
    return { errCode: 0, businessId: Number(parent.id) };
  });

  app.get('/api/form/getformdatabyid', async (request) => {
    const q = request.query as Record<string, unknown>;
    const formId = parseFormId(q.formId);
    const scope = requireFormAction(request, formId, 'view');
    const model = await modelForCaller(ctx, authOf(request), formId);
    const found = await ctx.records.readForEditor(model, recordIdOf(q.businessId ?? q.id, 'businessId'), scope);
    if (!found) throw notFound();
    return { errCode: 0, ...found };
  });

  app.get(
    '/api/form/batchdeleteformdata/:formId',
    { schema: { params: FormIdParams }, config: { mutates: true } },
    async (request) => {
      const formId = parseFormId((request.params as { formId: string }).formId);
      const scope = requireFormAction(request, formId, 'delete');
      const model = await modelForCaller(ctx, authOf(request), formId);
      const ids = parseIdList((request.query as Record<string, unknown>).businessIds);
      const deleted = await db.transaction().execute((trx) => ctx.records.remove(trx, request, model, model.main, ids, scope));
      return { errCode: 0, deleted: deleted.length };
    },
  );

  const list = (request: FastifyRequest) => {
    const body = request.body as Static<typeof ListBody>;
    return listFormRecords(ctx, request, body.formId, body);
  };
  app.post('/api/form/queryFormDataByConditions', { schema: { body: ListBody } }, list);
  app.post('/api/form/queryformdata', { schema: { body: ListBody } }, list);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError, badRequest, forbidden } from '../../plugins/errors.ts';
import { modelForCaller, subModel, type FormModel, type TableModel } from './formModel.ts';
import { ALL_RECORDS, companyOnlyScope, ownRecords, recordScopeFor, type RecordScope } from './recordAccess.ts';
import { listRecords, parentIdsOf, presentRow, type Row } from './recordStore.ts';
import { flatBody, parseIdList, recordIdOf } from './requestParts.ts';
import { parseFormId } from './tableNames.ts';

export const PARENT_FIRST = '请先填写父表单数据并提交';

const SubParams = Type.Object({ formId: Type.String(), subKey: Type.String({ maxLength: 63 }) });
const BatchBody = Type.Object({
  parentId: Type.Union([Type.String(), Type.Integer()]),
  subDatas: Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 1000 }),
});
const ListQuery = Type.Object({
  parentId: Type.Optional(Type.String()),
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 5 }),
});

interface Target {
  model: FormModel;
  table: TableModel;
}

async function target(ctx: AppContext, request: FastifyRequest, mode: Mode = 'write'): Promise<Target> {
  const p = request.params as Static<typeof SubParams>;
  const formId = parseFormId(p.formId);
  // Refused before the form is read, so a caller without rights learns nothing about it; a read
  // without a form right waits for its parent, which another module may show them (recordViewers).
  if (mode === 'write') parentScopes(request, formId, 'read');
  const model = await modelForCaller(ctx, authOf(request), formId);
  return { model, table: subModel(model, p.subKey) };
}

type Mode = 'read' | 'write';

/**
 * Sub-table rows belong to their parent record, so a sub-table call is allowed by what the caller
 * may do to the parent (issue 15): writes need the form's edit, or its add for a record the caller
 * created (the rows of a record being added are saved after the record itself); reads also allow
 * view. Each scope is tried in turn; none granted is a 403.
 */
function parentScopes(request: FastifyRequest, formId: string, mode: Mode, orNone = false): RecordScope[] {
  const auth = authOf(request);
  const out: RecordScope[] = [];
  const view = mode === 'read' ? recordScopeFor(auth, formId, 'view') : null;
  const edit = recordScopeFor(auth, formId, 'edit');
  const add = recordScopeFor(auth, formId, 'add');
  if (view) out.push(view);
  if (edit) out.push(edit);
  if (add) out.push(ownRecords(add, auth));
  if (out.length === 0 && !orNone) throw forbidden();
  return out;
}

/**
 * Every sub-table call needs a saved parent the caller may reach for `mode`; an empty, zero or
 * unknown parent id is refused with the spec's message rather than a generic 404.
 */
async function checkedParent(ctx: AppContext, request: FastifyRequest, t: Target, raw: unknown, mode: Mode): Promise<string> {
  const text = typeof raw === 'string' || typeof raw === 'number' ? String(raw).trim() : '';
  const scopes = parentScopes(request, t.model.formId, mode, mode === 'read');
  if (scopes.length === 0) {
    // No form right: only a record another module shows the caller (an approval's task page) is read.
    if (/^[1-9]\d{0,17}$/.test(text) && (await ctx.recordViewers.mayView(ctx.db, authOf(request), t.model.formId, text))) return text;
    throw forbidden();
  }
  if (!/^[1-9]\d{0,17}$/.test(text)) throw badRequest(PARENT_FIRST);
  for (const scope of scopes) {
    try {
      await ctx.records.find(ctx.db, t.model.main, text, scope);
      return text;
    } catch (err) {
      if (!(err instanceof AppError && err.statusCode === 404)) throw err;
    }
  }
  throw badRequest(PARENT_FIRST);
}

/** A sub-table row by id, with its parent checked for `mode`: a row of a parent out of reach is not found. */
async function checkedRow(ctx: AppContext, request: FastifyRequest, t: Target, db: typeof ctx.db, id: string, mode: Mode, forUpdate = false): Promise<Row> {
  const row = await ctx.records.find(db, t.table, id, companyOnlyScope(authOf(request)), forUpdate);
  try {
    await checkedParent(ctx, request, t, row.parent_id, mode);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) throw new AppError(404, '数据不存在或已被删除');
    throw err;
  }
  return row;
}

export function subRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const schema = { params: SubParams };

  app.get('/api/form/querysubformdata/:formId/:subKey', { schema: { ...schema, querystring: ListQuery } }, async (request) => {
    const t = await target(ctx, request, 'read');
    const q = request.query as Static<typeof ListQuery>;
    const parentId = await checkedParent(ctx, request, t, q.parentId, 'read');
    // Rows belong to their parent: a caller without a form right reached it as one the record's
    // module shows them (an approver of another company, as a waybill's receiving company), and
    // reads its rows by it — not by the caller's own company rule, as the rows carry the company of
    // whoever wrote them.
    const byViewer = parentScopes(request, t.model.formId, 'read', true).length === 0;
    const result = await listRecords(db, t.table, { ...q, parentId, sort: { key: 'id', sort: 'asc' } }, byViewer ? ALL_RECORDS : companyOnlyScope(authOf(request)));
    return { errCode: 0, datas: result.rows.map((r) => presentRow(r, t.table)), totalCount: result.totalCount };
  });

  app.get('/api/form/getsubformdatabyid/:formId/:subKey', { schema }, async (request) => {
    const t = await target(ctx, request, 'read');
    const q = request.query as Record<string, unknown>;
    const row = await checkedRow(ctx, request, t, db, recordIdOf(q.businessId ?? q.id, 'businessId'), 'read');
    return { errCode: 0, data: presentRow(row, t.table) };
  });

  app.post('/api/form/addsubformdata/:formId/:subKey', { schema }, async (request) => {
    const t = await target(ctx, request);
    const body = flatBody(request.body);
    const parentId = await checkedParent(ctx, request, t, body.parentId, 'write');
    const [inserted] = await ctx.records.addChildren(db, request, t.model, t.table, parentId, [body], '新增子表数据', null);
    return { errCode: 0, businessId: Number(inserted!.id) };
  });

  app.post('/api/form/updatesubformdata/:formId/:subKey', { schema }, async (request) => {
    const t = await target(ctx, request);
    const body = flatBody(request.body);
    const id = recordIdOf(body.id ?? body.businessId);
    const after = await db.transaction().execute(async (trx) => {
      const before = await checkedRow(ctx, request, t, trx, id, 'write', true);
      const r = await ctx.records.update(trx, request, t.model, t.table, before, body, null);
      await writeAudit(trx, request, { action: '修改子表数据', targetType: `form:${t.model.formId}:${t.table.subKey}`, targetId: id, detail: before });
      return r;
    });
    return { errCode: 0, businessId: Number(after.id) };
  });

  app.post('/api/form/batchaddsubformdata/:formId/:subKey', { schema: { ...schema, body: BatchBody } }, async (request) => {
    const t = await target(ctx, request);
    const body = request.body as Static<typeof BatchBody>;
    const parentId = await checkedParent(ctx, request, t, body.parentId, 'write');
    const rows = await ctx.records.addChildren(db, request, t.model, t.table, parentId, body.subDatas, '批量新增子表数据', '第');
    return { errCode: 0, businessIds: rows.map((r) => Number(r.id)) };
  });

  app.post('/api/form/batchupdatesubformdata/:formId/:subKey', { schema: { ...schema, body: BatchBody } }, async (request) => {
    const t = await target(ctx, request);
    const body = request.body as Static<typeof BatchBody>;
    const parentId = await checkedParent(ctx, request, t, body.parentId, 'write');
    await db.transaction().execute(async (trx) => {
      for (const [i, data] of body.subDatas.entries()) {
        const id = recordIdOf(data.id, `第${i + 1}行 id`);
        const before = await ctx.records.find(trx, t.table, id, companyOnlyScope(authOf(request)), true);
        if (String(before.parent_id) !== parentId) throw badRequest(`第${i + 1}行不属于该父记录`);
        await ctx.records.update(trx, request, t.model, t.table, before, data, null, `第${i + 1}行：`);
      }
      await writeAudit(trx, request, { action: '批量修改子表数据', targetType: `form:${t.model.formId}:${t.table.subKey}`, targetId: parentId });
    });
    return { errCode: 0 };
  });

  app.get('/api/form/batchdeletesubformdata/:formId/:subKey', { schema, config: { mutates: true } }, async (request) => {
    const t = await target(ctx, request);
    const ids = parseIdList((request.query as Record<string, unknown>).businessIds);
    const auth = authOf(request);
    const count = await db.transaction().execute(async (trx) => {
      // Rows are deleted only under parents the caller may change.
      for (const parentId of await parentIdsOf(trx, t.table, ids)) await checkedParent(ctx, request, t, parentId, 'write');
      const rows = await ctx.records.remove(trx, request, t.model, t.table, ids, companyOnlyScope(auth));
      return rows.length;
    });
    return { errCode: 0, deleted: count };
  });
}

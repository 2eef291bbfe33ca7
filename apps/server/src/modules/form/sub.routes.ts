import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError, badRequest } from '../../plugins/errors.ts';
import { subModel, type FormModel, type TableModel } from './formModel.ts';
import { buildWriteContext } from './recordFiles.ts';
import { deleteRecords, insertRecord, listRecords, parseIdList, presentRow, readRecord, updateRecord } from './recordStore.ts';
import { prepareRow } from './recordWriter.ts';
import { flatBody, recordIdOf } from './records.routes.ts';
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

async function target(ctx: AppContext, request: FastifyRequest): Promise<Target> {
  const p = request.params as Static<typeof SubParams>;
  const model = await ctx.forms.load(ctx.db, parseFormId(p.formId));
  return { model, table: subModel(model, p.subKey) };
}

/**
 * Every sub-table call needs a saved parent the caller may see; an empty, zero or unknown parent id
 * is refused with the spec's message rather than a generic 404.
 */
async function checkedParent(ctx: AppContext, request: FastifyRequest, t: Target, raw: unknown): Promise<string> {
  const text = String(raw ?? '').trim();
  if (!/^[1-9]\d{0,17}$/.test(text)) throw badRequest(PARENT_FIRST);
  try {
    await readRecord(ctx.db, t.model.main, text, authOf(request));
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw badRequest(PARENT_FIRST);
    throw err;
  }
  return text;
}

export function subRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const schema = { params: SubParams };

  app.get('/api/form/querysubformdata/:formId/:subKey', { schema: { ...schema, querystring: ListQuery } }, async (request) => {
    const t = await target(ctx, request);
    const q = request.query as Static<typeof ListQuery>;
    const parentId = await checkedParent(ctx, request, t, q.parentId);
    const result = await listRecords(db, t.table, { ...q, parentId, sort: { key: 'id', sort: 'asc' } }, authOf(request));
    return { errCode: 0, datas: result.rows.map((r) => presentRow(r, t.table)), totalCount: result.totalCount };
  });

  app.get('/api/form/getsubformdatabyid/:formId/:subKey', { schema }, async (request) => {
    const t = await target(ctx, request);
    const q = request.query as Record<string, unknown>;
    const row = await readRecord(db, t.table, recordIdOf(q.businessId ?? q.id, 'businessId'), authOf(request));
    return { errCode: 0, data: presentRow(row, t.table) };
  });

  app.post('/api/form/addsubformdata/:formId/:subKey', { schema }, async (request) => {
    const t = await target(ctx, request);
    const body = flatBody(request.body);
    const parentId = await checkedParent(ctx, request, t, body.parentId);
    const wctx = await buildWriteContext(request, db, [[t.table, [body]]]);
    const row = prepareRow(t.table, body, wctx);
    const inserted = await db.transaction().execute(async (trx) => {
      const r = await insertRecord(trx, t.model, t.table, row, wctx.auth, parentId);
      await writeAudit(trx, request, { action: '新增子表数据', targetType: `form:${t.model.formId}:${t.table.subKey}`, targetId: String(r.id) });
      return r;
    });
    return { errCode: 0, businessId: Number(inserted.id) };
  });

  app.post('/api/form/updatesubformdata/:formId/:subKey', { schema }, async (request) => {
    const t = await target(ctx, request);
    const body = flatBody(request.body);
    const id = recordIdOf(body.id ?? body.businessId);
    const after = await db.transaction().execute(async (trx) => {
      const before = await readRecord(trx, t.table, id, authOf(request), true);
      const wctx = await buildWriteContext(request, trx, [[t.table, [body, before]]]);
      const row = prepareRow(t.table, body, wctx, before);
      const r = await updateRecord(trx, t.model, t.table, before, row, wctx.auth, null);
      await writeAudit(trx, request, { action: '修改子表数据', targetType: `form:${t.model.formId}:${t.table.subKey}`, targetId: id, detail: before });
      return r;
    });
    return { errCode: 0, businessId: Number(after.id) };
  });

  const rowsOf = (t: Target, body: Static<typeof BatchBody>, wctx: Awaited<ReturnType<typeof buildWriteContext>>) =>
    body.subDatas.map((d, i) => {
      try {
        return prepareRow(t.table, d, wctx);
      } catch (err) {
        if (err instanceof Error) err.message = `第${i + 1}行：${err.message}`;
        throw err;
      }
    });

  app.post('/api/form/batchaddsubformdata/:formId/:subKey', { schema: { ...schema, body: BatchBody } }, async (request) => {
    const t = await target(ctx, request);
    const body = request.body as Static<typeof BatchBody>;
    const parentId = await checkedParent(ctx, request, t, body.parentId);
    const wctx = await buildWriteContext(request, db, [[t.table, body.subDatas]]);
    const rows = rowsOf(t, body, wctx);
    const ids = await db.transaction().execute(async (trx) => {
      const out: number[] = [];
      for (const row of rows) out.push(Number((await insertRecord(trx, t.model, t.table, row, wctx.auth, parentId)).id));
      await writeAudit(trx, request, { action: '批量新增子表数据', targetType: `form:${t.model.formId}:${t.table.subKey}`, targetId: out.join(',') });
      return out;
    });
    return { errCode: 0, businessIds: ids };
  });

  app.post('/api/form/batchupdatesubformdata/:formId/:subKey', { schema: { ...schema, body: BatchBody } }, async (request) => {
    const t = await target(ctx, request);
    const body = request.body as Static<typeof BatchBody>;
    const parentId = await checkedParent(ctx, request, t, body.parentId);
    await db.transaction().execute(async (trx) => {
      for (const [i, data] of body.subDatas.entries()) {
        const id = recordIdOf(data.id, `第${i + 1}行 id`);
        const before = await readRecord(trx, t.table, id, authOf(request), true);
        const wctx = await buildWriteContext(request, trx, [[t.table, [data, before]]]);
        if (String(before.parent_id) !== parentId) throw badRequest(`第${i + 1}行不属于该父记录`);
        let row;
        try {
          row = prepareRow(t.table, data, wctx, before);
        } catch (err) {
          if (err instanceof Error) err.message = `第${i + 1}行：${err.message}`;
          throw err;
        }
        await updateRecord(trx, t.model, t.table, before, row, wctx.auth, null);
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
      const rows = await deleteRecords(trx, t.model, t.table, ids, auth);
      await writeAudit(trx, request, {
        action: '删除子表数据',
        targetType: `form:${t.model.formId}:${t.table.subKey}`,
        targetId: rows.map((r) => String(r.id)).join(','),
        detail: rows,
      });
      return rows.length;
    });
    return { errCode: 0, deleted: count };
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { flattenControls, definitionOf, type ControlDefinition, type FormControl } from '@park/core';
import type { AppContext } from '../../context.ts';
import { auditRow, writeAudit } from '../../plugins/audit.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { subModel, type FormModel, type TableModel } from './formModel.ts';
import { prepareRow } from './recordWriter.ts';
import { buildWriteContext } from './recordFiles.ts';
import { requireFormAction } from './recordAccess.ts';
import { listFormRecords } from './recordList.ts';
import { deleteRecords, insertRecord, parseIdList, presentRow, readRecord, updateRecord } from './recordStore.ts';
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

/** Form-encoded posts arrive as strings (repeated keys as arrays); JSON may carry anything. */
export function flatBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('请求体格式不正确');
  return body as Record<string, unknown>;
}

function versionOf(body: Record<string, unknown>): number | null {
  const v = body.version;
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string' && typeof v !== 'number') throw badRequest('version 不合法');
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw badRequest('version 不合法');
  return n;
}

/** A record id is one positive integer, as text or a number: `[48]` is not an id (issue 15 §5). */
export function recordIdOf(raw: unknown, what = 'id'): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badRequest(`${what} 不合法`);
  const text = String(raw);
  if (!/^[1-9]\d{0,17}$/.test(text)) throw badRequest(`${what} 不合法`);
  return text;
}

/** An enabled form the caller may take `action` on; the permission is checked before the form is read. */
async function modelFor(ctx: AppContext, request: FastifyRequest, rawFormId: unknown, action: 'add' | 'edit') {
  const formId = parseFormId(rawFormId);
  const scope = requireFormAction(request, formId, action);
  const model = await ctx.forms.load(ctx.db, formId);
  if (model.status !== 0) throw badRequest('表单已停用');
  return { model, scope };
}

const STORED_CONTROLS = new WeakMap<FormModel, Array<{ model: string; control: FormControl; definition: ControlDefinition }>>();

/** The main table's controls that store a value, with their definitions: computed once per model. */
function storedControlsOf(model: FormModel) {
  let list = STORED_CONTROLS.get(model);
  if (!list) {
    list = flattenControls(model.meta).flatMap((control) => {
      const definition = definitionOf(control);
      const m = String(control.model ?? '');
      return definition && m && definition.columns(control).length > 0 ? [{ model: m, control, definition }] : [];
    });
    STORED_CONTROLS.set(model, list);
  }
  return list;
}

/** A record as getformdatabyid answers it: stored shape, and the editor's shape decoded by the same codecs the browser uses. */
export function recordReply(model: FormModel, row: Record<string, unknown>) {
  const data = presentRow(row, model.main);
  const formData: Record<string, unknown> = { id: data.id, version: data.version };
  for (const { model: m, control, definition } of storedControlsOf(model)) formData[m] = definition.codec.fromStored(row, control);
  return { data, formData };
}

export function recordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.post('/api/form/addformdata/:formId', { schema: { params: FormIdParams } }, async (request) => {
    const { model } = await modelFor(ctx, request, (request.params as { formId: string }).formId, 'add');
    const body = flatBody(request.body);
    const wctx = await buildWriteContext(request, db, [[model.main, [body]]]);
    const row = prepareRow(model.main, body, wctx);
    const log = auditRow(request, { action: '新增表单数据', targetType: `form:${model.formId}` });
    const inserted = await ctx.forms.inserts.insert(db, model, model.main, row, wctx.auth, log);
    request.audited = true;
    return { errCode: 0, businessId: Number(inserted.id) };
  });

  app.post('/api/form/updateformdata/:formId', { schema: { params: FormIdParams } }, async (request) => {
    const { model, scope } = await modelFor(ctx, request, (request.params as { formId: string }).formId, 'edit');
    const body = flatBody(request.body);
    const id = recordIdOf(body.id ?? body.businessId);
    const after = await db.transaction().execute(async (trx) => {
      const before = await readRecord(trx, model.main, id, scope, true);
      // Files already on the record are validated too, so their metadata is loaded with the new ones.
      const wctx = await buildWriteContext(request, trx, [[model.main, [body, before]]]);
      const row = prepareRow(model.main, body, wctx, before);
      const r = await updateRecord(trx, model, model.main, before, row, wctx.auth, versionOf(body));
      await writeAudit(trx, request, { action: '修改表单数据', targetType: `form:${model.formId}`, targetId: id, detail: before });
      return r;
    });
    return { errCode: 0, businessId: Number(after.id), version: Number(after.version) };
  });

  app.post('/api/form/addpcformdata/:formId', { schema: { params: FormIdParams, body: PcBody } }, async (request) => {
    const { model } = await modelFor(ctx, request, (request.params as { formId: string }).formId, 'add');
    const body = request.body as Static<typeof PcBody>;
    const wctx = await buildWriteContext(request, db, [
      [model.main, [body.parent]],
      ...(body.child ?? []).map((c) => [subModel(model, c.subKey), c.subDatas] as [TableModel, Array<Record<string, unknown>>]),
    ]);
    // Every row is validated before anything is written, so a bad child leaves no parent behind.
    const parentRow = prepareRow(model.main, body.parent, wctx);
    const children = (body.child ?? []).map((c) => {
      const table = subModel(model, c.subKey);
      return { table, rows: c.subDatas.map((d, i) => {
        try {
          return prepareRow(table, d, wctx);
        } catch (err) {
          if (err instanceof Error) err.message = `${table.name}第${i + 1}行：${err.message}`;
          throw err;
        }
      }) };
    });
    const parent = await db.transaction().execute(async (trx) => {
      const p = await insertRecord(trx, model, model.main, parentRow, wctx.auth);
      for (const c of children) {
        for (const row of c.rows) await insertRecord(trx, model, c.table, row, wctx.auth, String(p.id));
      }
      await writeAudit(trx, request, { action: '新增表单数据', targetType: `form:${model.formId}`, targetId: String(p.id) });
      return p;
    });
    return { errCode: 0, businessId: Number(parent.id) };
  });

  app.get('/api/form/getformdatabyid', async (request) => {
    const q = request.query as Record<string, unknown>;
    const formId = parseFormId(q.formId);
    const scope = requireFormAction(request, formId, 'view');
    const model = await ctx.forms.load(db, formId);
    const row = await ctx.forms.reads.read(model, model.main, recordIdOf(q.businessId ?? q.id, 'businessId'), scope);
    if (!row) throw notFound();
    return { errCode: 0, ...recordReply(model, row) };
  });

  app.get(
    '/api/form/batchdeleteformdata/:formId',
    { schema: { params: FormIdParams }, config: { mutates: true } },
    async (request) => {
      const formId = parseFormId((request.params as { formId: string }).formId);
      const scope = requireFormAction(request, formId, 'delete');
      const model = await ctx.forms.load(db, formId);
      const ids = parseIdList((request.query as Record<string, unknown>).businessIds);
      const auth = authOf(request);
      const deleted = await db.transaction().execute(async (trx) => {
        const rows = await deleteRecords(trx, model, model.main, ids, auth, scope);
        // The deleted rows themselves are kept in the log, so a deletion can be traced and undone by hand.
        await writeAudit(trx, request, {
          action: '删除表单数据',
          targetType: `form:${model.formId}`,
          targetId: rows.map((r) => String(r.id)).join(','),
          detail: rows,
        });
        return rows;
      });
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

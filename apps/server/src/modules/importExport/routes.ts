import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { ConditionError, parseConditions } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { companyScopeOf } from '../../plugins/scope.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/index.ts';
import { contentDisposition } from '../file/worker.ts';
import type { Pending } from '../file/index.ts';
import { modelForCaller, requireFormAction, parseFormId } from '../form/index.ts';
import { mayReadJob } from './download.ts';
import { importExportConfig } from './ieConfig.ts';
import { insertJobFile, XLSX_MIME } from './jobFiles.ts';
import { enqueueJob } from './jobs.ts';
import { EXPORT, findJobByCode, IMPORT, insertJob, type Requester } from './repo.ts';
import { checkZipDirectory, XlsxRefusedError } from './xlsxGuard.ts';

/* The origin's template and import paths name a table widget as `{formId}&{widgetId}`. */
const FormWidgetParams = Type.Object({ formId: Type.String({ maxLength: 140 }) });
const StateParams = Type.Object({ code: Type.String({ maxLength: 40 }), type: Type.String({ maxLength: 2 }) });
const ExportBody = Type.Object({
  formId: Type.Union([Type.String({ maxLength: 20 }), Type.Integer()]),
  queryConditions: Type.Optional(Type.Unknown()),
  widgetId: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Integer(), Type.Null()])),
});

/** `123` or `123&456`: the form, and the table widget whose layout the template or import follows. */
function parseFormWidget(raw: string): { formId: string; widgetId: string | null } {
  const at = raw.indexOf('&');
  if (at < 0) return { formId: parseFormId(raw), widgetId: null };
  const widgetId = raw.slice(at + 1).trim();
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(widgetId)) throw badRequest('表格控件ID不合法');
  return { formId: parseFormId(raw.slice(0, at)), widgetId };
}

type PartsOptions = NonNullable<Parameters<FastifyRequest['parts']>[0]>;

const JOB_NOT_FOUND = '导入导出任务不存在';

function requesterOf(request: FastifyRequest, auth: AuthContext): Requester {
  return {
    id: auth.userId,
    username: auth.user.username,
    userType: auth.user.userType,
    companyId: auth.user.companyId === null ? null : String(auth.user.companyId),
    ip: request.ip,
  };
}

/**
 * Excel export and import of a form's records (issue 8; spec 002 §4 and §7). Both start a pg-boss
 * job and answer at once with its code; the list page polls getImportExportState (1 s for
 * exports, 2 s for imports) and downloads the workbook from /api/file/download/{code} or the
 * rejected rows from /api/file/download/{code}_error. Each job writes one operation-log row when
 * it ends, with its counts, so the request itself is not logged a second time.
 */
export function importExportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const files = ctx.files;
  const config = importExportConfig();

  app.post('/api/form/exportForm', { schema: { body: ExportBody } }, async (request) => {
    const auth = authOf(request);
    const body = request.body as Static<typeof ExportBody>;
    const formId = parseFormId(body.formId);
    requireFormAction(request, formId, 'export');
    const model = await modelForCaller(ctx, auth, formId);
    // Checked now, so a bad filter is a 400 here rather than a failed job later.
    try {
      parseConditions(body.queryConditions, model.main.queryColumns);
    } catch (err) {
      if (err instanceof ConditionError) throw badRequest(err.message);
      throw err;
    }
    const widgetId = body.widgetId === undefined || body.widgetId === null ? null : String(body.widgetId);
    const job = await db.transaction().execute(async (trx) => {
      const row = await insertJob(trx, {
        kind: EXPORT,
        formId: model.formId,
        params: { requester: requesterOf(request, auth), widgetId, queryConditions: body.queryConditions ?? null },
      });
      await enqueueJob(ctx, trx, row);
      return row;
    });
    request.audited = true;
    return { errCode: 0, importExportCode: job.code };
  });

  app.post('/api/form/importForm/:formId', { schema: { params: FormWidgetParams } }, async (request, reply) => {
    const auth = authOf(request);
    const { formId, widgetId } = parseFormWidget((request.params as Static<typeof FormWidgetParams>).formId);
    requireFormAction(request, formId, 'import');
    const model = await modelForCaller(ctx, auth, formId);
    if (model.status !== 0) throw badRequest('表单已停用');
    if (!request.isMultipart()) throw new AppError(415, '请以 multipart/form-data 方式上传文件');
    const limit = files.limitFor();
    let pending: Pending | null = null;
    try {
      const options: PartsOptions & { throwFileSizeLimit: boolean } = {
        limits: { fileSize: limit.bytes + 1, files: 1, fields: 10, fieldSize: 1024 },
        throwFileSizeLimit: false,
      };
      for await (const part of request.parts(options)) {
        if (part.type === 'field') continue;
        pending = await files.receive(part.file, part.filename, limit, false);
      }
      if (!pending) throw badRequest('请选择要导入的文件');
      // Content decides, not the name: a workbook whose parts say xlsx, and a bounded zip.
      if (pending.kind !== 'xlsx' || pending.suffix !== 'xlsx') throw new AppError(415, '请上传 xlsx 格式的 Excel 文件');
      await checkZipDirectory(pending.tempPath, pending.size, config.caps);
    } catch (err) {
      if (pending) await files.discard([pending]);
      reply.header('connection', 'close');
      if (err instanceof XlsxRefusedError) throw new AppError(err.statusCode, err.message);
      throw err;
    }
    const upload = pending;
    const key = await files.storage.putFile(upload.tempPath);
    try {
      const job = await db.transaction().execute(async (trx) => {
        const requester = requesterOf(request, auth);
        const file = await insertJobFile(trx, { key, size: upload.size, sha256: upload.sha256 }, upload.originalName, requester);
        const row = await insertJob(trx, { kind: IMPORT, formId: model.formId, params: { requester, widgetId }, sourceFileId: file.id });
        await enqueueJob(ctx, trx, row);
        return row;
      });
      request.audited = true;
      return { errCode: 0, importExportCode: job.code };
    } catch (err) {
      await files.storage.delete(key).catch(() => undefined);
      throw err;
    }
  });

  app.get('/api/form/getImportExportState/:code/:type', { schema: { params: StateParams } }, async (request) => {
    const auth = authOf(request);
    const { code, type } = request.params as Static<typeof StateParams>;
    const job = await findJobByCode(db, code);
    if (!job || String(job.kind) !== type || !mayReadJob(auth, job)) throw notFound(JOB_NOT_FOUND);
    const state: Record<string, unknown> = {
      code: job.code,
      state: job.state,
      reason: job.reason,
      total: job.total,
      done: job.done,
      okRows: job.ok_rows,
      badRows: job.bad_rows,
    };
    if (job.result_file_id) state.fileId = Number(job.result_file_id);
    if (job.error_file_id) state.errorFileId = Number(job.error_file_id);
    return { errCode: 0, formImportExportState: state };
  });

  app.get('/api/form/exportFormTemplate/:formId', { schema: { params: FormWidgetParams } }, async (request, reply) => {
    // The import template is for importing.
    const { formId, widgetId } = parseFormWidget((request.params as Static<typeof FormWidgetParams>).formId);
    requireFormAction(request, formId, 'import');
    const auth = authOf(request);
    const model = await modelForCaller(ctx, auth, formId);
    // Loaded on first use: exceljs costs the API thread ~20 MB of RSS, and every other Excel job runs
    // on the job thread, which has its own copy (issue 16: the 100k import's peak RSS).
    const { buildTemplate } = await import('./template.ts');
    const bytes = await buildTemplate(model, { db, companyId: companyScopeOf(auth) }, widgetId);
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', contentDisposition('attachment', `${model.formName}导入模板.xlsx`))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(bytes);
  });
}

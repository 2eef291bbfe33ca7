import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { QR_TEXT, type QrCodeConf } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { flatBody, FORM_DESIGN_PERMISSION } from '../form/index.ts';
import { contentDisposition } from '../file/worker.ts';
import { addThroughCode, describeEntry, entryCodes, resolveToken, saveQrCodeConf, sheetOf } from './service.ts';
import { pdfFontOf } from './pdfFont.ts';
import { boundRecord, updateBoundRecord } from './record.ts';

const FormIdParam = Type.Object({ formId: Type.String({ pattern: '^[0-9]{1,15}$' }) });
const SheetQuery = Type.Object({
  kind: Type.Optional(Type.Union([Type.Literal('add'), Type.Literal('query'), Type.Literal('edit')])),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
});
const TokenParam = Type.Object({ token: Type.String({ maxLength: 120 }) });
const ParamsQuery = Type.Record(Type.String({ pattern: '^[A-Za-z0-9_]{1,40}$' }), Type.String({ maxLength: 200 }), { maxProperties: 10 });
const List = Type.Array(Type.Object({ name: Type.String({ maxLength: 200 }) }, { additionalProperties: true }), { maxItems: 50 });
const ConfBody = Type.Object({ formId: Type.Union([Type.Integer(), Type.String({ pattern: '^[0-9]{1,15}$' })]), add: List, query: List, edit: List }, { additionalProperties: true });

/*
 * 二维码设置's calls (screens-round3 §6.1): the designer reads and saves the configuration and the
 * printable codes; any signed-in user resolves a scanned token (the entry decides what it opens).
 */
export function qrSignedInRoutes(app: FastifyInstance, ctx: AppContext): void {
  const design = { permission: FORM_DESIGN_PERMISSION };

  app.post('/api/form/saveQrCodeConf', { schema: { body: ConfBody }, config: { ...design, audit: { module: '表单设计', action: '保存二维码设置' } } }, async (request) => {
    await saveQrCodeConf(ctx, authOf(request), request.body as QrCodeConf);
    return { errCode: 0, errMsg: QR_TEXT.saved };
  });

  app.get('/api/form/qrCodeEntries/:formId', { schema: { params: FormIdParam }, config: design }, async (request) => {
    const { formId } = request.params as Static<typeof FormIdParam>;
    return { errCode: 0, data: await entryCodes(ctx, authOf(request), formId) };
  });

  // The printable sheet (all shown entries, or one by ?kind=&name=): the codes carry this server's
  // address as the designer reached it, as the dialog's preview does.
  app.get('/api/form/qrCodeSheet/:formId', { schema: { params: FormIdParam, querystring: SheetQuery }, config: design }, async (request, reply) => {
    const { formId } = request.params as Static<typeof FormIdParam>;
    const font = pdfFontOf(ctx.config.pdfFont);
    const { formName, labels } = await sheetOf(ctx, authOf(request), formId, `${request.protocol}://${request.host}`, request.query as Static<typeof SheetQuery>);
    const { buildQrSheet } = await import('./sheet.ts');
    const one = labels.length === 1 ? `-${labels[0]!.name}` : '';
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition('attachment', `${formName}${one}二维码.pdf`))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-cache')
      .send(await buildQrSheet(formName, labels, font));
  });

  app.get('/api/qr/resolve/:token', { schema: { params: TokenParam, querystring: ParamsQuery } }, async (request) => {
    authOf(request);
    const r = await resolveToken(ctx, (request.params as Static<typeof TokenParam>).token);
    return { errCode: 0, data: describeEntry(r, request.query as Record<string, string>) };
  });

  // 新增 through a scanned code: the same checks as addformdata, with the entry's read-only presets forced.
  app.post('/api/qr/add/:token', { schema: { params: TokenParam, querystring: ParamsQuery } }, async (request) => {
    const { token } = request.params as Static<typeof TokenParam>;
    const inserted = await addThroughCode(ctx, request, token, request.query as Record<string, string>, flatBody(request.body));
    return { errCode: 0, businessId: Number(inserted.id) };
  });

  // 查看/编辑 bound to one record: the record cut to the entry's fields; the write keeps its editable ones.
  app.get('/api/qr/record/:token', { schema: { params: TokenParam } }, async (request) => {
    return { errCode: 0, ...(await boundRecord(ctx, request, (request.params as Static<typeof TokenParam>).token)) };
  });

  app.post('/api/qr/update/:token', { schema: { params: TokenParam } }, async (request) => {
    const data = await updateBoundRecord(ctx, request, (request.params as Static<typeof TokenParam>).token, flatBody(request.body));
    return { errCode: 0, businessId: Number(data.id), version: Number(data.version) };
  });

}

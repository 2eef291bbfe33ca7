import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { FORM_DESIGN_PERMISSION } from '../form/index.ts';
import { readFormSet, readLog, saveFormSet } from './service.ts';
import { parkClock } from '@park/core';
import { remindTick } from './runner.ts';
import { qrCodeConfText } from '../qrCode/index.ts';

const FormIdParams = Type.Object({ formId: Type.String({ pattern: '^[1-9][0-9]{0,15}$' }) });
const SaveBody = Type.Object({
  id: Type.Optional(Type.Union([Type.Null(), Type.Integer(), Type.String()])),
  formId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })]),
  // The original sends the object; a JSON text is read too.
  formSet: Type.Union([Type.Object({}, { additionalProperties: true }), Type.String({ maxLength: 1_000_000 })]),
});
const LogQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
});

/** 提醒设置 (issue 39): the form designer's reminder settings and their send log. */
export function remindRoutes(app: FastifyInstance, ctx: AppContext): void {
  const design = { permission: FORM_DESIGN_PERMISSION };
  // One reply for the form's settings: formSet (提醒设置) and qrCodeConf (二维码设置), both as JSON text.
  app.get('/api/form/queryFormSetByFormId/:formId', { schema: { params: FormIdParams }, config: design }, async (request) => {
    const { formId } = request.params as Static<typeof FormIdParams>;
    const reply = await readFormSet(ctx.db, authOf(request), formId);
    return { ...reply, data: { ...reply.data, qrCodeConf: await qrCodeConfText(ctx, formId) } };
  });
  app.post('/api/form/saveFormRemindSet', { schema: { body: SaveBody }, config: { ...design, mutates: true } }, async (request) => {
    const body = request.body as Static<typeof SaveBody>;
    return saveFormSet(ctx.db, authOf(request), String(body.formId), body.formSet);
  });
  app.get('/api/form/queryFormRemindLog/:formId', { schema: { params: FormIdParams, querystring: LogQuery }, config: design }, async (request) => {
    const q = request.query as Static<typeof LogQuery>;
    return readLog(ctx.db, authOf(request), (request.params as Static<typeof FormIdParams>).formId, q.pageNum, q.pageSize);
  });
  // e2e only (REMIND_TEST_HOOKS=1): runs this form's reminders due by the end of the park's day,
  // through the same claims as the schedule, so a spec need not wait for 09:00 in Shanghai.
  if (ctx.config.remindTestHooks) {
    app.post('/api/test/remind/run/:formId', { schema: { params: FormIdParams }, config: { ...design, mutates: true } }, async (request) => {
      const endOfDay = new Date(`${parkClock(new Date()).day}T23:59:00+08:00`);
      const out = await remindTick({ db: ctx.db, smsProvider: 'log' }, endOfDay, (request.params as Static<typeof FormIdParams>).formId);
      return { errCode: 0, data: out };
    });
  }
}

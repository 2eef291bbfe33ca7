import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { badRequest } from '../../plugins/errors.ts';
import { modelForCaller } from './formModel.ts';
import { listFormData } from './listQuery.ts';
import { metaWithV2, saveSensorSettingsV2, tableWidgetById, v2ListInput } from './listV2.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { parseFormId } from './tableNames.ts';

/*
 * Calls of the catalogue that the original client makes for a form's records (issue 27). Each ends
 * in listFormData, the list function of queryFormDataByConditions, so its checks apply here too.
 */

const FormIdParams = Type.Object({ formId: Type.String() });
const Paging = {
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
};
const ListQueryString = Type.Object({
  ...Paging,
  /** JSON text of the list filters, as queryFormDataByConditions takes them. */
  queryConditions: Type.Optional(Type.String({ maxLength: 100_000 })),
  sort: Type.Optional(Type.String({ maxLength: 2000 })),
});
const V2Body = Type.Object({
  formId: Type.Union([Type.String(), Type.Integer()]),
  widgetId: Type.Optional(Type.Union([Type.String(), Type.Number(), Type.Null()])),
  ...Paging,
  queryConditions: Type.Optional(Type.Unknown()),
  sort: Type.Optional(Type.Unknown()),
  /** previewQueryFormDataV2: the widget being designed; queryFormDataV2 ignores it (the original sends {}). */
  widget: Type.Optional(Type.Unknown()),
});
const SeniorConfBody = Type.Object({
  formId: Type.Union([Type.String(), Type.Integer()]),
  sensorSettingsV2: Type.Unknown(),
  /** The original's mobile settings: not used by this platform, accepted and ignored. */
  appSensorSettings: Type.Optional(Type.Unknown()),
});

function jsonParam(raw: string | undefined, name: string): unknown {
  if (raw === undefined || raw.trim() === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw badRequest(`${name} 不是有效的JSON`);
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function listV2Routes(app: FastifyInstance, ctx: AppContext): void {
  // The catalogue's listFormData: a GET with the form id in the path.
  app.get('/api/form/queryformdata/:formId', { schema: { params: FormIdParams, querystring: ListQueryString } }, async (request) => {
    const q = request.query as Static<typeof ListQueryString>;
    return listFormData(ctx, request, {
      formId: (request.params as { formId: string }).formId,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
      queryConditions: jsonParam(q.queryConditions, 'queryConditions'),
      sort: jsonParam(q.sort, 'sort'),
    });
  });

  // The published list page: the saved table widget (by widgetId) adds its fixed filters and sort.
  app.post('/api/form/queryFormDataV2', { schema: { body: V2Body } }, async (request) => {
    const body = request.body as Static<typeof V2Body>;
    const model = await modelForCaller(ctx, authOf(request), parseFormId(body.formId));
    const widget = tableWidgetById(metaWithV2(model), body.widgetId);
    return listFormData(ctx, request, v2ListInput(body, widget));
  });

  // The 高级设置 page's preview: the widget comes in the body, not yet saved; a designer's call.
  app.post(
    '/api/form/previewQueryFormDataV2',
    { schema: { body: V2Body }, config: { permission: FORM_DESIGN_PERMISSION } },
    async (request) => {
      const body = request.body as Static<typeof V2Body>;
      return listFormData(ctx, request, v2ListInput(body, isObject(body.widget) ? body.widget : null));
    },
  );

  app.post(
    '/api/form/formconf/saveFormSeniorConfV2',
    { schema: { body: SeniorConfBody }, config: { permission: FORM_DESIGN_PERMISSION } },
    async (request) => {
      const body = request.body as Static<typeof SeniorConfBody>;
      const model = await ctx.forms.load(ctx.db, parseFormId(body.formId));
      await saveSensorSettingsV2(ctx, request, model, body.sensorSettingsV2);
      return { errCode: 0 };
    },
  );
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { FORBIDDEN_TEXT } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { allows } from '../../plugins/authContext.ts';
import { badRequest, forbidden } from '../../plugins/errors.ts';
import { formsWithAction } from './recordAccess.ts';
import { FORM_DESIGN_PERMISSION } from './permissions.ts';
import { parseFormId } from './tableNames.ts';
import * as service from './formConf.service.ts';

// Named here before the service existed; tests and callers still find them here.
export { HAS_DATA, NO_DESIGN } from './formConf.service.ts';

const SaveConf = Type.Object({
  formId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })])),
  formName: Type.String({ minLength: 1, maxLength: 100 }),
  formType: Type.Optional(Type.String({ maxLength: 8 })),
  // Null first: with type coercion on, a later branch would turn null into 0 or "" before Null is tried.
  groupId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })])),
});
const ListConf = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
  formName: Type.Optional(Type.String({ maxLength: 100 })),
  groupId: Type.Optional(Type.String({ pattern: '^[0-9]{0,16}$' })),
  status: Type.Optional(Type.String({ pattern: '^[01]?$' })),
  // The original client's names: formType 1 asks for 流程表单 (forms with a deployed flow), flag is status.
  formType: Type.Optional(Type.String({ pattern: '^[01]?$' })),
  flag: Type.Optional(Type.String({ pattern: '^[01]?$' })),
});
type ListQuery = Static<typeof ListConf>;
const GroupBody = Type.Object({
  id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })])),
  groupName: Type.String({ minLength: 1, maxLength: 50 }),
  orderIndex: Type.Optional(Type.Integer()),
});
const IdBody = Type.Object({ formId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })]) });
const IdQuery = Type.Object({ formId: Type.Optional(Type.String()), id: Type.Optional(Type.String()) });

const CopyConf = Type.Object({
  formId: Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[1-9][0-9]{0,15}$' })]),
  formName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  groupId: SaveConf.properties.groupId,
});

/** undefined: not given (keep); null: no group. */
function groupOf(raw: Static<typeof SaveConf>['groupId']): string | null | undefined {
  if (raw === undefined) return undefined;
  return raw === null ? null : String(raw);
}

export function formConfRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const design = { permission: FORM_DESIGN_PERMISSION };

  /**
   * A form list for this caller. formType 1 lists forms with a deployed flow, and for a user (not
   * a designer) only enabled ones they may add records to, since starting a flow adds one. The
   * original client sends formType and reads each row's formMeta; our screens send neither.
   */
  const listFor = (request: FastifyRequest, q: ListQuery, user: boolean) => {
    const startable = q.formType === '1';
    const status = user ? 0 : (q.status ?? q.flag) ? Number(q.status ?? q.flag) : undefined;
    const auth = authOf(request);
    const formIds = startable && user && !auth.permissions.isSuper ? formsWithAction(auth, 'add') : null;
    return service.listForms(db, { pageNum: q.pageNum, pageSize: q.pageSize, formName: q.formName, groupId: q.groupId, status, startable, formIds }, q.formType !== undefined);
  };

  app.post('/api/form/formconf/save', { schema: { body: SaveConf }, config: design }, async (request) => {
    const body = request.body as Static<typeof SaveConf>;
    return service.saveForm(ctx, request, { formId: body.formId, formName: body.formName, formType: body.formType, groupId: groupOf(body.groupId) });
  });

  for (const method of ['GET', 'POST'] as const) {
    const schema = method === 'GET' ? { querystring: ListConf } : { body: ListConf };
    const read = (r: { query: unknown; body: unknown }) => (method === 'GET' ? r.query : r.body) as ListQuery;
    // Designers list every form; anyone else only 流程表单 they may start (the original client's
    // home page asks formType=1 for every user, issue 44), and nothing else.
    app.route({
      method,
      url: '/api/form/formconf/query',
      schema,
      handler: async (r) => {
        const q = read(r);
        const designer = allows(authOf(r).permissions, FORM_DESIGN_PERMISSION);
        if (!designer && q.formType !== '1') throw forbidden(FORBIDDEN_TEXT);
        return listFor(r, q, !designer);
      },
    });
    // Forms a user may fill in: every enabled one, or with formType=1 the 流程表单 they may start.
    app.route({ method, url: '/api/form/formconf/queryandpermission', schema, handler: async (r) => listFor(r, read(r), true) });
  }

  // A tenant's caller gets its tenant's copy of a handed-down form (ADR 0037).
  app.get('/api/form/formconf/getbyid/:formId', async (request) =>
    service.formConfReply(ctx, authOf(request), parseFormId((request.params as { formId: string }).formId)),
  );

  for (const [action, status, label] of [['enable', 0, '启用表单'], ['disable', 1, '停用表单']] as const) {
    app.route({
      method: ['GET', 'POST'],
      url: `/api/form/formconf/${action}`,
      schema: { querystring: IdQuery },
      config: { ...design, mutates: true },
      handler: async (request) => {
        const q = request.query as Static<typeof IdQuery>;
        const body = (request.body ?? {}) as { formId?: unknown };
        await service.setFormStatus(ctx, request, parseFormId(q.formId ?? q.id ?? body.formId), status, label);
        return { errCode: 0 };
      },
    });
  }

  app.post('/api/form/formconf/copy', { schema: { body: CopyConf }, config: design }, async (request) => {
    const body = request.body as Static<typeof CopyConf>;
    return service.copyFormAs(ctx, request, parseFormId(body.formId), body.formName, groupOf(body.groupId));
  });

  app.post('/api/form/formconf/delete', { schema: { body: IdBody }, config: design }, async (request) =>
    service.deleteOrDisableForm(ctx, request, parseFormId((request.body as Static<typeof IdBody>).formId)),
  );

  app.post('/api/form/formgroup/insert', { schema: { body: GroupBody }, config: design }, async (request) => {
    const body = request.body as Static<typeof GroupBody>;
    return service.addGroup(db, request, body.groupName, body.orderIndex);
  });

  app.post('/api/form/formgroup/update', { schema: { body: GroupBody }, config: design }, async (request) => {
    const body = request.body as Static<typeof GroupBody>;
    if (!body.groupName.trim()) throw badRequest('请输入分组名称');
    if (!body.id) throw badRequest('缺少分组ID');
    return service.updateGroup(db, request, String(body.id), body.groupName, body.orderIndex);
  });

  app.get('/api/form/formgroup/delete', { schema: { querystring: IdQuery }, config: { ...design, mutates: true } }, async (request) => {
    await service.deleteGroup(db, request, parseFormId((request.query as Static<typeof IdQuery>).id));
    return { errCode: 0 };
  });

  app.get('/api/form/formgroup/query', async () => service.listGroups(db));
}

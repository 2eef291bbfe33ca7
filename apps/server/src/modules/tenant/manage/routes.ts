import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { TENANT_TEXT, type TenantInput } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { badRequest, forbidden } from '../../../plugins/errors.ts';
import { TENANT_MODULE, TenantManageService } from './service.ts';

/** The permission of 租户信息 (menu /tenant/manage, component TenantManage). */
export const TENANT_MANAGE_PERM = 'tenant:manage';

const Status = Type.Union([Type.Literal(0), Type.Literal(1)]);
const Field = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const ListQuery = Type.Object({
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 10_000, default: 10 }),
  tenantName: Field(100),
  industry: Field(100),
  phone: Field(20),
  // The select's 全部 sends nothing or an empty value.
  status: Type.Optional(Type.Union([Status, Type.Literal('')])),
});
/* The dialog's fields (FORM, the original's names and spelling). The rules themselves are
   packages/core's, applied by the service with their messages; here only sizes and kinds. */
const TenantBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
  tenantName: Type.String({ maxLength: 200, default: '' }),
  industry: Type.String({ maxLength: 200, default: '' }),
  location: Field(200),
  address: Type.String({ maxLength: 200, default: '' }),
  contact: Type.String({ maxLength: 200, default: '' }),
  phone: Type.String({ maxLength: 50, default: '' }),
  email: Type.String({ maxLength: 200, default: '' }),
  status: Type.Optional(Status),
  lat: Field(50),
  lnt: Field(50),
  provice: Field(100),
  proviceCode: Type.String({ maxLength: 20, default: '' }),
  city: Field(100),
  cityCode: Type.String({ maxLength: 20, default: '' }),
  area: Field(100),
  areaCode: Type.String({ maxLength: 20, default: '' }),
});
const StatusBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }), status: Status });
const NameQuery = Type.Object({ tenantName: Type.String({ maxLength: 200 }), id: Type.Optional(Type.Integer({ minimum: 1 })) });
const PhoneQuery = Type.Object({ phone: Type.String({ maxLength: 50 }) });

/** Tenants are the park's to run: a tenant's own administrator never reaches these calls. */
function parkOnly(request: FastifyRequest) {
  const auth = authOf(request);
  if (auth.user.userType !== 0) throw forbidden(TENANT_TEXT.parkOnly);
  return auth;
}

const call = (action?: string) => ({ permission: TENANT_MANAGE_PERM, ...(action ? { audit: { module: TENANT_MODULE, action } } : {}) });

const asInput = (body: Static<typeof TenantBody>): TenantInput => ({ ...body, status: body.status ?? 1 });

/**
 * 租户信息 (issue 36; catalogue names from kh.config.json, screens-round3 §1.1): listTenant,
 * addTenant, updateTenant, changeTenantStatus, and the dialog's uniqueness checks.
 */
export function tenantManageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tenants = new TenantManageService(ctx);

  app.get('/api/user/listTenant', { schema: { querystring: ListQuery }, config: call() }, async (request) => {
    parkOnly(request);
    const q = request.query as Static<typeof ListQuery>;
    const { rows, total } = await tenants.list({
      tenantName: q.tenantName?.trim() || undefined,
      industry: q.industry?.trim() || undefined,
      phone: q.phone?.trim() || undefined,
      status: q.status === '' ? undefined : q.status,
      pageNum: q.pageNum,
      pageSize: q.pageSize,
    });
    return { errCode: 0, datas: rows, totalCount: total };
  });

  app.post('/api/user/addTenant', { schema: { body: TenantBody }, config: call('新增租户') }, async (request) => {
    const auth = parkOnly(request);
    const made = await tenants.add(request, auth.userId, asInput(request.body as Static<typeof TenantBody>));
    return { errCode: 0, errMsg: TENANT_TEXT.added, ...made };
  });

  app.post('/api/user/updateTenant', { schema: { body: TenantBody }, config: call('修改租户') }, async (request) => {
    const auth = parkOnly(request);
    const body = request.body as Static<typeof TenantBody>;
    if (body.id === undefined) throw badRequest(TENANT_TEXT.notFound);
    await tenants.update(request, auth.userId, asInput(body));
    return { errCode: 0, errMsg: TENANT_TEXT.updated };
  });

  app.post('/api/user/changeTenantStatus', { schema: { body: StatusBody }, config: call('启用/禁用租户') }, async (request) => {
    const auth = parkOnly(request);
    const body = request.body as Static<typeof StatusBody>;
    await tenants.changeStatus(request, auth.userId, String(body.id), body.status);
    return { errCode: 0, errMsg: body.status === 1 ? TENANT_TEXT.enabled : TENANT_TEXT.disabled };
  });

  app.get('/api/user/checkByTenantName', { schema: { querystring: NameQuery }, config: call() }, async (request) => {
    parkOnly(request);
    const q = request.query as Static<typeof NameQuery>;
    return { errCode: 0, exists: await tenants.nameTaken(q.tenantName, q.id === undefined ? undefined : String(q.id)) };
  });

  app.get('/api/user/checkByTenantPhone', { schema: { querystring: PhoneQuery }, config: call() }, async (request) => {
    parkOnly(request);
    return { errCode: 0, exists: await tenants.phoneTaken((request.query as Static<typeof PhoneQuery>).phone) };
  });
}

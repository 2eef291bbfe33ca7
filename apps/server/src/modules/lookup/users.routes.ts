import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { DescMap } from '@park/core';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../plugins/auth.ts';
import { keysetRows, mapAsync, pageOf, PickerPaging as Paging, sendJsonList } from './jsonStream.ts';
import { TENANT_VIEW_PERMS, tenantScopeOf } from '../../plugins/scope.ts';
import { countUsers, encodeUser, userBatch, type UserListFilter } from './users.repo.ts';
import { orgChildren, orgUserLevel, orgUserTree } from './orgs.repo.ts';

const Id = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

const ListUserQuery = Type.Object({
  ...Paging,
  /** Keyword: user name, real name or phone. */
  wd: Type.Optional(Type.String({ maxLength: 64 })),
  orgId: Type.Optional(Id),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  /** The park's 租户管理 › 用户: that tenant's users. */
  tenantId: Type.Optional(Id),
});
const OrgIdQuery = Type.Object({ ...Paging, orgId: Id, tenantId: Type.Optional(Id) });
/** parentId empty or 0: the top level. */
const ParentQuery = Type.Object({ parentId: Type.Optional(Type.String({ pattern: '^\\d{0,15}$' })), tenantId: Type.Optional(Id) });

export const USER_DESC: DescMap = {
  username: '用户名',
  realName: '姓名',
  orgName: '所属组织',
  phone: '手机号',
  email: '邮箱',
  roleList: '角色',
};

function parentOf(raw: string | undefined): string | null {
  return !raw || Number(raw) === 0 ? null : String(Number(raw));
}

/**
 * Users, organisations and roles for the pickers (spec 000 §7, spec 001 §7), under /api/user/ as
 * the catalogue names them. Reading needs only a session; company users see their company's users.
 */
export function lookupUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /* One handler for the user picker (issue 4) and the user administration screen (issue 5). */
  app.get('/api/user/listUser', { schema: { querystring: ListUserQuery } }, async (request, reply) => {
    const q = request.query as Static<typeof ListUserQuery>;
    const filter: UserListFilter = {
      wd: q.wd?.trim() || undefined,
      orgId: q.orgId,
      status: q.status,
      companyId: tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERMS).tenantId,
    };
    const totalCount = await countUsers(db, filter);
    const rows = mapAsync(keysetRows((k) => userBatch(db, filter, k), pageOf(q)), encodeUser);
    return sendJsonList(reply, { errCode: 0, totalCount, desc: USER_DESC }, 'datas', rows);
  });

  /* Direct members of one organisation: the org-then-user picker's second step. */
  app.get('/api/user/listUserByOrgId', { schema: { querystring: OrgIdQuery } }, async (request, reply) => {
    const q = request.query as Static<typeof OrgIdQuery>;
    const filter: UserListFilter = { memberOf: q.orgId, companyId: tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERMS).tenantId };
    const totalCount = await countUsers(db, filter);
    const rows = mapAsync(keysetRows((k) => userBatch(db, filter, k), pageOf(q)), encodeUser);
    return sendJsonList(reply, { errCode: 0, totalCount, desc: USER_DESC }, 'list', rows);
  });

  app.get('/api/user/listOrgByParentId', { schema: { querystring: ParentQuery } }, async (request) => {
    const q = request.query as Static<typeof ParentQuery>;
    return { errCode: 0, list: await orgChildren(db, parentOf(q.parentId), tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERMS)) };
  });

  /* With parentId: one level (child organisations, then direct members). Without: the whole tree. */
  app.get('/api/user/listOrgAndUserTree', { schema: { querystring: ParentQuery } }, async (request) => {
    const q = request.query as Static<typeof ParentQuery>;
    const scope = tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERMS);
    const raw = q.parentId;
    if (raw !== undefined && raw !== '') return { errCode: 0, list: await orgUserLevel(db, parentOf(raw), scope) };
    return { errCode: 0, list: await orgUserTree(db, scope) };
  });
}

import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { badRequest, notFound } from '../../../plugins/errors.ts';
import { TENANT_VIEW_PERMS, tenantScopeOf } from '../../../plugins/scope.ts';
import { adminCall, Id, IdBody, num, OptText, str, Text } from '../common.ts';

import * as repo from './repo.ts';
import { OrgService } from './service.ts';

const PERM = 'system:org';
const MODULE = '组织机构';

const ParentId = Type.Union([Id, Type.Null()]);
const LeaderId = Type.Optional(Type.Union([Id, Type.Null()]));
const AddOrgBody = Type.Object({ parentId: Type.Optional(ParentId), orgName: Text(64), orgCode: OptText(64), leaderId: LeaderId });
const UpdateOrgBody = Type.Object({ id: Id, orgName: Text(64), orgCode: OptText(64), leaderId: LeaderId });
const MoveOrgBody = Type.Object({ id: Id, parentId: ParentId, index: Type.Integer({ minimum: 0, maximum: 100000 }) });
const TenantOrgQuery = Type.Object({ tenantId: Type.Optional(Id), orgId: Type.Optional(Id) });
const MembersQuery = Type.Object({
  orgId: Id,
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
});

/* listOrgTree (the tree itself) is a shell call any signed-in user makes: modules/user/routes.ts. */
export function adminOrgRoutes(app: FastifyInstance, ctx: AppContext): void {
  const orgs = new OrgService(ctx);

  app.post('/api/user/addOrg', { schema: { body: AddOrgBody }, config: adminCall(PERM, MODULE, '新增组织') }, async (request) => {
    const body = request.body as Static<typeof AddOrgBody>;
    const id = await orgs.add(request, tenantScopeOf(authOf(request)), body.parentId == null ? null : str(body.parentId), body);
    return { errCode: 0, id };
  });

  app.post('/api/user/updateOrg', { schema: { body: UpdateOrgBody }, config: adminCall(PERM, MODULE, '修改组织') }, async (request) => {
    const body = request.body as Static<typeof UpdateOrgBody>;
    await orgs.update(request, tenantScopeOf(authOf(request)), str(body.id), body);
    return { errCode: 0 };
  });

  app.post('/api/user/moveOrg', { schema: { body: MoveOrgBody }, config: adminCall(PERM, MODULE, '移动组织') }, async (request) => {
    const body = request.body as Static<typeof MoveOrgBody>;
    await orgs.move(request, tenantScopeOf(authOf(request)), str(body.id), body.parentId === null ? null : str(body.parentId), body.index);
    return { errCode: 0 };
  });

  app.post('/api/user/deleteOrg', { schema: { body: IdBody }, config: adminCall(PERM, MODULE, '删除组织') }, async (request) => {
    await orgs.remove(request, tenantScopeOf(authOf(request)), str((request.body as IdBody).id));
    return { errCode: 0 };
  });

  app.get(
    '/api/user/listUserRelOrgByOrgId',
    { schema: { querystring: MembersQuery }, config: { permission: PERM } },
    async (request) => {
      const q = request.query as Static<typeof MembersQuery>;
      if (!(await repo.findOrg(ctx.db, str(q.orgId), tenantScopeOf(authOf(request))))) throw notFound('组织不存在或已被删除');
      const { rows, total } = await repo.listMembers(ctx.db, str(q.orgId), q.pageSize, (q.pageNum - 1) * q.pageSize);
      return { errCode: 0, datas: rows, totalCount: total };
    },
  );

  /* 租户管理 › 组织 / 用户 (the original's listTenantOrg): one level of a tenant's organisations,
     the roots without orgId. A tenant's own administrator gets its own tenant whatever it sends. */
  app.get('/api/user/listTenantOrg', { schema: { querystring: TenantOrgQuery } }, async (request) => {
    const q = request.query as Static<typeof TenantOrgQuery>;
    const scope = tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERMS);
    if (!scope.byTenant && scope.tenantId === null) throw badRequest('请选择租户');
    if (q.orgId !== undefined && !(await repo.findOrg(ctx.db, str(q.orgId), { ...scope, byTenant: true }))) throw notFound('组织不存在或已被删除');
    const rows = await repo.orgLevel(ctx.db, scope, q.orgId === undefined ? null : str(q.orgId));
    const list = rows.map((r) => ({
      id: num(r.id),
      parentId: r.parent_id === null ? null : num(r.parent_id),
      orgName: r.org_name,
      orgCode: r.org_code,
      parentOrgName: r.parent_name,
      orgIndex: r.order_index,
      leaf: !r.has_children,
    }));
    return { errCode: 0, list };
  });
}

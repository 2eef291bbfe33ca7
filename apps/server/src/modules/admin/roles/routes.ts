import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { DATA_SCOPES } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { notFound } from '../../../plugins/errors.ts';
import { TENANT_VIEW_PERMS, tenantScopeOf } from '../../../plugins/scope.ts';
import { adminCall, Id, IdBody, IdList, num, OptText, OptionalPage, str, Text } from '../common.ts';
import * as repo from './repo.ts';
import { RoleService } from './service.ts';

const PERM = 'system:role';
const MODULE = '角色管理';

/* Issue 15: which form records the role reaches; left out, a new role reaches all (as before). */
const DataScopeField = Type.Optional(Type.Union(DATA_SCOPES.map((s) => Type.Literal(s))));
const RoleBody = Type.Object({ roleName: Text(64), remark: OptText(500), dataScope: DataScopeField });
const UpdateRoleBody = Type.Object({ id: Id, roleName: Text(64), remark: OptText(500), dataScope: DataScopeField });
const ListRoleQuery = Type.Object({ ...OptionalPage, roleName: Type.Optional(Type.String({ maxLength: 64 })), tenantId: Type.Optional(Id) });
const CheckQuery = Type.Object({ roleName: Type.String({ maxLength: 64 }), id: Type.Optional(Id) });
const RoleIdQuery = Type.Object({ roleId: Id });
const RoleUsersQuery = Type.Object({
  roleId: Id,
  pageNum: Type.Integer({ minimum: 1, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 10 }),
});
const RelUserBody = Type.Object({ roleId: Id, userIds: IdList });
const RelOrgBody = Type.Object({ roleId: Id, orgIds: IdList });
const RelMenuBody = Type.Object({ roleId: Id, menuIds: IdList });

export function adminRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const roles = new RoleService(ctx);
  const { db } = ctx;

  /** The role's id when the caller reaches it (a tenant: its own roles), else 404. */
  const reachableRole = async (request: FastifyRequest, roleId: number): Promise<string> => {
    const role = await repo.findRole(db, str(roleId), tenantScopeOf(authOf(request)));
    if (!role) throw notFound('角色不存在或已被删除');
    return role.id;
  };

  /* Also the role picker's source (issue 4): any signed-in user may list; changes need system:role. */
  app.get('/api/user/listRole', { schema: { querystring: ListRoleQuery } }, async (request) => {
    const q = request.query as Static<typeof ListRoleQuery>;
    const paged = q.pageNum !== undefined || q.pageSize !== undefined;
    const pageSize = q.pageSize ?? 10;
    const { rows, total } = await repo.listRoles(db, {
      scope: tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERMS),
      roleName: q.roleName?.trim() || undefined,
      limit: paged ? pageSize : null,
      offset: paged ? ((q.pageNum ?? 1) - 1) * pageSize : 0,
    });
    return { errCode: 0, datas: rows, totalCount: total };
  });

  app.post('/api/user/addRole', { schema: { body: RoleBody }, config: adminCall(PERM, MODULE, '新增角色') }, async (request) => {
    const id = await roles.add(request, tenantScopeOf(authOf(request)), request.body as Static<typeof RoleBody>);
    return { errCode: 0, id };
  });

  app.post('/api/user/updateRole', { schema: { body: UpdateRoleBody }, config: adminCall(PERM, MODULE, '修改角色') }, async (request) => {
    const body = request.body as Static<typeof UpdateRoleBody>;
    await roles.update(request, authOf(request), tenantScopeOf(authOf(request)), str(body.id), body);
    return { errCode: 0 };
  });

  app.post('/api/user/deleteRole', { schema: { body: IdBody }, config: adminCall(PERM, MODULE, '删除角色') }, async (request) => {
    await roles.remove(request, tenantScopeOf(authOf(request)), str((request.body as IdBody).id));
    return { errCode: 0 };
  });

  app.get('/api/user/checkByRoleName', { schema: { querystring: CheckQuery }, config: { permission: PERM } }, async (request) => {
    const q = request.query as Static<typeof CheckQuery>;
    const name = q.roleName.trim();
    const scope = tenantScopeOf(authOf(request));
    return { errCode: 0, exists: name !== '' && (await repo.roleNameTaken(db, name, scope.tenantId, q.id === undefined ? undefined : str(q.id))) };
  });

  app.get('/api/user/listUserByRoleId', { schema: { querystring: RoleUsersQuery }, config: { permission: PERM } }, async (request) => {
    const q = request.query as Static<typeof RoleUsersQuery>;
    await reachableRole(request, q.roleId);
    const { rows, total } = await repo.listRoleUsers(db, str(q.roleId), q.pageSize, (q.pageNum - 1) * q.pageSize);
    return { errCode: 0, datas: rows, totalCount: total };
  });

  app.get('/api/user/listRolesRelUserByRoleId', { schema: { querystring: RoleIdQuery }, config: { permission: PERM } }, async (request) => {
    const rows = await repo.directUsers(db, await reachableRole(request, (request.query as Static<typeof RoleIdQuery>).roleId));
    return {
      errCode: 0,
      datas: rows.map((r) => ({ id: num(r.id), username: r.username, realName: r.real_name })),
      userIds: rows.map((r) => num(r.id)),
    };
  });

  app.get('/api/user/listRolesRelOrgByRoleId', { schema: { querystring: RoleIdQuery }, config: { permission: PERM } }, async (request) => {
    const rows = await repo.roleOrgs(db, await reachableRole(request, (request.query as Static<typeof RoleIdQuery>).roleId));
    return {
      errCode: 0,
      datas: rows.map((r) => ({ id: num(r.id), orgName: r.org_name })),
      orgIds: rows.map((r) => num(r.id)),
    };
  });

  app.post('/api/user/addRolesRelUser', { schema: { body: RelUserBody }, config: adminCall(PERM, MODULE, '分配角色用户') }, async (request) => {
    const body = request.body as Static<typeof RelUserBody>;
    await roles.setUsers(request, authOf(request), tenantScopeOf(authOf(request)), str(body.roleId), body.userIds.map(str));
    return { errCode: 0 };
  });

  app.post('/api/user/addRolesRelOrg', { schema: { body: RelOrgBody }, config: adminCall(PERM, MODULE, '分配角色组织') }, async (request) => {
    const body = request.body as Static<typeof RelOrgBody>;
    await roles.setOrgs(request, authOf(request), tenantScopeOf(authOf(request)), str(body.roleId), body.orgIds.map(str));
    return { errCode: 0 };
  });

  app.post('/api/user/addRolesRelMenu', { schema: { body: RelMenuBody }, config: adminCall(PERM, MODULE, '分配菜单权限') }, async (request) => {
    const body = request.body as Static<typeof RelMenuBody>;
    await roles.setMenus(request, authOf(request), tenantScopeOf(authOf(request)), str(body.roleId), body.menuIds.map(str));
    return { errCode: 0 };
  });
}

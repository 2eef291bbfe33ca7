import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { allows } from '../../../plugins/authContext.ts';
import { forbidden, notFound } from '../../../plugins/errors.ts';
import { TENANT_VIEW_PERM, tenantScopeOf } from '../../../plugins/scope.ts';
import { adminCall, Id, IdBody, IdList, num, OptText, str, Text } from '../common.ts';
import * as repo from './repo.ts';

const PERM = 'system:user';
const MODULE = '用户管理';

const UserType = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)]);
const UserFields = {
  realName: Text(64),
  sex: OptText(1),
  phone: OptText(20),
  email: OptText(100),
  userType: UserType,
  /** 租户用户类型 of a tenant's user (issue 36): 1 子管理员 or 2 普通用户; a tenant administrator sets it. */
  tenantUserType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2), Type.Null()])),
};
const AddUserBody = Type.Object({ username: Text(32), ...UserFields, orgIds: IdList, roleIds: IdList });
const UpdateUserBody = Type.Object({
  id: Id,
  ...UserFields,
  orgIds: Type.Optional(IdList),
  roleIds: Type.Optional(IdList),
});
const StatusBody = Type.Object({ id: Id, status: Type.Union([Type.Literal(0), Type.Literal(1)]) });
const UserIdQuery = Type.Object({ userId: Id });

export function adminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const users = ctx.users;

  /* listUser (this screen's list and the user picker's source) is served by modules/lookup/users.routes.ts:
     one streamed handler for both, since the picker asks for pageSize=10000000. */

  app.post(
    '/api/user/addUser',
    { schema: { body: AddUserBody }, config: adminCall(PERM, MODULE, '新增用户') },
    async (request) => {
      const body = request.body as Static<typeof AddUserBody>;
      const created = await users.add(request, authOf(request), body);
      return { errCode: 0, ...created };
    },
  );

  app.post(
    '/api/user/updateUser',
    { schema: { body: UpdateUserBody }, config: adminCall(PERM, MODULE, '修改用户') },
    async (request) => {
      const body = request.body as Static<typeof UpdateUserBody>;
      await users.update(request, authOf(request), str(body.id), body);
      return { errCode: 0 };
    },
  );

  app.post(
    '/api/user/deleteUser',
    { schema: { body: IdBody }, config: adminCall(PERM, MODULE, '删除用户') },
    async (request) => {
      await users.remove(request, authOf(request), str((request.body as IdBody).id));
      return { errCode: 0 };
    },
  );

  app.post(
    '/api/user/updateStatus',
    { schema: { body: StatusBody }, config: adminCall(PERM, MODULE, '启用/停用用户') },
    async (request) => {
      const body = request.body as Static<typeof StatusBody>;
      await users.setStatus(request, authOf(request), str(body.id), body.status);
      return { errCode: 0 };
    },
  );

  app.post(
    '/api/user/resetPwd',
    { schema: { body: IdBody }, config: adminCall(PERM, MODULE, '重置密码') },
    async (request) => {
      const reset = await users.resetPassword(request, authOf(request), str((request.body as IdBody).id));
      return { errCode: 0, ...reset };
    },
  );

  app.get(
    '/api/user/listRoleByUserId',
    { schema: { querystring: UserIdQuery }, config: { permission: PERM } },
    async (request) => {
      const userId = str((request.query as Static<typeof UserIdQuery>).userId);
      if (!(await repo.findUser(ctx.db, userId, tenantScopeOf(authOf(request))))) throw notFound('用户不存在或已被删除');
      const { roles } = await repo.linksOf(ctx.db, [userId]);
      const datas = roles.get(userId) ?? [];
      return { errCode: 0, datas, roleIds: datas.map((r) => num(r.id)) };
    },
  );

  /* 租户管理 › 用户's 查看 (the original's getTenantUserRelative): the user's 租户用户类型. */
  app.get('/api/user/getTenantUserRelative', { schema: { querystring: UserIdQuery } }, async (request) => {
    const auth = authOf(request);
    const userId = str((request.query as Static<typeof UserIdQuery>).userId);
    // The park needs the user view's code (or system:user); a tenant's caller reaches only its own users.
    if (auth.user.userType === 0 && !allows(auth.permissions, TENANT_VIEW_PERM.user) && !allows(auth.permissions, PERM)) throw forbidden();
    const user = await repo.findUser(ctx.db, userId, tenantScopeOf(auth));
    if (!user || user.company_id === null) throw notFound('用户不存在或不属于任何租户');
    return { errCode: 0, tenantUser: { userId: num(user.id), tenantId: num(user.company_id), userType: user.tenant_user_type ?? 2 } };
  });
}

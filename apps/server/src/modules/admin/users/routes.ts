import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
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
      const { roles } = await repo.linksOf(ctx.db, [userId]);
      const datas = roles.get(userId) ?? [];
      return { errCode: 0, datas, roleIds: datas.map((r) => num(r.id)) };
    },
  );
}

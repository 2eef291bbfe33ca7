import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { forbidden, notFound } from '../../../plugins/errors.ts';
import { TENANT_VIEW_PERM, tenantScopeOf } from '../../../plugins/scope.ts';
import { allows, menuTreeFor } from '../../user/worker.ts';
import { adminCall, Id, IdBody, num, OptText, str, Text } from '../common.ts';
import { findRole, roleMenuIds } from '../roles/repo.ts';
import { findUser } from '../users/repo.ts';
import * as repo from './repo.ts';
import { MenuService } from './service.ts';

const PERM = 'system:menu';
const MODULE = '菜单管理';

const MenuFields = {
  parentId: Type.Optional(Type.Union([Id, Type.Null()])),
  name: Text(64),
  path: Text(300),
  component: OptText(64),
  iconName: OptText(64),
  orderIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  hidden: Type.Optional(Type.Boolean()),
  showType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
  menuType: Type.Optional(Type.Union([Type.Literal('menu'), Type.Literal('button')])),
  perms: OptText(500),
};
const MenuBody = Type.Object(MenuFields);
const UpdateMenuBody = Type.Object({ id: Id, ...MenuFields });
const ListMenuQuery = Type.Object({ roleId: Type.Optional(Id), tenantId: Type.Optional(Id) });
const UserIdQuery = Type.Object({ userId: Id });

export function adminMenuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const menus = new MenuService(ctx);

  /* The whole tree, buttons included: the menu editor's, and the role screen's for binding menus. */
  app.get('/api/user/listMenu', { schema: { querystring: ListMenuQuery } }, async (request) => {
    const auth = authOf(request);
    const q = request.query as Static<typeof ListMenuQuery>;
    // The park's 租户管理 › 角色 / 菜单 views name a tenant and need their own codes instead.
    const viewing = auth.user.userType === 0 && q.tenantId !== undefined;
    const allowed = viewing
      ? allows(auth.permissions, TENANT_VIEW_PERM.role) || allows(auth.permissions, TENANT_VIEW_PERM.menu)
      : allows(auth.permissions, PERM) || allows(auth.permissions, 'system:role');
    if (!allowed) throw forbidden();
    const scope = tenantScopeOf(auth, q.tenantId);
    const datas = await repo.menuTree(ctx.db, scope);
    if (q.roleId === undefined) return { errCode: 0, datas, children: datas };
    const role = await findRole(ctx.db, str(q.roleId), scope.byTenant ? scope : { tenantId: scope.tenantId, byTenant: scope.tenantId !== null });
    if (!role) throw notFound('角色不存在或已被删除');
    const menuIds = (await roleMenuIds(ctx.db, role.id)).map(num);
    return { errCode: 0, datas, children: datas, menuIds, roleMenus: menuIds.map((menuId) => ({ menuId })) };
  });

  /* The menus a given user sees, as the shell would show them. */
  app.get('/api/user/listMenuByUserId', { schema: { querystring: UserIdQuery } }, async (request) => {
    const auth = authOf(request);
    if (!allows(auth.permissions, PERM) && !allows(auth.permissions, 'system:user')) throw forbidden();
    const userId = str((request.query as Static<typeof UserIdQuery>).userId);
    if (!(await findUser(ctx.db, userId, tenantScopeOf(auth)))) throw notFound('用户不存在或已被删除');
    return { errCode: 0, children: await menuTreeFor(ctx.db, userId) };
  });

  app.post('/api/user/addMenu', { schema: { body: MenuBody }, config: adminCall(PERM, MODULE, '新增菜单') }, async (request) => {
    const id = await menus.add(request, request.body as Static<typeof MenuBody>);
    return { errCode: 0, id };
  });

  app.post('/api/user/addFullMenu', { schema: { body: MenuBody }, config: adminCall(PERM, MODULE, '新增菜单及按钮') }, async (request) => {
    const id = await menus.addFull(request, request.body as Static<typeof MenuBody>);
    return { errCode: 0, id };
  });

  app.post('/api/user/updateMenu', { schema: { body: UpdateMenuBody }, config: adminCall(PERM, MODULE, '修改菜单') }, async (request) => {
    const body = request.body as Static<typeof UpdateMenuBody>;
    await menus.update(request, str(body.id), body);
    return { errCode: 0 };
  });

  app.post('/api/user/deleteMenu', { schema: { body: IdBody }, config: adminCall(PERM, MODULE, '删除菜单') }, async (request) => {
    await menus.remove(request, str((request.body as IdBody).id));
    return { errCode: 0 };
  });
}

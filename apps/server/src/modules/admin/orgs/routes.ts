import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { adminCall, Id, IdBody, OptText, str, Text } from '../common.ts';
import * as repo from './repo.ts';
import { OrgService } from './service.ts';

const PERM = 'system:org';
const MODULE = '组织机构';

const ParentId = Type.Union([Id, Type.Null()]);
const LeaderId = Type.Optional(Type.Union([Id, Type.Null()]));
const AddOrgBody = Type.Object({ parentId: Type.Optional(ParentId), orgName: Text(64), orgCode: OptText(64), leaderId: LeaderId });
const UpdateOrgBody = Type.Object({ id: Id, orgName: Text(64), orgCode: OptText(64), leaderId: LeaderId });
const MoveOrgBody = Type.Object({ id: Id, parentId: ParentId, index: Type.Integer({ minimum: 0, maximum: 100000 }) });
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
    const id = await orgs.add(request, body.parentId == null ? null : str(body.parentId), body);
    return { errCode: 0, id };
  });

  app.post('/api/user/updateOrg', { schema: { body: UpdateOrgBody }, config: adminCall(PERM, MODULE, '修改组织') }, async (request) => {
    const body = request.body as Static<typeof UpdateOrgBody>;
    await orgs.update(request, str(body.id), body);
    return { errCode: 0 };
  });

  app.post('/api/user/moveOrg', { schema: { body: MoveOrgBody }, config: adminCall(PERM, MODULE, '移动组织') }, async (request) => {
    const body = request.body as Static<typeof MoveOrgBody>;
    await orgs.move(request, str(body.id), body.parentId === null ? null : str(body.parentId), body.index);
    return { errCode: 0 };
  });

  app.post('/api/user/deleteOrg', { schema: { body: IdBody }, config: adminCall(PERM, MODULE, '删除组织') }, async (request) => {
    await orgs.remove(request, str((request.body as IdBody).id));
    return { errCode: 0 };
  });

  app.get(
    '/api/user/listUserRelOrgByOrgId',
    { schema: { querystring: MembersQuery }, config: { permission: PERM } },
    async (request) => {
      const q = request.query as Static<typeof MembersQuery>;
      const { rows, total } = await repo.listMembers(ctx.db, str(q.orgId), q.pageSize, (q.pageNum - 1) * q.pageSize);
      return { errCode: 0, datas: rows, totalCount: total };
    },
  );
}

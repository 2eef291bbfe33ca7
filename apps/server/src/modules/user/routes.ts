import type { FastifyInstance } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { listSys } from './sysModules.ts';
import { authOf } from '../../plugins/auth.ts';
import { menuTreeFor } from './menus.ts';
import { orgTree } from './orgTree.ts';

const Ref = (name: string) => Type.Object({ id: Type.Number(), [name]: Type.String() });

/* A response schema lets Fastify serialise with a compiled function instead of JSON.stringify:
   getUser is called by every page load, so it is the hottest authenticated call. */
const GetUserReply = Type.Object({
  errCode: Type.Number(),
  user: Type.Object({
    id: Type.Number(),
    username: Type.String(),
    realName: Type.String(),
    userType: Type.Number(),
    sex: Type.Union([Type.String(), Type.Null()]),
    companyId: Type.Union([Type.Number(), Type.Null()]),
    orgList: Type.Array(Ref('orgName')),
    roleList: Type.Array(Ref('roleName')),
  }),
  enableCompanyPermission: Type.Boolean(),
});

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/user/getUser', { schema: { response: { 200: GetUserReply } } }, async (request) => {
    const auth = authOf(request);
    return { errCode: 0, user: auth.user, enableCompanyPermission: auth.enableCompanyPermission };
  });

  app.get('/api/user/listRouter/:sysType', async (request) => {
    const auth = authOf(request);
    const client = Number((request.params as { sysType: string }).sysType);
    return { errCode: 0, children: await menuTreeFor(db, auth.userId, client) };
  });
  // The catalogue's path has no client number; the original web client is client 1.
  app.get('/api/user/listRouter', async (request) => ({ errCode: 0, children: await menuTreeFor(db, authOf(request).userId, 1) }));

  app.get('/api/user/listOrgTree', async () => ({ errCode: 0, departManage: await orgTree(db) }));

  app.get('/api/user/listSys', async () => {
    const rows = await listSys(db);
    return {
      errCode: 0,
      list: rows.map((r) => ({
        id: Number(r.id),
        sysName: r.sys_name,
        sysUrl: r.sys_url,
        status: r.status,
        orderIndex: r.order_index,
      })),
    };
  });
}

import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { formatDateTime } from '@park/core';
import { allows } from '../../plugins/authContext.ts';
import type { AppContext } from '../../context.ts';
import { listSys } from './sysModules.ts';
import { authOf } from '../../plugins/auth.ts';
import { menuTreeFor } from './menus.ts';
import { orgTree } from './orgTree.ts';
import { TENANT_VIEW_PERMS, tenantScopeOf } from '../../plugins/scope.ts';

const OrgTreeQuery = Type.Object({ tenantId: Type.Optional(Type.Integer({ minimum: 1 })) });

const ListSysQuery = Type.Object({
  sysName: Type.Optional(Type.String({ maxLength: 64 })),
  agentAccount: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('0'), Type.Literal('1')])),
  syn: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('0'), Type.Literal('1')])),
});

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

  // A tenant's users get their tenant's tree; the park its own, or a tenant's for 租户管理 (ADR 0042).
  app.get('/api/user/listOrgTree', { schema: { querystring: OrgTreeQuery } }, async (request) => {
    const q = request.query as Static<typeof OrgTreeQuery>;
    return { errCode: 0, departManage: await orgTree(db, tenantScopeOf(authOf(request), q.tenantId, TENANT_VIEW_PERMS)) };
  });

  // The top bar (every user) and the 子系统 screen share it; only the screen's holders see how a sub-system connects.
  app.get('/api/user/listSys', { schema: { querystring: ListSysQuery } }, async (request) => {
    const q = request.query as Static<typeof ListSysQuery>;
    const rows = await listSys(db, {
      sysName: q.sysName?.trim() || undefined,
      agentAccount: q.agentAccount?.trim() || undefined,
      status: q.status === '' || q.status === undefined ? undefined : Number(q.status),
      syn: q.syn === '' || q.syn === undefined ? undefined : Number(q.syn),
    });
    const manager = allows(authOf(request).permissions, 'system:sys');
    return {
      errCode: 0,
      list: rows.map((r) => ({
        id: Number(r.id),
        sysName: r.sys_name,
        sysUrl: r.sys_url,
        status: r.status,
        orderIndex: r.order_index,
        sysIndex: r.order_index,
        sysDesc: r.sys_desc,
        sso: r.sso,
        ssoMode: r.sso_mode,
        syn: r.syn,
        ...(manager
          ? {
              agentAccount: r.agent_account,
              hasSecret: r.secret_time !== null,
              secretTime: r.secret_time ? formatDateTime(r.secret_time) : null,
              redirectUris: r.redirect_uris,
              logoutUris: r.logout_uris,
              webhookUrl: r.webhook_url,
            }
          : {}),
      })),
    };
  });
}

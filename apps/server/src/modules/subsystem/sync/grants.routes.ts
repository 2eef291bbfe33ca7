import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, notFound } from '../../../plugins/errors.ts';
import { countExisting, findSysSyn, grantsOf, listInterfaces, listTenantChoices, replaceGrants } from './grants.repo.ts';

const PERM = 'system:sys';
const IdText = Type.Union([Type.Integer({ minimum: 1 }), Type.String({ pattern: '^[0-9]{1,15}$' })]);
/** The original sends "id,id,…," — a trailing comma and all. */
const IdCsv = Type.String({ maxLength: 2000, pattern: '^[0-9,]*$' });
const csv = (s: string | undefined) => [...new Set((s ?? '').split(',').filter(Boolean))];

const SysQuery = Type.Object({ sysId: IdText });
const GrantQuery = Type.Object({ sysId: IdText, interIds: IdCsv, tenantIds: Type.Optional(IdCsv) });

/*
 * 数据同步 (screens-round3 §5.3): which interfaces a sub-system may pull, for every tenant or the listed
 * ones. addSysRelInter replaces the sub-system's grants in one transaction.
 */
export function syncGrantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const grantList = (rows: { inter_id: string; company_id: string | null }[]) =>
    rows.map((r) => ({ interId: Number(r.inter_id), tenantId: r.company_id === null ? null : Number(r.company_id) }));

  app.get('/api/user/listInter', { schema: { querystring: Type.Object({ sysId: Type.Optional(IdText) }) }, config: { permission: PERM } }, async (request) => {
    const { sysId } = request.query as { sysId?: number | string };
    const [inters, tenants] = await Promise.all([listInterfaces(db), listTenantChoices(db)]);
    return {
      errCode: 0,
      list: inters.map((i) => ({ id: Number(i.id), interCode: i.inter_code, interName: i.inter_name })),
      sysRelInterList: sysId === undefined ? [] : grantList(await grantsOf(db, String(sysId))),
      // Not the original's: the tenants a grant can be limited to (数据同步's scope choice).
      tenantList: tenants.map((t) => ({ id: Number(t.id), tenantName: t.company_name })),
    };
  });

  app.get('/api/user/listSysRelInter', { schema: { querystring: SysQuery }, config: { permission: PERM } }, async (request) => {
    const { sysId } = request.query as Static<typeof SysQuery>;
    return { errCode: 0, list: grantList(await grantsOf(db, String(sysId))) };
  });

  app.get(
    '/api/user/addSysRelInter',
    { schema: { querystring: GrantQuery }, config: { permission: PERM, mutates: true, audit: { module: '系统模块', action: '数据同步授权' } } },
    async (request) => {
      const q = request.query as Static<typeof GrantQuery>;
      const sysId = String(q.sysId);
      const interIds = csv(q.interIds);
      const tenantIds = csv(q.tenantIds);
      await db.transaction().execute(async (trx) => {
        const sys = await findSysSyn(trx, sysId);
        if (!sys) throw notFound('子系统不存在或已被删除');
        if (interIds.length && sys.syn !== 0) throw badRequest('该子系统不需要数据同步');
        if ((await countExisting(trx, 'sync_interface', interIds)) !== interIds.length) throw badRequest('接口不存在');
        if ((await countExisting(trx, 'sys_company', tenantIds)) !== tenantIds.length) throw badRequest('租户不存在');
        const scopes: (string | null)[] = tenantIds.length ? tenantIds : [null];
        const rows = interIds.flatMap((inter_id) => scopes.map((company_id) => ({ sys_id: sysId, inter_id, company_id })));
        await replaceGrants(trx, sysId, rows);
        await writeAudit(trx, request, { module: '系统模块', action: '数据同步授权', targetType: 'sys_module', targetId: sysId, detail: { interIds, tenantIds } });
      });
      return { errCode: 0, errMsg: '保存成功' };
    },
  );
}

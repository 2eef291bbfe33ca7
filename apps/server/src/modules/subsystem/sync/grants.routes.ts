import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../../context.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, notFound } from '../../../plugins/errors.ts';

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

  const grantsOf = (sysId: string) =>
    db.selectFrom('sys_rel_inter').select(['inter_id', 'company_id']).where('sys_id', '=', sysId).orderBy('inter_id').orderBy('company_id').execute();
  const grantList = (rows: { inter_id: string; company_id: string | null }[]) =>
    rows.map((r) => ({ interId: Number(r.inter_id), tenantId: r.company_id === null ? null : Number(r.company_id) }));

  app.get('/api/user/listInter', { schema: { querystring: Type.Object({ sysId: Type.Optional(IdText) }) }, config: { permission: PERM } }, async (request) => {
    const { sysId } = request.query as { sysId?: number | string };
    const inters = await db.selectFrom('sync_interface').select(['id', 'inter_code', 'inter_name']).orderBy('order_index').execute();
    return {
      errCode: 0,
      list: inters.map((i) => ({ id: Number(i.id), interCode: i.inter_code, interName: i.inter_name })),
      sysRelInterList: sysId === undefined ? [] : grantList(await grantsOf(String(sysId))),
    };
  });

  app.get('/api/user/listSysRelInter', { schema: { querystring: SysQuery }, config: { permission: PERM } }, async (request) => {
    const { sysId } = request.query as Static<typeof SysQuery>;
    return { errCode: 0, list: grantList(await grantsOf(String(sysId))) };
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
        const sys = await trx.selectFrom('sys_module').select(['id', 'syn']).where('id', '=', sysId).executeTakeFirst();
        if (!sys) throw notFound('子系统不存在或已被删除');
        if (interIds.length && sys.syn !== 0) throw badRequest('该子系统不需要数据同步');
        const known = interIds.length ? await trx.selectFrom('sync_interface').select('id').where('id', 'in', interIds).execute() : [];
        if (known.length !== interIds.length) throw badRequest('接口不存在');
        const tenants = tenantIds.length ? await trx.selectFrom('sys_company').select('id').where('id', 'in', tenantIds).execute() : [];
        if (tenants.length !== tenantIds.length) throw badRequest('租户不存在');
        await trx.deleteFrom('sys_rel_inter').where('sys_id', '=', sysId).execute();
        const scopes: (string | null)[] = tenantIds.length ? tenantIds : [null];
        const rows = interIds.flatMap((inter_id) => scopes.map((company_id) => ({ sys_id: sysId, inter_id, company_id })));
        if (rows.length) await trx.insertInto('sys_rel_inter').values(rows).execute();
        await writeAudit(trx, request, { module: '系统模块', action: '数据同步授权', targetType: 'sys_module', targetId: sysId, detail: { interIds, tenantIds } });
      });
      return { errCode: 0, errMsg: '保存成功' };
    },
  );
}

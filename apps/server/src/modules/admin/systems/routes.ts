import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { ADMIN_TEXT, isSysUrl, SYS_URL_MESSAGE } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../../plugins/errors.ts';
import { adminCall, Id, IdBody, str, Text, uniqueOr } from '../common.ts';
import { deleteSys, findSys, insertSys, nameTaken, nextOrderIndex, updateSys } from './repo.ts';

const PERM = 'system:sys';
const MODULE = '系统模块';

const SysFields = {
  sysName: Text(64),
  sysUrl: Text(500),
  /** 0 enabled (offered in the top bar's module list), 1 disabled. */
  status: Type.Union([Type.Literal(0), Type.Literal(1)]),
  orderIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
};
const AddSysBody = Type.Object(SysFields);
const UpdateSysBody = Type.Object({ id: Id, ...SysFields });
const CheckQuery = Type.Object({ sysName: Type.String({ maxLength: 64 }), id: Type.Optional(Id) });

type SysInput = Static<typeof AddSysBody>;

/* The top bar opens sysUrl with window.open, so only http(s) and our own paths are accepted. */
function clean(input: SysInput) {
  const sysName = input.sysName.trim();
  const sysUrl = input.sysUrl.trim();
  if (!sysName) throw badRequest('请输入系统名称');
  if (!isSysUrl(sysUrl)) throw badRequest(SYS_URL_MESSAGE);
  return { sys_name: sysName, sys_url: sysUrl, status: input.status };
}

/* listSys itself is a shell call (the top bar's module list): modules/user/routes.ts. */
export function adminSysRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const audit = (trx: Kysely<Database>, request: FastifyRequest, action: string, id: string, detail: unknown) =>
    writeAudit(trx, request, { module: MODULE, action, targetType: 'sys_module', targetId: id, detail });

  app.get('/api/user/checkBySysName', { schema: { querystring: CheckQuery }, config: { permission: PERM } }, async (request) => {
    const q = request.query as Static<typeof CheckQuery>;
    const name = q.sysName.trim();
    return { errCode: 0, exists: name !== '' && (await nameTaken(db, name, q.id === undefined ? undefined : str(q.id))) };
  });

  app.post('/api/user/addSys', { schema: { body: AddSysBody }, config: adminCall(PERM, MODULE, '新增系统模块') }, async (request) => {
    const input = request.body as SysInput;
    const sys = clean(input);
    const id = await db.transaction().execute(async (trx) => {
      if (await nameTaken(trx, sys.sys_name)) throw conflict(ADMIN_TEXT.sysNameTaken);
      const orderIndex = input.orderIndex ?? (await nextOrderIndex(trx));
      const newId = await uniqueOr(insertSys(trx, { ...sys, order_index: orderIndex }), ADMIN_TEXT.sysNameTaken);
      await audit(trx, request, '新增系统模块', newId, sys);
      return Number(newId);
    });
    return { errCode: 0, id };
  });

  app.post('/api/user/updateSys', { schema: { body: UpdateSysBody }, config: adminCall(PERM, MODULE, '修改系统模块') }, async (request) => {
    const input = request.body as Static<typeof UpdateSysBody>;
    const sys = clean(input);
    const id = str(input.id);
    await db.transaction().execute(async (trx) => {
      const before = await findSys(trx, id);
      if (!before) throw notFound('系统模块不存在或已被删除');
      if (await nameTaken(trx, sys.sys_name, id)) throw conflict(ADMIN_TEXT.sysNameTaken);
      await uniqueOr(updateSys(trx, id, { ...sys, order_index: input.orderIndex ?? before.order_index }), ADMIN_TEXT.sysNameTaken);
      await audit(trx, request, '修改系统模块', id, { before });
    });
    return { errCode: 0 };
  });

  app.post('/api/user/deleteSys', { schema: { body: IdBody }, config: adminCall(PERM, MODULE, '删除系统模块') }, async (request) => {
    const id = str((request.body as IdBody).id);
    await db.transaction().execute(async (trx) => {
      const before = await findSys(trx, id);
      if (!before) throw notFound('系统模块不存在或已被删除');
      await deleteSys(trx, id);
      await audit(trx, request, '删除系统模块', id, { before });
    });
    return { errCode: 0 };
  });
}

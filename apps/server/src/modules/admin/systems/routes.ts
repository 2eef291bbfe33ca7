import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { ADMIN_TEXT, isSysUrl, SYS_URL_MESSAGE } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../../plugins/errors.ts';
import { adminCall, Id, IdBody, str, Text, uniqueOr } from '../common.ts';

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

async function nameTaken(db: Kysely<Database>, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_module').select('id').where('sys_name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

async function findSys(db: Kysely<Database>, id: string) {
  return db.selectFrom('sys_module').select(['id', 'sys_name', 'sys_url', 'status', 'order_index']).where('id', '=', id).executeTakeFirst();
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
      const max = await trx.selectFrom('sys_module').select((eb) => eb.fn.max('order_index').as('m')).executeTakeFirst();
      const row = await uniqueOr(
        trx
          .insertInto('sys_module')
          .values({ ...sys, order_index: input.orderIndex ?? (max?.m == null ? 0 : Number(max.m) + 1) })
          .returning('id')
          .executeTakeFirstOrThrow(),
        ADMIN_TEXT.sysNameTaken,
      );
      await audit(trx, request, '新增系统模块', row.id, sys);
      return Number(row.id);
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
      await uniqueOr(
        trx
          .updateTable('sys_module')
          .set({ ...sys, order_index: input.orderIndex ?? before.order_index })
          .where('id', '=', id)
          .execute(),
        ADMIN_TEXT.sysNameTaken,
      );
      await audit(trx, request, '修改系统模块', id, { before });
    });
    return { errCode: 0 };
  });

  app.post('/api/user/deleteSys', { schema: { body: IdBody }, config: adminCall(PERM, MODULE, '删除系统模块') }, async (request) => {
    const id = str((request.body as IdBody).id);
    await db.transaction().execute(async (trx) => {
      const before = await findSys(trx, id);
      if (!before) throw notFound('系统模块不存在或已被删除');
      await trx.deleteFrom('sys_module').where('id', '=', id).execute();
      await audit(trx, request, '删除系统模块', id, { before });
    });
    return { errCode: 0 };
  });
}

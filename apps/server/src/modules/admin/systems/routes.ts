import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { AGENT_CREDENTIAL_LENGTH, isRedirectUri, isSortIndex, isSysUrl, SUBSYS_TEXT, uriLines } from '@park/core';
import type { AppContext } from '../../../context.ts';
import type { Database } from '../../../db/schema.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { badRequest, conflict, notFound } from '../../../plugins/errors.ts';
import { adminCall, blankToNull, Id, IdList, str, Text, uniqueOr } from '../common.ts';
import { accountTaken, deleteSys, findSys, insertSys, nameTaken, nextOrderIndex, setAgent, updateSys, type SysValues } from './repo.ts';

const PERM = 'system:sys';
const MODULE = '系统模块';

const ZeroOne = Type.Union([Type.Literal(0), Type.Literal(1)]);
/** One URI a line (the dialog's textarea, FORM) or a JSON list. */
const UriList = Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Array(Type.String({ maxLength: 500 }), { maxItems: 20 }), Type.Null()]));
const SysFields = {
  sysName: Text(64),
  sysUrl: Text(500),
  /** 是否显示: 0 shown in the top bar's module list, 1 hidden. */
  status: ZeroOne,
  /** 排序号 (the original's name); orderIndex is this platform's earlier name for it. */
  sysIndex: Type.Optional(Type.Union([Type.Integer(), Type.String({ maxLength: 12 })])),
  orderIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  sysDesc: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  sso: Type.Optional(ZeroOne),
  ssoMode: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  syn: Type.Optional(ZeroOne),
  redirectUris: UriList,
  logoutUris: UriList,
  webhookUrl: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
};
const AddSysBody = Type.Object(SysFields);
const UpdateSysBody = Type.Object({ id: Id, ...SysFields });
const CheckQuery = Type.Object({
  sysName: Type.Optional(Type.String({ maxLength: 64 })),
  agentAccount: Type.Optional(Type.String({ maxLength: 64 })),
  id: Type.Optional(Id),
});
const AgentBody = Type.Object({ id: Id, syn: Type.Optional(ZeroOne) });
/* The original sends GET deleteSys {ids}; this platform's screen posted {id}. Both are taken. */
const DeleteBody = Type.Object({ id: Type.Optional(Id), ids: Type.Optional(Type.Union([IdList, Type.String({ maxLength: 20000 })])) });

type SysInput = Static<typeof AddSysBody>;

const uris = (v: SysInput['redirectUris']): string[] => (Array.isArray(v) ? v.map((s) => s.trim()).filter(Boolean) : uriLines(v));

/* The top bar opens sysUrl with window.open, so only http(s) and our own paths are accepted;
   redirect URIs are compared exactly by the OIDC provider, so each must be a full address. */
function clean(input: SysInput, fallbackIndex: number | null): SysValues & { order_index: number | null } {
  const sysName = input.sysName.trim();
  const sysUrl = input.sysUrl.trim();
  if (!sysName) throw badRequest(SUBSYS_TEXT.nameRequired);
  if (!sysUrl) throw badRequest(SUBSYS_TEXT.urlRequired);
  if (!isSysUrl(sysUrl)) throw badRequest(SUBSYS_TEXT.urlInvalid);
  const rawIndex = input.sysIndex ?? input.orderIndex;
  if (rawIndex !== undefined && rawIndex !== '' && !isSortIndex(rawIndex) && !(input.sysIndex === undefined && rawIndex === 0)) {
    throw badRequest(SUBSYS_TEXT.indexInvalid);
  }
  const redirect = uris(input.redirectUris);
  const logout = uris(input.logoutUris);
  if ([...redirect, ...logout].some((u) => !isRedirectUri(u))) throw badRequest(SUBSYS_TEXT.redirectInvalid);
  const sso = input.sso ?? 1;
  if (sso === 0 && redirect.length === 0) throw badRequest(SUBSYS_TEXT.redirectRequired);
  const webhook = blankToNull(input.webhookUrl);
  if (webhook && !isRedirectUri(webhook)) throw badRequest('请输入正确的推送地址');
  return {
    sys_name: sysName,
    sys_url: sysUrl,
    status: input.status,
    sys_desc: blankToNull(input.sysDesc),
    sso,
    sso_mode: sso === 0 ? (blankToNull(input.ssoMode) ?? 'oidc') : blankToNull(input.ssoMode),
    syn: input.syn ?? 1,
    redirect_uris: JSON.stringify(redirect),
    logout_uris: JSON.stringify(logout),
    webhook_url: webhook,
    order_index: rawIndex === undefined || rawIndex === '' ? fallbackIndex : Number(rawIndex),
  };
}

/** 32 characters, URL-safe: [A-Za-z0-9_-] from 24 random bytes. The account is lower-case hex (a client_id people may type). */
const newSecret = () => crypto.randomBytes(24).toString('base64url');
const newAccount = () => crypto.randomBytes(AGENT_CREDENTIAL_LENGTH / 2).toString('hex');

/* listSys itself is a shell call (the top bar's module list): modules/user/routes.ts. */
export function adminSysRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  const audit = (trx: Kysely<Database>, request: FastifyRequest, action: string, id: string, detail: unknown) =>
    writeAudit(trx, request, { module: MODULE, action, targetType: 'sys_module', targetId: id, detail });

  // The original answers `count`; this platform's screen reads `exists`.
  app.get('/api/user/checkBySysName', { schema: { querystring: CheckQuery }, config: { permission: PERM } }, async (request) => {
    const q = request.query as Static<typeof CheckQuery>;
    const except = q.id === undefined ? undefined : str(q.id);
    const name = q.sysName?.trim() ?? '';
    const account = q.agentAccount?.trim() ?? '';
    const taken = (name !== '' && (await nameTaken(db, name, except))) || (account !== '' && (await accountTaken(db, account, except)));
    return { errCode: 0, exists: taken, count: taken ? 1 : 0 };
  });

  app.post('/api/user/addSys', { schema: { body: AddSysBody }, config: adminCall(PERM, MODULE, '新增子系统') }, async (request) => {
    const input = request.body as SysInput;
    const id = await db.transaction().execute(async (trx) => {
      const sys = clean(input, await nextOrderIndex(trx));
      if (await nameTaken(trx, sys.sys_name)) throw conflict(SUBSYS_TEXT.nameTaken);
      const newId = await uniqueOr(insertSys(trx, { ...sys, order_index: sys.order_index ?? 1 }), SUBSYS_TEXT.nameTaken);
      await audit(trx, request, '新增子系统', newId, sys);
      return Number(newId);
    });
    return { errCode: 0, errMsg: SUBSYS_TEXT.saved, id };
  });

  app.post('/api/user/updateSys', { schema: { body: UpdateSysBody }, config: adminCall(PERM, MODULE, '修改子系统') }, async (request) => {
    const input = request.body as Static<typeof UpdateSysBody>;
    const id = str(input.id);
    await db.transaction().execute(async (trx) => {
      const before = await findSys(trx, id);
      if (!before) throw notFound('子系统不存在或已被删除');
      const sys = clean(input, before.order_index);
      if (await nameTaken(trx, sys.sys_name, id)) throw conflict(SUBSYS_TEXT.nameTaken);
      await uniqueOr(updateSys(trx, id, { ...sys, order_index: sys.order_index ?? before.order_index }), SUBSYS_TEXT.nameTaken);
      await audit(trx, request, '修改子系统', id, { before });
    });
    return { errCode: 0, errMsg: SUBSYS_TEXT.saved };
  });

  /*
   * 数据同步账号分配. The original typed both in the browser; here the server makes them (ADR 0040):
   * the account once (it is the OIDC client_id too, so it stays), a new secret on every call. The
   * secret is answered this once and stored sealed; the previous one stops working at once.
   */
  app.post('/api/user/updateAgent', { schema: { body: AgentBody }, config: adminCall(PERM, MODULE, '分配同步账号') }, async (request) => {
    const body = request.body as Static<typeof AgentBody>;
    const id = str(body.id);
    const reply = await db.transaction().execute(async (trx) => {
      const before = await findSys(trx, id);
      if (!before) throw notFound('子系统不存在或已被删除');
      const agentAccount = before.agent_account ?? newAccount();
      const agentSecret = newSecret();
      await setAgent(trx, id, { agent_account: agentAccount, agent_secret: ctx.reports.secrets.seal(agentSecret), syn: body.syn ?? 0 });
      await audit(trx, request, before.agent_account ? '重新生成同步密钥' : '分配同步账号', id, { agentAccount });
      return { agentAccount, agentSecret };
    });
    return { errCode: 0, errMsg: SUBSYS_TEXT.saved, ...reply };
  });

  app.post('/api/user/deleteSys', { schema: { body: DeleteBody }, config: adminCall(PERM, MODULE, '删除子系统') }, async (request) => {
    const body = request.body as Static<typeof DeleteBody>;
    const listed = typeof body.ids === 'string' ? body.ids.split(',').map((s) => s.trim()).filter(Boolean) : (body.ids ?? []).map(str);
    const ids = [...new Set([...listed, ...(body.id === undefined ? [] : [str(body.id)])])];
    if (ids.length === 0 || ids.some((i) => !/^\d{1,15}$/.test(i))) throw badRequest('请选择要删除的记录');
    await db.transaction().execute(async (trx) => {
      for (const id of ids) {
        const before = await findSys(trx, id);
        if (!before) throw notFound('子系统不存在或已被删除');
        await deleteSys(trx, id);
        await audit(trx, request, '删除子系统', id, { before });
      }
    });
    return { errCode: 0 };
  });
}

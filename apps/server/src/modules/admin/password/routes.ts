import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@fastify/type-provider-typebox';
import { ADMIN_TEXT, meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '@park/core';
import type { AppContext } from '../../../context.ts';
import { authOf } from '../../../plugins/auth.ts';
import { writeAudit } from '../../../plugins/audit.ts';
import { AppError, badRequest, tooManyRequests } from '../../../plugins/errors.ts';
import { hashPassword, openSealedPassword, passwordHashOf, setPasswordHash, TOO_MANY_LOGINS, verifyPassword } from '../../auth/index.ts';

const MODULE = '个人中心';
/* The same one message for a broken, stale or replayed envelope as login gives. */
const SEAL_FAILED = '密码加密信息无效，请刷新页面后重试';

const Sealed = Type.String({ minLength: 1, maxLength: 1024 });
const UpdatePwdBody = Type.Object({ oldPassword: Sealed, newPassword: Sealed });
const CheckPwdBody = Type.Object({ password: Sealed });

/**
 * My password (issue 5 §2): both passwords sealed in transit; a login is all it needs, even one
 * whose generated password must be changed first (issue 42: these two are all such a login may call).
 */
export function passwordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, keys, limiter, sessions } = ctx;

  /** Checks the current password, counting wrong guesses against the login limit. */
  const checkOld = async (userId: string, username: string, ip: string, sealed: string): Promise<boolean> => {
    // Counted before the check, as at login: parallel guesses cannot outrun the limit.
    if (!(await limiter.reserve(username, ip))) throw tooManyRequests(TOO_MANY_LOGINS);
    const password = await openSealedPassword(db, keys, sealed);
    if (password === null) throw badRequest(SEAL_FAILED);
    const ok = await verifyPassword(password, await passwordHashOf(db, userId));
    if (ok) await limiter.release(username, ip);
    return ok;
  };

  app.post(
    '/api/user/checkCurrentPwd',
    // A check changes nothing: not an operation to log (readOnly).
    { schema: { body: CheckPwdBody }, config: { readOnly: true, beforePasswordChange: true, audit: { module: MODULE, action: '校验当前密码' } } },
    async (request) => {
      const auth = authOf(request);
      const valid = await checkOld(auth.userId, auth.user.username, request.ip, (request.body as Static<typeof CheckPwdBody>).password);
      return { errCode: 0, valid };
    },
  );

  app.post(
    '/api/user/updateCurrentPwd',
    { schema: { body: UpdatePwdBody }, config: { beforePasswordChange: true, audit: { module: MODULE, action: '修改密码' } } },
    async (request) => {
      const auth = authOf(request);
      const body = request.body as Static<typeof UpdatePwdBody>;
      if (!(await checkOld(auth.userId, auth.user.username, request.ip, body.oldPassword))) {
        throw new AppError(400, ADMIN_TEXT.oldPasswordWrong);
      }
      const next = await openSealedPassword(db, keys, body.newPassword);
      if (next === null) throw badRequest(SEAL_FAILED);
      if (!meetsPasswordRule(next)) throw badRequest(PASSWORD_RULE_MESSAGE);
      if (await verifyPassword(next, await passwordHashOf(db, auth.userId))) throw badRequest(ADMIN_TEXT.samePassword);
      const hash = await hashPassword(next);
      await db.transaction().execute(async (trx) => {
        await setPasswordHash(trx, auth.userId, hash);
        await writeAudit(trx, request, { module: MODULE, action: '修改密码', targetType: 'sys_user', targetId: auth.userId });
        // The user's other sessions end; this one stays.
        await sessions.destroyAllFor(trx, auth.userId, auth.sessionId);
      });
      ctx.events.deliver({ kind: 'user', id: auth.userId });
      return { errCode: 0 };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { Type } from '@fastify/type-provider-typebox';
import { BASE_PATH, COMPANY_LOGIN_TEXT, companyLoginRefusal, LOGIN_FAILED, TENANT_TEXT } from '@park/core';
import type { AppContext } from '../../context.ts';
import { writeAudit } from '../../plugins/audit.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { AppError, tooManyRequests } from '../../plugins/errors.ts';
import { openSealedPassword } from './sealedPassword.ts';
import { DUMMY_HASH, verifyPassword } from './passwordHash.ts';
import { loadCurrentUser } from './userProfile.ts';
import { findCompanyReview, findLoginUser } from './repo.ts';

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});

export { TOO_MANY_LOGINS, USER_DISABLED } from './messages.ts';
import { TOO_MANY_LOGINS, USER_DISABLED } from './messages.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, keys, sessions, limiter, config } = ctx;

  app.get('/apc/publicKey', async () => ({ errCode: 0, publicKey: keys.publicKeyPem }));

  app.post('/apc/login', { schema: { body: LoginBody } }, async (request, reply) => {
    const { username: rawName, password: sealed } = request.body as { username: string; password: string };
    const username = rawName.trim();
    const ip = request.ip;
    // Counted before the password is checked, so parallel guesses cannot outrun the limit.
    if (!(await limiter.reserve(username, ip))) throw tooManyRequests(TOO_MANY_LOGINS);

    const fail = async () => {
      await writeAudit(db, request, {
        action: '登录失败',
        targetType: 'user',
        actor: { userId: null, username },
      });
      return new AppError(400, LOGIN_FAILED, 1);
    };

    const password = await openSealedPassword(db, keys, sealed);
    // Account names are unique regardless of case (sys_user_username_lower_idx), so a company that
    // types its organisation code in lower case still finds the upper-case account registration made.
    const user = await findLoginUser(db, username);
    // Unknown users still cost one scrypt, so response time does not reveal which names exist.
    const matches = await verifyPassword(password ?? '', user?.password_hash ?? DUMMY_HASH);
    if (!user || password === null || !matches) throw await fail();
    // The password was right: whatever follows (a disabled user, a company not approved) is no guess.
    await limiter.release(username, ip);
    if (user.status !== 0) throw new AppError(403, USER_DISABLED, 2);
    // Issue 6: a company user (userType 1, 2) logs in only while the company is approved ('1').
    // Pending ('0'), rejected ('2', with the reviewer's reason) and voided ('3') companies are told
    // why. Checked after the password matched, so only the company itself learns its status.
    if (user.user_type !== 0 && user.company_id !== null) {
      const company = await findCompanyReview(db, user.company_id);
      const refusal = company ? companyLoginRefusal(company.status, company.check_reason) : COMPANY_LOGIN_TEXT.voided;
      if (refusal) throw new AppError(403, refusal, 3);
      // Issue 36: a disabled tenant's users are refused (their sessions ended when it was disabled).
      if (company && company.tenant_status === 0) throw new AppError(403, TENANT_TEXT.loginDisabled, 3);
    }

    const token = await sessions.create(user.id, { ip, userAgent: request.headers['user-agent'] });
    await writeAudit(db, request, { action: '登录', targetType: 'user', targetId: user.id, actor: { userId: user.id, username } });
    const profile = await loadCurrentUser(db, user.id);
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
    });
    return { errCode: 0, user: profile!.user, ...(profile!.mustChangePassword ? { mustChangePassword: true } : {}) };
  });

  app.get('/apc/logout', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const auth = await sessions.resolve(token);
      await sessions.destroy(token);
      if (auth) {
        await writeAudit(db, request, {
          action: '退出登录',
          targetType: 'user',
          targetId: auth.userId,
          actor: { userId: auth.userId, username: auth.user.username },
        });
      }
    }
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return reply.type('text/plain; charset=utf-8').send(`${BASE_PATH}/login`);
  });
}

import os from 'node:os';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { likeContains } from '../common.ts';
import { sanitizeForLog } from '../../../plugins/audit.ts';
import { type AuthEvents, generatePassword, hashPassword } from '../../auth/index.ts';

export interface ServerResetResult {
  userId: string;
  password: string;
  /** Sessions that were ended. */
  sessionsEnded: number;
  /** The account was disabled and `enable` turned it back on. */
  enabled: boolean;
  /** The account is disabled and stays so (no `enable`): the new password alone will not let it in. */
  stillDisabled: boolean;
}

export class UnknownUserError extends Error {}

/**
 * `npm run admin -- reset-password <user>` (issue 28): for an administrator locked out with nobody
 * left to reset the password in 用户管理. Whoever can run commands on the server may do this, so
 * there is no permission check; the operation log records it with the operating-system account.
 * The password is generated, printed once and stored only as a hash. Every session of the user
 * ends, on every running instance (NOTIFY), and the login-failure counters for the name are cleared.
 */
export async function resetPasswordOnServer(
  db: Kysely<Database>,
  events: Pick<AuthEvents, 'publish'>,
  username: string,
  options: { enable: boolean },
): Promise<ServerResetResult> {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('sys_user')
      .select(['id', 'status'])
      .where('username', '=', username)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new UnknownUserError(`用户 ${username} 不存在`);
    const enable = options.enable && user.status !== 0;
    await trx
      .updateTable('sys_user')
      .set({ password_hash: passwordHash, must_change_password: true, update_time: new Date(), ...(enable ? { status: 0 } : {}) })
      .where('id', '=', user.id)
      .execute();
    const ended = await trx.deleteFrom('sys_session').where('user_id', '=', user.id).executeTakeFirst();
    // The per-name counters (LoginLimiter's `u:<name>|<ip>` keys), so the next login is not refused as 429.
    await trx.deleteFrom('auth_login_failure').where('key', 'like', likeContains(`u:${username.toLowerCase()}|`)).execute();
    const operator = `${os.userInfo().username}@${os.hostname()}`;
    await trx
      .insertInto('sys_operation_log')
      .values({
        user_id: null,
        username: `服务器命令行 ${operator}`,
        module: '用户管理',
        action: enable ? '重置密码并启用（服务器命令行）' : '重置密码（服务器命令行）',
        target_type: 'sys_user',
        target_id: user.id,
        detail: JSON.stringify(sanitizeForLog({ username, operator, sessionsEnded: Number(ended.numDeletedRows) })),
        ip: null,
        err_msg: null,
      })
      .execute();
    // Heard by every running instance on commit: they drop the user's cached sessions and profile.
    await events.publish(trx, { kind: 'user', id: user.id });
    return {
      userId: user.id,
      password,
      sessionsEnded: Number(ended.numDeletedRows),
      enabled: enable,
      stillDisabled: !enable && user.status !== 0,
    };
  });
}

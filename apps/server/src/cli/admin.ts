/**
 * Server-side administration commands: `npm run admin -- <command> [arguments]`.
 * They run on the server with its DATA_DIR / DATABASE_URL, for when the web console cannot help.
 */
import pino from 'pino';
import { loadConfig, type Config } from '../config.ts';
import { createDb } from '../db/connect.ts';
import { AuthEvents } from '../modules/auth/index.ts';
import { resetPasswordOnServer, UnknownUserError } from '../modules/admin/index.ts';
import { openDatabase } from './database.ts';

type Command = (config: Config, args: string[]) => Promise<void>;

const USAGE = `用法:
  npm run admin -- reset-password <用户名> [--enable]
      生成新的一次性密码并打印，结束该用户的全部会话，写入操作日志；--enable 同时启用已停用的账号`;

const COMMANDS: Record<string, Command> = {
  'reset-password': async (config, args) => {
    const username = args.find((a) => !a.startsWith('--'));
    if (!username) throw new UsageError('缺少用户名');
    const logger = pino({ level: 'warn' });
    const database = await openDatabase(config, logger);
    const { db } = createDb(database.url, 2);
    try {
      const result = await resetPasswordOnServer(db, new AuthEvents(database.url, logger), username, {
        enable: args.includes('--enable'),
      });
      console.log(`用户 ${username} 的新密码（仅显示这一次，请登录后立即修改）: ${result.password}`);
      console.log(`已结束该用户的 ${result.sessionsEnded} 个会话，操作已写入操作日志。`);
      if (result.enabled) console.log('该账号原为停用状态，已重新启用。');
      if (result.stillDisabled) console.log('注意: 该账号处于停用状态，仍无法登录；如需启用请加 --enable 再执行一次。');
    } finally {
      await db.destroy();
      await database.close();
    }
  },
};

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(name ? `未知命令: ${name}\n${USAGE}` : USAGE);
    return 2;
  }
  try {
    await command(loadConfig(), args);
    return 0;
  } catch (err) {
    console.error(err instanceof UsageError ? `${err.message}\n${USAGE}` : `失败: ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof UsageError || err instanceof UnknownUserError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

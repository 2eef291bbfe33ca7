/**
 * `npm run restore -- <backup directory> [--force] [--database <url>]`: restores a backup made by
 * `npm run backup` (or the nightly job) into DATA_DIR, or, for a pg_dump backup, into the database
 * named by --database or DATABASE_URL. Stop the server first.
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { restoreBackup, RestoreRefused } from '../modules/backup/index.ts';
import { EMBEDDED_DB, runningClusterPort } from './database.ts';

const USAGE = '用法: npm run restore -- <备份目录> [--force] [--database <postgres://…>]';

async function main(args: string[]): Promise<number> {
  const i = args.indexOf('--database');
  const databaseUrl = i >= 0 ? (args[i + 1] ?? null) : null;
  const positional = args.filter((a, n) => !a.startsWith('--') && !(i >= 0 && n === i + 1));
  if (positional.length !== 1 || (i >= 0 && !databaseUrl)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const backupDir = path.resolve(positional[0]!);
  try {
    const result = await restoreBackup(
      config,
      backupDir,
      {
        force: args.includes('--force'),
        databaseUrl,
        embeddedDatabase: EMBEDDED_DB,
        isRunning: async (dir) => (await runningClusterPort(dir)) !== null,
      },
      pino({ level: 'warn' }),
    );
    console.log(`恢复完成: ${result.manifest.name}（${result.manifest.createdAt}）→ ${result.target}`);
    if (result.keptAside) console.log(`原有数据已移到 ${result.keptAside}`);
    console.log(`文件 ${result.manifest.files.files} 个已恢复到 ${path.join(config.dataDir, 'files')}。现在可以启动服务器。`);
    return 0;
  } catch (err) {
    console.error(`恢复失败: ${err instanceof Error ? err.message : String(err)}`);
    return err instanceof RestoreRefused ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));

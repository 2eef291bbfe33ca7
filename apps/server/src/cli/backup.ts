/**
 * `npm run backup [-- --format physical|dump]`: one backup of the database, the files store and
 * the login keys into BACKUP_DIR (default DATA_DIR/backups), then the retention sweep
 * (BACKUP_KEEP_DAYS). Works while the server runs (a hot backup) and while it is stopped.
 */
import pino from 'pino';
import { loadConfig } from '../config.ts';
import { createDb } from '../db/connect.ts';
import { type BackupSource, type DatabaseFormat, pruneBackups, runBackup } from '../modules/backup/index.ts';
import { openDatabase } from './database.ts';

const FORMATS: readonly DatabaseFormat[] = ['physical', 'dump'];

function formatArg(args: string[]): DatabaseFormat | undefined {
  const i = args.indexOf('--format');
  const value = i >= 0 ? args[i + 1] : args.find((a) => a.startsWith('--format='))?.slice('--format='.length);
  if (value === undefined) return undefined;
  if (!FORMATS.includes(value as DatabaseFormat)) throw new Error(`--format 只能是 ${FORMATS.join(' 或 ')}`);
  return value as DatabaseFormat;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<number> {
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const format = formatArg(process.argv.slice(2));
  const database = await openDatabase(config, logger);
  const { db } = createDb(database.url, 2);
  try {
    const source: BackupSource = {
      databaseUrl: database.url,
      cluster: database.clusterAdminUrl && database.clusterDir ? { adminUrl: database.clusterAdminUrl, dir: database.clusterDir } : null,
    };
    const { dir, manifest } = await runBackup(config, db, source, { trigger: 'manual', ...(format ? { format } : {}) });
    console.log(`备份完成: ${dir}`);
    console.log(
      `  数据库 (${manifest.database.format}, PostgreSQL ${manifest.database.postgresVersion}): ${mb(manifest.database.bytes)}；` +
        `文件 ${manifest.files.files} 个 ${mb(manifest.files.bytes)}；合计 ${mb(manifest.totalBytes)}`,
    );
    const pruned = await pruneBackups(db, config.ops.backupDir, config.ops.backupKeepDays);
    if (pruned.length > 0) console.log(`已删除超过 ${config.ops.backupKeepDays} 天的备份: ${pruned.join(', ')}`);
    return 0;
  } catch (err) {
    console.error(`备份失败: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await db.destroy();
    await database.close();
  }
}

process.exitCode = await main();

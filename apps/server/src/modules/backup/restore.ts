import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { createDb } from '../../db/connect.ts';
import { ensureDatabase, startEmbedded } from '../../db/embedded.ts';
import { readManifest, verifyBackup, type Manifest } from './manifest.ts';
import { embeddedMajor, requirePgTool, runPgTool, toolConnection } from './pgTools.ts';
import { migrationNames } from '../../db/migrations/index.ts';
import { serverVersion } from './backup.ts';
import { markRestored } from './repo.ts';

export interface RestoreOptions {
  /** Overwrite a DATA_DIR (or database) that already holds data; what was there is kept aside. */
  force: boolean;
  /** Restore the database into this one (a pg_dump backup only) instead of DATA_DIR's embedded cluster. */
  databaseUrl: string | null;
  /** The embedded database's name (main.ts: park). */
  embeddedDatabase: string;
  /** Whether an embedded cluster is running in a directory (cli/database.ts reads postmaster.pid). */
  isRunning: (clusterDir: string) => Promise<boolean>;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Where the previous contents of DATA_DIR were moved (with --force), if anything was there. */
  keptAside: string | null;
  target: string;
}

export class RestoreRefused extends Error {}

/** DATA_DIR entries a restore writes. */
const DATA_ENTRIES = ['pg', 'pg.password', 'files', 'keys'];

async function exists(p: string): Promise<boolean> {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}

async function nonEmptyDir(p: string): Promise<boolean> {
  try {
    return (await fs.readdir(p)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Restores a backup made by runBackup. The backup is checked against its checksums first; a
 * DATA_DIR or database that already holds data is refused unless `force`, and a running
 * database is always refused. A physical backup goes back into DATA_DIR/pg and is started once
 * here, so PostgreSQL replays the backup's WAL and the restore is known to work before the
 * server is started on it.
 */
export async function restoreBackup(config: Config, backupDir: string, options: RestoreOptions, logger: Logger): Promise<RestoreResult> {
  const manifest = await readManifest(backupDir);
  const problems = await verifyBackup(backupDir, manifest);
  if (problems.length > 0) throw new RestoreRefused(`备份已损坏，未做任何改动:\n  ${problems.slice(0, 20).join('\n  ')}`);

  await assertCompatible(backupDir, manifest);

  const dataDir = config.dataDir;
  const clusterDir = path.join(dataDir, 'pg');
  const intoEmbedded = manifest.database.format === 'physical' || !(options.databaseUrl ?? config.databaseUrl);
  if (manifest.database.format === 'physical' && options.databaseUrl) {
    throw new RestoreRefused('这是内置数据库的物理备份，只能恢复到 DATA_DIR；要迁移到外部 PostgreSQL，请先用 --format dump 做一次备份');
  }
  if (intoEmbedded && (await options.isRunning(clusterDir))) {
    throw new RestoreRefused(`${clusterDir} 中的数据库正在运行；请先停止服务器再恢复`);
  }
  const occupied = [];
  for (const entry of intoEmbedded ? ['pg', 'files', 'keys'] : ['files', 'keys']) {
    if (await nonEmptyDir(path.join(dataDir, entry))) occupied.push(entry);
  }
  if (occupied.length > 0 && !options.force) {
    throw new RestoreRefused(`${dataDir} 中已有数据（${occupied.join(', ')}）；确认要覆盖请加 --force（原有内容会移到 DATA_DIR/before-restore-… 保留）`);
  }
  const keptAside = occupied.length > 0 ? await moveAside(dataDir, intoEmbedded) : null;
  await fs.mkdir(dataDir, { recursive: true });

  for (const part of ['files', 'keys']) {
    const from = path.join(backupDir, part);
    if (await exists(from)) await fs.cp(from, path.join(dataDir, part), { recursive: true, errorOnExist: true, force: false });
  }

  let target: string;
  if (manifest.database.format === 'physical') {
    target = clusterDir;
    await placeCluster(backupDir, clusterDir);
    await verifyStarts(clusterDir, options.embeddedDatabase, manifest, logger);
  } else {
    target = await restoreDump(config, backupDir, manifest, options, clusterDir, logger);
  }
  return { manifest, keptAside, target };
}

/**
 * A backup from a newer release holds migrations this one does not know (its server would refuse to
 * start on it); a physical backup only starts under the PostgreSQL major version that wrote it.
 */
async function assertCompatible(backupDir: string, manifest: Manifest): Promise<void> {
  const known = migrationNames();
  if (manifest.schemaVersion && !known.includes(manifest.schemaVersion) && manifest.schemaVersion > known.at(-1)!) {
    throw new RestoreRefused(
      `该备份来自较新的版本（数据库结构 ${manifest.schemaVersion}，程序 ${manifest.appVersion}），当前程序只到 ${known.at(-1)}；请先安装与备份相同或更新的版本再恢复`,
    );
  }
  if (manifest.database.format !== 'physical') return;
  const backupMajor = Number.parseInt(await fs.readFile(path.join(backupDir, 'database', 'pgdata', 'PG_VERSION'), 'utf8'), 10);
  const embedded = await embeddedMajor();
  if (embedded !== null && embedded !== backupMajor) {
    throw new RestoreRefused(
      `该物理备份是 PostgreSQL ${backupMajor} 的数据目录，当前内置数据库为 PostgreSQL ${embedded}，无法直接恢复；请在原版本上用 --format dump 备份后再恢复`,
    );
  }
}

/** With --force: what DATA_DIR held goes to DATA_DIR/before-restore-<time>, nothing is deleted. */
async function moveAside(dataDir: string, withDatabase: boolean): Promise<string> {
  const aside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[-:.]/g, '').slice(0, 15)}`);
  await fs.mkdir(aside, { recursive: true, mode: 0o700 });
  for (const entry of DATA_ENTRIES) {
    if (!withDatabase && (entry === 'pg' || entry === 'pg.password')) continue;
    const from = path.join(dataDir, entry);
    if (await exists(from)) await fs.rename(from, path.join(aside, entry));
  }
  return aside;
}

async function placeCluster(backupDir: string, clusterDir: string): Promise<void> {
  await fs.cp(path.join(backupDir, 'database', 'pgdata'), clusterDir, { recursive: true, errorOnExist: true, force: false });
  await fs.copyFile(path.join(backupDir, 'database', 'pg.password'), `${clusterDir}.password`);
  await fs.chmod(`${clusterDir}.password`, 0o600);
  // PostgreSQL refuses a data directory others can read.
  await fs.chmod(clusterDir, 0o700);
  if (typeof process.getuid === 'function' && process.getuid() === 0) {
    // As root the cluster runs as `postgres` (embedded.ts), which must own its files.
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    await chownTree(clusterDir, uid, gid);
  }
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await fs.chown(dir, uid, gid);
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(p, uid, gid);
    else await fs.chown(p, uid, gid);
  }
}

/** Starts the restored cluster once (WAL replay happens here), checks the schema, records the backup's run as finished. */
async function verifyStarts(clusterDir: string, database: string, manifest: Manifest, logger: Logger): Promise<void> {
  const cluster = await startEmbedded({ dir: clusterDir, logger });
  try {
    await recordRestoredRun(cluster.urlFor(database), manifest);
  } finally {
    await cluster.stop();
  }
}

async function recordRestoredRun(url: string, manifest: Manifest): Promise<void> {
  const { db } = createDb(url, 1);
  try {
    await markRestored(db, manifest.name, {
      dbFormat: manifest.database.format,
      totalBytes: manifest.totalBytes,
      fileCount: manifest.files.files,
      finishedAt: new Date(manifest.finishedAt),
    });
  } finally {
    await db.destroy();
  }
}

/** Tables in a database's own schemas: a database with any is not empty. */
async function userTableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>(
      `select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return Number(r.rows[0]!.n);
  } finally {
    await client.end();
  }
}

async function restoreDump(config: Config, backupDir: string, manifest: Manifest, options: RestoreOptions, clusterDir: string, logger: Logger): Promise<string> {
  const external = options.databaseUrl ?? config.databaseUrl;
  const cluster = external ? null : await startEmbedded({ dir: clusterDir, logger });
  try {
    let url = external;
    if (cluster) {
      await ensureDatabase(cluster.urlFor('postgres'), options.embeddedDatabase);
      url = cluster.urlFor(options.embeddedDatabase);
    }
    const tables = await userTableCount(url!);
    if (tables > 0 && !options.force) {
      throw new RestoreRefused(`目标数据库已有 ${tables} 张表；确认要覆盖请加 --force`);
    }
    const pgRestore = await requirePgTool('pg_restore', config.ops.pgBinDir, (await serverVersion(url!)).db);
    const conn = toolConnection(url!);
    await runPgTool(
      pgRestore,
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        ...(tables > 0 ? ['--clean', '--if-exists'] : []),
        `--dbname=${conn.dbname}`,
        path.join(backupDir, 'database', 'park.dump'),
      ],
      conn.env,
    );
    await recordRestoredRun(url!, manifest);
    return external ? new URL(external).pathname.slice(1) : clusterDir;
  } finally {
    await cluster?.stop();
  }
}

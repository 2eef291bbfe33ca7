import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { LOCK, trySessionLock } from '../../db/advisoryLock.ts';
import type { Database } from '../../db/schema.ts';
import { filesRoot } from '../file/worker.ts';
import { copyFileHashed, copyTree, hashFile, type CopiedFile, type Reuse } from './fileTree.ts';
import { partSummary, readChecksums, readManifest, writeManifest, type DatabaseFormat, type Manifest } from './manifest.ts';
import { physicalBackup } from './physical.ts';
import { requirePgTool, runPgTool, toolConnection } from './pgTools.ts';
import * as repo from './repo.ts';

/** Where the database to back up lives. */
export interface BackupSource {
  /** The platform's database. */
  databaseUrl: string;
  /** The embedded cluster (superuser URL and data directory); null with DATABASE_URL. */
  cluster: { adminUrl: string; dir: string } | null;
}

export interface BackupResult {
  name: string;
  dir: string;
  manifest: Manifest;
}

/** The embedded cluster of a server started without DATABASE_URL (main.ts: DATA_DIR/pg, superuser). */
export function embeddedSource(config: Config, databaseUrl: string): BackupSource {
  if (config.databaseUrl) return { databaseUrl, cluster: null };
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  return { databaseUrl, cluster: { adminUrl: admin.toString(), dir: path.join(config.dataDir, 'pg') } };
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
export const BACKUP_NAME = /^park-\d{8}-\d{6}(-\d+)?$/;
export const PARTIAL_PREFIX = '.partial-';

async function freeName(backupDir: string, at: Date): Promise<string> {
  const base = `park-${stamp(at)}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    try {
      await fs.access(path.join(backupDir, name));
    } catch {
      return name;
    }
  }
}

async function appVersion(): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(path.resolve(import.meta.dirname, '../../../../../package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

async function exists(p: string): Promise<boolean> {
  try {
    await fs.access(p);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes one backup into BACKUP_DIR: the database (a physical copy of the embedded cluster, or a
 * pg_dump archive of DATABASE_URL), the files store and the login keys, with checksums and a
 * manifest. It is built under `.partial-<name>` and renamed when complete, so a directory named
 * park-… is always a whole backup. The database first, then the files: stored files never change
 * and are only removed a day after nothing refers to them, so every file the database names is
 * still there when the files are copied.
 */
export async function runBackup(
  config: Config,
  db: Kysely<Database>,
  source: BackupSource,
  options: { trigger: repo.BackupTrigger; format?: DatabaseFormat },
): Promise<BackupResult> {
  const format: DatabaseFormat = options.format ?? (source.cluster ? 'physical' : 'dump');
  if (format === 'physical' && !source.cluster) {
    throw new Error('物理备份只适用于内置数据库；使用 DATABASE_URL 时请用 pg_dump 格式（--format dump）');
  }
  const result = await trySessionLock(db as unknown as Kysely<unknown>, LOCK.backup, () => backupLocked(config, db, source, options.trigger, format));
  if (!result) throw new Error('另一个备份正在进行中，请稍后再试');
  return result;
}

async function backupLocked(
  config: Config,
  db: Kysely<Database>,
  source: BackupSource,
  trigger: repo.BackupTrigger,
  format: DatabaseFormat,
): Promise<BackupResult> {
  const backupDir = config.ops.backupDir;
  await fs.mkdir(backupDir, { recursive: true, mode: 0o700 });
  const startedAt = new Date();
  const name = await freeName(backupDir, startedAt);
  const dir = path.join(backupDir, name);
  const partial = path.join(backupDir, `${PARTIAL_PREFIX}${name}`);
  const id = await repo.insertRunning(db, { name, trigger, dir, host: os.hostname() });
  try {
    await fs.mkdir(partial, { mode: 0o700 });
    const schema = await sql<{ v: string | null }>`select max(name) as v from kysely_migration`.execute(db);
    const database = format === 'physical' ? await physicalPart(source, partial, name) : await dumpPart(config, source, partial);

    const root = filesRoot(config);
    const reuse = await linkFromPrevious(backupDir);
    // Uploads still being checked (tmp/) are not data yet.
    const files = (await exists(root))
      ? await copyTree(root, path.join(partial, 'files'), 'files', (rel) => (rel === 'tmp' ? 'skip' : undefined), reuse)
      : [];
    const keysDir = path.join(config.dataDir, 'keys');
    const keys = (await exists(keysDir)) ? await copyTree(keysDir, path.join(partial, 'keys'), 'keys') : [];

    const manifest = await writeManifest(partial, [...database.files, ...files, ...keys], {
      format: 'park-backup/1',
      name,
      createdAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      appVersion: await appVersion(),
      schemaVersion: schema.rows[0]?.v ?? null,
      database: { format, postgresVersion: database.serverVersion, ...partSummary(database.files) },
      files: partSummary(files),
      keys: partSummary(keys),
    });
    await fs.rename(partial, dir);
    await repo.markSuccess(db, id, { dbFormat: format, totalBytes: manifest.totalBytes, fileCount: files.length });
    return { name, dir, manifest };
  } catch (err) {
    await fs.rm(partial, { recursive: true, force: true }).catch(() => undefined);
    await repo.markFailed(db, id, err instanceof Error ? err.message : String(err)).catch(() => undefined);
    throw err;
  }
}

/**
 * Stored files never change (a new version is a new key), so a file the newest complete backup
 * already holds, at the same path with the same size, is hard-linked from it rather than copied:
 * fourteen nightly backups of a large files store take the room of one plus what changed. Where a
 * link cannot be made (another file system), the file is copied.
 */
async function linkFromPrevious(backupDir: string): Promise<Reuse | undefined> {
  const names = (await fs.readdir(backupDir)).filter((n) => BACKUP_NAME.test(n)).sort().reverse();
  for (const name of names) {
    const dir = path.join(backupDir, name);
    let sums: Map<string, string>;
    try {
      await readManifest(dir);
      sums = await readChecksums(dir);
    } catch {
      continue;
    }
    return async (rel, bytes, to) => {
      const sha = sums.get(rel);
      if (!sha) return null;
      const previous = path.join(dir, rel);
      try {
        if ((await fs.stat(previous)).size !== bytes) return null;
        await fs.link(previous, to);
        return sha;
      } catch {
        return null;
      }
    };
  }
  return undefined;
}

async function physicalPart(source: BackupSource, partial: string, label: string) {
  const cluster = source.cluster!;
  const result = await physicalBackup(cluster.adminUrl, cluster.dir, path.join(partial, 'database', 'pgdata'), label, 'database/pgdata');
  // The restored cluster keeps its superuser password, which main.ts reads from beside the data directory.
  const password = await copyFileHashed(`${cluster.dir}.password`, path.join(partial, 'database', 'pg.password'));
  return { files: [...result.files, { rel: 'database/pg.password', ...password }], serverVersion: result.serverVersion };
}

async function dumpPart(config: Config, source: BackupSource, partial: string) {
  const { db: serverMajor, version } = await serverVersion(source.databaseUrl);
  const pgDump = await requirePgTool('pg_dump', config.ops.pgBinDir, serverMajor);
  await fs.mkdir(path.join(partial, 'database'), { mode: 0o700 });
  const out = path.join(partial, 'database', 'park.dump');
  const conn = toolConnection(source.databaseUrl);
  await runPgTool(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${conn.dbname}`], conn.env);
  const stat = await fs.stat(out);
  const files: CopiedFile[] = [{ rel: 'database/park.dump', bytes: stat.size, sha256: await hashFile(out) }];
  return { files, serverVersion: version };
}

/** The server's major version and full version text. */
export async function serverVersion(url: string): Promise<{ db: number; version: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string; v: string }>(`select current_setting('server_version_num') as n, current_setting('server_version') as v`);
    return { db: Math.floor(Number(r.rows[0]!.n) / 10000), version: r.rows[0]!.v };
  } finally {
    await client.end();
  }
}

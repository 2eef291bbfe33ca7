import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { BACKUP_NAME, PARTIAL_PREFIX } from './backup.ts';
import { readManifest } from './manifest.ts';
import { markDeleted } from './repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes backups older than `keepDays` from `backupDir`, never the newest complete one (a park
 * whose server was off for a month still has its last backup), and leftovers of runs that died
 * more than a day ago. Returns the names deleted.
 */
export async function pruneBackups(db: Kysely<Database>, backupDir: string, keepDays: number, now = new Date()): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(backupDir);
  } catch {
    return [];
  }
  const complete: Array<{ name: string; createdAt: number }> = [];
  for (const name of names) {
    if (!BACKUP_NAME.test(name)) continue;
    try {
      const manifest = await readManifest(path.join(backupDir, name));
      complete.push({ name, createdAt: Date.parse(manifest.createdAt) });
    } catch {
      /* not a finished backup: not ours to judge */
    }
  }
  complete.sort((a, b) => b.createdAt - a.createdAt);
  const cutoff = now.getTime() - keepDays * DAY_MS;
  const expired = complete.slice(1).filter((b) => b.createdAt < cutoff).map((b) => b.name);
  for (const name of expired) await fs.rm(path.join(backupDir, name), { recursive: true, force: true });
  await markDeleted(db, expired);

  for (const name of names.filter((n) => n.startsWith(PARTIAL_PREFIX))) {
    const full = path.join(backupDir, name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat && stat.mtimeMs < now.getTime() - DAY_MS) await fs.rm(full, { recursive: true, force: true });
  }
  return expired;
}

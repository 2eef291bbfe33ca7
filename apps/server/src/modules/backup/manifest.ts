import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CopiedFile } from './fileTree.ts';
import { hashFile } from './fileTree.ts';

export const MANIFEST = 'manifest.json';
export const CHECKSUMS = 'checksums.sha256';
export const MANIFEST_FORMAT = 'park-backup/1';

/** How the database is kept: a physical copy of the embedded cluster, or a pg_dump custom-format archive. */
export type DatabaseFormat = 'physical' | 'dump';

export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  name: string;
  createdAt: string;
  finishedAt: string;
  /** The platform's version (package.json) and the newest migration the database had. */
  appVersion: string;
  schemaVersion: string | null;
  database: { format: DatabaseFormat; postgresVersion: string; files: number; bytes: number };
  files: { files: number; bytes: number };
  keys: { files: number; bytes: number };
  totalBytes: number;
  /** sha256 of checksums.sha256, which lists every other file's sha256 (`sha256sum -c` reads it). */
  checksumsSha256: string;
}

const sum = (files: CopiedFile[]) => files.reduce((n, f) => n + f.bytes, 0);

export function partSummary(files: CopiedFile[]): { files: number; bytes: number } {
  return { files: files.length, bytes: sum(files) };
}

/** Writes checksums.sha256 and manifest.json; the manifest is written last and marks a finished backup. */
export async function writeManifest(dir: string, all: CopiedFile[], manifest: Omit<Manifest, 'checksumsSha256' | 'totalBytes'>): Promise<Manifest> {
  const lines = [...all].sort((a, b) => (a.rel < b.rel ? -1 : 1)).map((f) => `${f.sha256}  ${f.rel}\n`);
  await fs.writeFile(path.join(dir, CHECKSUMS), lines.join(''), { mode: 0o600 });
  const full: Manifest = {
    ...manifest,
    totalBytes: sum(all),
    checksumsSha256: crypto.createHash('sha256').update(lines.join('')).digest('hex'),
  };
  await fs.writeFile(path.join(dir, MANIFEST), `${JSON.stringify(full, null, 2)}\n`, { mode: 0o600 });
  return full;
}

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, MANIFEST), 'utf8');
  } catch {
    throw new Error(`${dir} 不是完整的备份（缺少 ${MANIFEST}）`);
  }
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`不支持的备份格式: ${String(manifest.format)}`);
  return manifest;
}

/** checksums.sha256 as path → sha256. */
export async function readChecksums(dir: string): Promise<Map<string, string>> {
  return parseChecksums(await fs.readFile(path.join(dir, CHECKSUMS), 'utf8'));
}

/** `sha256sum` lines: 64 hex digits, two spaces, the path. */
function parseChecksums(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) if (line) out.set(line.slice(66), line.slice(0, 64));
  return out;
}

/**
 * Checks every file against checksums.sha256, and that file against the manifest; returns the
 * problems found (empty: the backup is intact).
 */
export async function verifyBackup(dir: string, manifest: Manifest): Promise<string[]> {
  const text = await fs.readFile(path.join(dir, CHECKSUMS), 'utf8');
  if (crypto.createHash('sha256').update(text).digest('hex') !== manifest.checksumsSha256) {
    return [`${CHECKSUMS} 与 ${MANIFEST} 不符`];
  }
  const problems: string[] = [];
  for (const [rel, sha] of parseChecksums(text)) {
    if (rel.split('/').includes('..') || path.isAbsolute(rel)) {
      problems.push(`非法路径: ${rel}`);
      continue;
    }
    try {
      if ((await hashFile(path.join(dir, rel))) !== sha) problems.push(`校验和不符: ${rel}`);
    } catch {
      problems.push(`缺少文件: ${rel}`);
    }
  }
  return problems;
}

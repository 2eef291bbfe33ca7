import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface CopiedFile {
  /** Path inside the backup, with forward slashes. */
  rel: string;
  bytes: number;
  sha256: string;
}

/** What to do with an entry of the source tree: copy it (default), leave it out, or keep only the directory. */
export type Skip = (rel: string, isDirectory: boolean) => 'skip' | 'emptyDir' | undefined;

/**
 * Offers an existing copy of a file (same path inside the backup, same size) to hard-link instead
 * of copying; returns its checksum when it linked, null to copy.
 */
export type Reuse = (rel: string, bytes: number, to: string) => Promise<string | null>;

const isGone = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

/** Copies one file, hashing it on the way, so each byte is read once. */
export async function copyFileHashed(from: string, to: string): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(from), tap, createWriteStream(to, { flags: 'wx', mode: 0o600 }));
  return { bytes, sha256: hash.digest('hex') };
}

/**
 * Copies a directory tree into `to` (created), returning every file copied with its size and
 * checksum. A file that disappears while the tree is walked is left out: the live database
 * drops temporary files as it works, and WAL replay restores what a hot copy missed.
 */
export async function copyTree(from: string, to: string, prefix: string, skip?: Skip, reuse?: Reuse): Promise<CopiedFile[]> {
  const out: CopiedFile[] = [];
  async function walk(rel: string): Promise<void> {
    const src = path.join(from, rel);
    await fs.mkdir(path.join(to, rel), { recursive: true, mode: 0o700 });
    let entries;
    try {
      entries = await fs.readdir(src, { withFileTypes: true });
    } catch (err) {
      // A directory that vanished mid-walk is skipped; a missing root is an error, never an empty backup.
      if (rel && isGone(err)) return;
      throw err;
    }
    for (const entry of entries) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      const decision = skip?.(childRel, entry.isDirectory());
      if (decision === 'skip') continue;
      if (entry.isDirectory()) {
        if (decision === 'emptyDir') await fs.mkdir(path.join(to, childRel), { recursive: true, mode: 0o700 });
        else await walk(childRel);
      } else if (entry.isFile()) {
        try {
          const rel = `${prefix}/${childRel}`;
          const linked = reuse ? await reuseSameSize(reuse, rel, path.join(src, entry.name), path.join(to, childRel)) : null;
          out.push(linked ?? { rel, ...(await copyFileHashed(path.join(src, entry.name), path.join(to, childRel))) });
        } catch (err) {
          if (!isGone(err)) throw err;
        }
      }
      // Symbolic links and sockets are not part of the data.
    }
  }
  await walk('');
  return out;
}

async function reuseSameSize(reuse: Reuse, rel: string, from: string, to: string): Promise<CopiedFile | null> {
  const { size } = await fs.stat(from);
  const sha256 = await reuse(rel, size, to);
  return sha256 === null ? null : { rel, bytes: size, sha256 };
}

/** Hashes a file without copying it. */
export async function hashFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SNIFF_BYTES } from './sniff.ts';

/** An upload written to a temporary file and measured on the way; not yet checked or stored. */
export interface Received {
  tempPath: string;
  size: number;
  sha256: string;
  /** The first SNIFF_BYTES bytes, for magic-byte detection. */
  head: Buffer;
}

export class TooLargeError extends Error {
  constructor() {
    super('upload exceeds its size limit');
  }
}

/**
 * Streams one upload to DATA_DIR/files/tmp while hashing and counting it, so a file is never held
 * in memory. Past `maxBytes` the stream is aborted and the temporary file removed: a refused
 * upload leaves nothing on disk. `truncated` reports busboy's own limit having cut the part.
 */
export async function receiveToTemp(
  source: Readable & { truncated?: boolean },
  tempDir: string,
  maxBytes: number,
): Promise<Received> {
  await fs.mkdir(tempDir, { recursive: true });
  const tempPath = path.join(tempDir, `${crypto.randomBytes(12).toString('hex')}.part`);
  const hash = crypto.createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLen = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new TooLargeError());
      hash.update(chunk);
      if (headLen < SNIFF_BYTES) {
        const piece = chunk.subarray(0, SNIFF_BYTES - headLen);
        headChunks.push(piece);
        headLen += piece.length;
      }
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx' }));
    if (source.truncated) throw new TooLargeError();
  } catch (err) {
    await fs.rm(tempPath, { force: true });
    throw err;
  }
  return { tempPath, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks) };
}

/** Removes temporary files of a refused or failed request; never throws. */
export async function discardTemps(files: readonly Pick<Received, 'tempPath'>[]): Promise<void> {
  await Promise.all(files.map((f) => fs.rm(f.tempPath, { force: true }).catch(() => undefined)));
}

/** Removes temporary files left by a crash mid-upload; run by the file collector. */
export async function purgeStaleTemps(tempDir: string, olderThanMs: number): Promise<number> {
  let removed = 0;
  let names: string[];
  try {
    names = await fs.readdir(tempDir);
  } catch {
    return 0;
  }
  const cutoff = Date.now() - olderThanMs;
  for (const name of names) {
    const file = path.join(tempDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}

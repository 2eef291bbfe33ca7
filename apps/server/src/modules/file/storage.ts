import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config.ts';

/** A byte range, both ends inclusive (as in an HTTP Range header). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where file bytes live, addressed by a key the server generates. App servers stay stateless
 * (DESIGN.md §8): the local disk serves one machine; an S3-compatible store can serve a cluster
 * behind the same interface.
 */
export interface FileStorage {
  /** Stores a stream under a new key. */
  put(source: Readable): Promise<string>;
  /** Stores a finished temporary file under a new key; the temporary file is consumed. */
  putFile(tempPath: string): Promise<string>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/* 128 random bits: keys cannot be guessed, and a key never comes from user input. */
export const newFileKey = () => crypto.randomBytes(16).toString('hex');
const KEY = /^[0-9a-f]{32}$/;

/** DATA_DIR/files/ab/cd/abcd…: two levels of 256 directories keep each directory small. */
export class LocalDiskStorage implements FileStorage {
  constructor(readonly root: string) {}

  pathOf(key: string): string {
    // Keys are ours, but a key read back from the database is checked again before it meets the disk.
    if (!KEY.test(key)) throw new Error(`invalid file key: ${key}`);
    return path.join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  private async target(): Promise<{ key: string; file: string }> {
    const key = newFileKey();
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    return { key, file };
  }

  async put(source: Readable): Promise<string> {
    const { key, file } = await this.target();
    try {
      await pipeline(source, createWriteStream(file, { flags: 'wx' }));
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
    return key;
  }

  async putFile(tempPath: string): Promise<string> {
    const { key, file } = await this.target();
    try {
      await fs.rename(tempPath, file);
    } catch (err) {
      // A temp directory on another device cannot be renamed across; copy instead.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fs.copyFile(tempPath, file, fs.constants.COPYFILE_EXCL);
      await fs.rm(tempPath, { force: true });
    }
    return key;
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    // Opened first, so a missing file is an error here rather than on the stream mid-reply.
    const fh = await fs.open(file, 'r');
    return fh.createReadStream({ autoClose: true, ...(range ? { start: range.start, end: range.end } : {}) });
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch {
      return false;
    }
  }
}

/** The files root; uploads are first written to its tmp/ directory while they are checked. */
export const filesRoot = (config: Config) => path.join(config.dataDir, 'files');
export const uploadTempDir = (config: Config) => path.join(filesRoot(config), 'tmp');

/** The configured store; the only place that will choose S3 once it exists. */
export function createFileStorage(config: Config): FileStorage {
  return new LocalDiskStorage(filesRoot(config));
}

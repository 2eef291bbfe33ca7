import crypto from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type FileRow, type FileStorage, insertFiles, sanitizeName } from '../file/worker.ts';
import type { Requester } from './repo.ts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A fresh temp path beside uploads (DATA_DIR/files/tmp), collected by file-gc if a crash leaves it. */
export async function tempPath(tempDir: string, suffix: string): Promise<string> {
  await fs.mkdir(tempDir, { recursive: true });
  return path.join(tempDir, `${crypto.randomBytes(12).toString('hex')}${suffix}`);
}

/** A stored file copied to a temp file, which parsers can seek in. */
export async function copyToTemp(storage: FileStorage, key: string, tempDir: string): Promise<string> {
  const target = await tempPath(tempDir, '.xlsx.part');
  try {
    await pipeline(await storage.get(key), createWriteStream(target, { flags: 'wx' }));
  } catch (err) {
    await fs.rm(target, { force: true });
    throw err;
  }
  return target;
}

export interface StoredTemp {
  key: string;
  size: number;
  sha256: string;
}

/** Moves a finished workbook into storage; its row is written later, in the job's final transaction. */
export async function storeTemp(storage: FileStorage, temp: string): Promise<StoredTemp> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(temp) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  const key = await storage.putFile(temp);
  return { key, size, sha256: hash.digest('hex') };
}

/** The file row of a job's workbook: uploaded by the requester, so it is theirs to read. */
export async function insertJobFile(trx: Kysely<Database>, stored: StoredTemp, name: string, requester: Requester): Promise<FileRow> {
  const [row] = await insertFiles(trx, [
    {
      fileKey: stored.key,
      originalName: sanitizeName(name),
      suffix: 'xlsx',
      size: stored.size,
      mime: XLSX_MIME,
      sha256: stored.sha256,
      uploaderId: requester.id,
      companyId: requester.companyId,
    },
  ]);
  return row!;
}

import type { XlsxCaps } from './xlsxGuard.ts';

/** Import/export limits; environment variables, documented in the README. */
export interface ImportExportConfig {
  caps: XlsxCaps;
  /** A worker's lease on a job; a crashed worker's job is resumed this long after its last sign of life. */
  leaseSeconds: number;
  /** Rows per import transaction. */
  chunkRows: number;
  /** Rows per export read (keyset on id). */
  exportBatch: number;
  /** Runs a job may start (first run and resumes) before it is failed. */
  maxAttempts: number;
  /** The heap of a job's thread, in MB; a workbook needing more fails instead of the server. */
  threadHeapMb: number;
}

function intFrom(value: string | undefined, fallback: number, name: string, min = 1): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`环境变量 ${name} 必须是不小于 ${min} 的整数: ${value}`);
  return n;
}

export function importExportConfig(env: NodeJS.ProcessEnv = process.env): ImportExportConfig {
  return {
    caps: {
      maxRows: intFrom(env.IMPORT_MAX_ROWS, 1_000_000, 'IMPORT_MAX_ROWS'),
      maxEntries: intFrom(env.IMPORT_MAX_ZIP_ENTRIES, 1000, 'IMPORT_MAX_ZIP_ENTRIES'),
      maxUnzippedBytes: intFrom(env.IMPORT_MAX_UNZIPPED_MB, 2048, 'IMPORT_MAX_UNZIPPED_MB') * 1024 * 1024,
      maxRatio: 200,
    },
    leaseSeconds: intFrom(env.IMPORT_LEASE_SECONDS, 30, 'IMPORT_LEASE_SECONDS', 3),
    chunkRows: intFrom(env.IMPORT_CHUNK_ROWS, 1000, 'IMPORT_CHUNK_ROWS'),
    exportBatch: 5000,
    maxAttempts: 5,
    threadHeapMb: intFrom(env.IMPORT_THREAD_HEAP_MB, 192, 'IMPORT_THREAD_HEAP_MB', 64),
  };
}

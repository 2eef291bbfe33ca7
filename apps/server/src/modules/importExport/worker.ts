/**
 * The import/export module's face for job threads (ADR 0005, 0019, 0033): what the report export
 * thread shares with this module's thread — draining a sheet to a file, storing the result, the
 * thread's answer and the requester it runs for. index.ts re-exports it.
 */
export { drainSheet, sheetNameOf } from './jobCommon.ts';
export { insertJobFile, storeTemp, tempPath } from './jobFiles.ts';
export type { ThreadResult } from './jobThread.ts';
export type { Requester } from './repo.ts';

/**
 * The file module's face for job threads (ADR 0005, 0033): the storage the import/export and
 * report export threads write their files to, the file rows they insert and find, safe names, and
 * the zip reader that checks a workbook before it is opened. index.ts re-exports it.
 */
export { contentDisposition, sanitizeName } from './names.ts';
export { attachFileRefs, detachFileRefs, findFile, insertFiles, type FileRow } from './repo.ts';
export { createFileStorage, filesRoot, uploadTempDir, type FileStorage } from './storage.ts';
export { zipDirectory, type ZipDirectory, type ZipEntry } from './zipPeek.ts';

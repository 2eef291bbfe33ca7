/**
 * The backup module's face (issue 45, ADR 0033): the console's backup routes, the nightly job
 * (jobs/boss.ts), the command-line backup, prune and restore (cli/), and the figures /metrics shows.
 */
export { backupRoutes } from './routes.ts';
export { runBackup, type BackupSource } from './backup.ts';
export { registerBackupJob } from './job.ts';
export type { DatabaseFormat } from './manifest.ts';
export { backupFigures } from './repo.ts';
export { restoreBackup, RestoreRefused } from './restore.ts';
export { pruneBackups } from './retention.ts';

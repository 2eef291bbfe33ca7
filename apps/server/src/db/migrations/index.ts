import type { Migration, MigrationProvider } from 'kysely';
import * as identity from './2026_11_21_0001_identity.ts';

/**
 * Migrations are listed here rather than read from the folder at run time, so they work the
 * same under tsx, vitest and a bundle. Names sort by date; never rename a shipped one.
 */
const migrations: Record<string, Migration> = {
  '2026_11_21_0001_identity': identity,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { IMPORT } from './repo.ts';

export interface ImportWithErrors {
  code: string;
  okRows: number;
  badRows: number;
  finishTime: Date;
}

/** How many of a user's recent imports with rejected rows the list page offers. */
const RECENT_LIMIT = 5;

/**
 * The caller's imports into a form whose error workbook still exists, newest first. The workbook
 * lives as long as the file collector leaves it (a day: error_file_id is set null when it goes),
 * which is the job's useful lifetime for the user.
 */
export async function importsWithErrors(db: Kysely<Database>, formId: string, userId: string): Promise<ImportWithErrors[]> {
  const rows = await db
    .selectFrom('form_import_export')
    .select(['code', 'ok_rows', 'bad_rows', 'update_time'])
    .where('form_id', '=', formId)
    .where('kind', '=', IMPORT)
    .where('created_by', '=', userId)
    .where('error_file_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(RECENT_LIMIT)
    .execute();
  return rows.map((r) => ({ code: r.code, okRows: r.ok_rows, badRows: r.bad_rows, finishTime: r.update_time }));
}

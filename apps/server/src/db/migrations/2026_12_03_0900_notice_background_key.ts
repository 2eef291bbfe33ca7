import { sql, type Kysely } from 'kysely';

/*
 * Issue 38: a notice's background is a built-in image (background_key, one of core's
 * NOTICE_BACKGROUNDS) or an uploaded one (background_file_id), never both; neither means the
 * default built-in, so notices saved before this need no backfill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notice add column background_key text`.execute(db);
  await sql`alter table notice add constraint notice_one_background check (background_key is null or background_file_id is null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notice drop constraint notice_one_background`.execute(db);
  await sql`alter table notice drop column background_key`.execute(db);
}

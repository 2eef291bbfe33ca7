import { sql, type Kysely } from 'kysely';

/*
 * Issue 39: photos and files on a 免登录填报 entry. Each anonymous upload is tied to the entry and
 * to the live challenge it was sent with; the add that answers that challenge may reference only
 * those files (the uploads are all the disabled qr_anonymous account's, so the uploader rule of
 * modules/file could not tell one visitor's from another's).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table qr_upload (
      file_id bigint primary key references sys_file (id) on delete cascade,
      token_id text not null,
      challenge_id text not null,
      client_ip text,
      create_time timestamptz not null default now()
    )`.execute(db);
  await sql`create index qr_upload_challenge_idx on qr_upload (challenge_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table qr_upload`.execute(db);
}

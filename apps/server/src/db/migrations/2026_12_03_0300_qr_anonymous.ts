import { sql, type Kysely } from 'kysely';

/*
 * Issue 39 (ADR 0055): 免登录填报 through a form's QR code.
 * - qr_record_source: which entry an anonymous record came through (its creator is the disabled
 *   qr_anonymous account, made by the first anonymous add — not here, so the seeds' ids stay).
 * - qr_challenge: the server's single-use, short-lived arithmetic challenges.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table qr_record_source (
      form_id bigint not null references form_conf (id) on delete cascade,
      record_id bigint not null,
      entry_token_id text not null,
      entry_name text not null,
      client_ip text,
      create_time timestamptz not null default now(),
      primary key (form_id, record_id)
    )`.execute(db);
  await sql`
    create table qr_challenge (
      id text primary key,
      token_id text not null,
      answer text not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index qr_challenge_expires_idx on qr_challenge (expires_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table qr_challenge`.execute(db);
  await sql`drop table qr_record_source`.execute(db);
  await sql`delete from sys_user where username = 'qr_anonymous'`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/*
 * Issue 39 (ADR 0050): a form's settings record (the original's "form set": formSet for reminders,
 * qrCodeConf for the QR codes) and the key QR tokens are signed with, made once per install.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table form_set (
      id bigint generated always as identity primary key,
      form_id bigint not null unique references form_conf (id) on delete cascade,
      form_set jsonb,
      qr_code_conf jsonb,
      update_time timestamptz not null default now()
    )`.execute(db);
  await sql`create table qr_sign_key (id smallint primary key check (id = 1), key text not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table qr_sign_key`.execute(db);
  await sql`drop table form_set`.execute(db);
}

import { sql, type Kysely } from 'kysely';

/* Issue 39: 自动报表 may send a dashboard as a PDF as well as a PNG (core AUTO_REPORT_TARGETS). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table auto_report drop constraint auto_report_target_check`.execute(db);
  await sql`alter table auto_report add constraint auto_report_target_check check (target in ('excel', 'png', 'pdf'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from auto_report where target = 'pdf'`.execute(db);
  await sql`alter table auto_report drop constraint auto_report_target_check`.execute(db);
  await sql`alter table auto_report add constraint auto_report_target_check check (target in ('excel', 'png'))`.execute(db);
}

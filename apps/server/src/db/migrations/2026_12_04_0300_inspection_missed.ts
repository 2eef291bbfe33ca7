import { sql, type Kysely } from 'kysely';

/*
 * 巡检 (issue 41, ADR 0060): one row per checkpoint found missed in one planned round. The
 * missed-checkpoint job inserts the row and sends the supervisor's message in one transaction;
 * the key makes a second runner (another instance, the next tick) find it taken and send nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table inspection_missed (
    plan_form_id bigint not null,
    plan_id bigint not null,
    point_id bigint not null,
    supervisor_id bigint,
    found_at timestamptz not null default now(),
    primary key (plan_form_id, plan_id, point_id)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table inspection_missed`.execute(db);
}

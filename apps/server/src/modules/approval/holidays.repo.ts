import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The holiday calendar's rows (系统管理 › 节假日): what holidays.routes.ts reads and writes. */

type Db = Kysely<Database>;

export interface HolidayRow {
  day: string;
  workday: boolean;
  name: string;
}

const pad = (d: unknown) => (d instanceof Date ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}` : String(d));

/** The listed days of a year, in order. */
export async function holidaysOf(db: Db, year: number): Promise<HolidayRow[]> {
  const rows = await db
    .selectFrom('sys_holiday')
    .select(['day', 'workday', 'name'])
    .where('day', '>=', `${year}-01-01`)
    .where('day', '<=', `${year}-12-31`)
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: pad(r.day), workday: r.workday, name: r.name }));
}

export async function saveHoliday(trx: Db, row: HolidayRow): Promise<void> {
  await trx
    .insertInto('sys_holiday')
    .values(row)
    .onConflict((oc) => oc.column('day').doUpdateSet({ workday: row.workday, name: row.name }))
    .execute();
}

export async function deleteHoliday(trx: Db, day: string): Promise<void> {
  await trx.deleteFrom('sys_holiday').where('day', '=', day).execute();
}

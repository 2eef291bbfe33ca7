import type { Kysely } from 'kysely';
import type { DataControlColumn } from '@park/core';
import type { Database } from '../../db/schema.ts';

/** 高级控件数据源 rows (sys_data_control). */

export interface DataControlValues {
  title: string;
  type: string;
  value_key: string;
  value_desc: string;
  label_key: string;
  label_desc: string;
  url: string;
  columns: DataControlColumn[];
}

export const listDataControls = (db: Kysely<Database>) => db.selectFrom('sys_data_control').selectAll().orderBy('id').execute();
export const findDataControl = (db: Kysely<Database>, id: string) => db.selectFrom('sys_data_control').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertDataControl(db: Kysely<Database>, v: DataControlValues): Promise<string> {
  const row = await db
    .insertInto('sys_data_control')
    .values({ ...v, columns: JSON.stringify(v.columns) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDataControl(db: Kysely<Database>, id: string, v: DataControlValues): Promise<boolean> {
  const r = await db
    .updateTable('sys_data_control')
    .set({ ...v, columns: JSON.stringify(v.columns) })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteDataControls(db: Kysely<Database>, ids: string[]): Promise<number> {
  const r = await db.deleteFrom('sys_data_control').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}

import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/** sys_module: the systems the top bar's module list offers. */

export interface SysValues {
  sys_name: string;
  sys_url: string;
  status: 0 | 1;
}

export async function nameTaken(db: Kysely<Database>, name: string, exceptId?: string): Promise<boolean> {
  let q = db.selectFrom('sys_module').select('id').where('sys_name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export function findSys(db: Kysely<Database>, id: string) {
  return db.selectFrom('sys_module').select(['id', 'sys_name', 'sys_url', 'status', 'order_index']).where('id', '=', id).executeTakeFirst();
}

/** The next place at the end of the list. */
export async function nextOrderIndex(db: Kysely<Database>): Promise<number> {
  const max = await db.selectFrom('sys_module').select((eb) => eb.fn.max('order_index').as('m')).executeTakeFirst();
  return max?.m == null ? 0 : Number(max.m) + 1;
}

export async function insertSys(db: Kysely<Database>, values: SysValues & { order_index: number }): Promise<string> {
  const row = await db.insertInto('sys_module').values(values).returning('id').executeTakeFirstOrThrow();
  return String(row.id);
}

export async function updateSys(db: Kysely<Database>, id: string, values: SysValues & { order_index: number }): Promise<void> {
  await db.updateTable('sys_module').set(values).where('id', '=', id).execute();
}

export async function deleteSys(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('sys_module').where('id', '=', id).execute();
}

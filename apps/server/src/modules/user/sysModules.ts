import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The top bar's module list (listSys), ordered as it shows them; 系统管理 edits them (admin/systems). */
export function listSys(db: Kysely<Database>) {
  return db.selectFrom('sys_module').select(['id', 'sys_name', 'sys_url', 'status', 'order_index']).orderBy('order_index').orderBy('id').execute();
}

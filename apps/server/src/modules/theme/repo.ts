import type { Kysely } from 'kysely';
import type { ThemeMeta, ThemeType } from '@park/core';
import type { Database } from '../../db/schema.ts';

/** 主题 rows (sys_theme): a name, a type (0 表单, 1 表单新增, 2 报表) and its tokens. */

export async function pageThemes(db: Kysely<Database>, type: ThemeType | undefined, offset: number, limit: number) {
  let base = db.selectFrom('sys_theme');
  if (type !== undefined) base = base.where('type', '=', type);
  const [rows, total] = await Promise.all([
    base.select(['id', 'theme_name', 'type', 'meta', 'create_time']).orderBy('id', 'desc').offset(offset).limit(limit).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export const findTheme = (db: Kysely<Database>, id: string) => db.selectFrom('sys_theme').select(['id', 'theme_name', 'type', 'meta']).where('id', '=', id).executeTakeFirst();

/** Inserts unless the type already has the name (null then). */
export async function insertTheme(db: Kysely<Database>, name: string, type: ThemeType, meta: ThemeMeta): Promise<string | null> {
  const row = await db
    .insertInto('sys_theme')
    .values({ theme_name: name, type, meta: JSON.stringify(meta) })
    .onConflict((oc) => oc.columns(['type', 'theme_name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function deleteTheme(db: Kysely<Database>, id: string): Promise<boolean> {
  const r = await db.deleteFrom('sys_theme').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

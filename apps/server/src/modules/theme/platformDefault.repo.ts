import { sql, type Kysely } from 'kysely';
import { isPlatformDefaultKey, type PlatformDefaultKey } from '@park/core';
import type { Database } from '../../db/schema.ts';

/** 平台默认主题 rows (sys_platform_theme, issue 40): one for the park, at most one per tenant. */

/** The park's row is null; a tenant's, its company id. */
export type Owner = string | null;

export async function keyOf(db: Kysely<Database>, owner: Owner): Promise<PlatformDefaultKey | null> {
  const row = await db
    .selectFrom('sys_platform_theme')
    .select('theme_key')
    .where((eb) => (owner === null ? eb('company_id', 'is', null) : eb('company_id', '=', owner)))
    .executeTakeFirst();
  // A key later dropped from the presets reads as unset, never as an unknown theme.
  return row && isPlatformDefaultKey(row.theme_key) ? row.theme_key : null;
}

export async function saveKey(db: Kysely<Database>, owner: Owner, key: PlatformDefaultKey, by: string): Promise<void> {
  await db
    .insertInto('sys_platform_theme')
    .values({ company_id: owner, theme_key: key, update_by: by })
    .onConflict((oc) => oc.expression(sql`coalesce(company_id, 0)`).doUpdateSet({ theme_key: key, update_by: by, update_time: new Date() }))
    .execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** form_set rows (one per form) and the install's QR signing key. */

export const findFormSet = (db: Kysely<Database>, formId: string) =>
  db.selectFrom('form_set').select(['id', 'form_id', 'form_set', 'qr_code_conf']).where('form_id', '=', formId).executeTakeFirst();

/** The QR configurations of several forms. */
export const qrConfsOf = (db: Kysely<Database>, formIds: readonly string[]) =>
  formIds.length === 0 ? Promise.resolve([]) : db.selectFrom('form_set').select(['form_id', 'qr_code_conf']).where('form_id', 'in', formIds).where('qr_code_conf', 'is not', null).execute();

export async function upsertQrCodeConf(db: Kysely<Database>, formId: string, conf: unknown): Promise<string> {
  const row = await db
    .insertInto('form_set')
    .values({ form_id: formId, qr_code_conf: JSON.stringify(conf) })
    .onConflict((oc) => oc.column('form_id').doUpdateSet({ qr_code_conf: JSON.stringify(conf), update_time: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The key, made by the first caller (a concurrent second insert keeps the first one's). */
export async function signKey(db: Kysely<Database>, fresh: string): Promise<string> {
  await db.insertInto('qr_sign_key').values({ id: 1, key: fresh }).onConflict((oc) => oc.column('id').doNothing()).execute();
  const row = await db.selectFrom('qr_sign_key').select('key').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.key;
}

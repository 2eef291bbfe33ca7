import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** SQL of the designer's drafts (form_design_draft): one row per form and user. */

export interface StoredDraft {
  formMeta: unknown;
  baseVersion: number;
  updateTime: Date;
}

export async function readDraft(db: Kysely<Database>, formId: string, userId: string): Promise<StoredDraft | null> {
  const row = await db
    .selectFrom('form_design_draft')
    .select(['form_meta', 'base_version', 'update_time'])
    .where('form_id', '=', formId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? { formMeta: row.form_meta, baseVersion: row.base_version, updateTime: row.update_time } : null;
}

/** Writes the draft; false when the form does not exist (the foreign key, not a second query). */
export async function writeDraft(db: Kysely<Database>, formId: string, userId: string, metaText: string): Promise<boolean> {
  const row = await db
    .insertInto('form_design_draft')
    .columns(['form_id', 'user_id', 'form_meta', 'base_version', 'update_time'])
    .expression((eb) =>
      eb
        .selectFrom('form_conf')
        .select([
          'id',
          eb.val(userId).as('user_id'),
          eb.cast<string>(eb.val(metaText), 'jsonb').as('form_meta'),
          'design_version',
          eb.fn<Date>('now').as('update_time'),
        ])
        .where('id', '=', formId),
    )
    .onConflict((oc) =>
      oc.columns(['form_id', 'user_id']).doUpdateSet((eb) => ({
        form_meta: eb.ref('excluded.form_meta'),
        update_time: eb.ref('excluded.update_time'),
      })),
    )
    .returning('form_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteDraft(db: Kysely<Database>, formId: string, userId: string): Promise<void> {
  await db.deleteFrom('form_design_draft').where('form_id', '=', formId).where('user_id', '=', userId).execute();
}

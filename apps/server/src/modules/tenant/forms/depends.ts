import type { Kysely } from 'kysely';
import { analyzeFormDepends, type DependDesign, type FormDepends } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { parkDesigns } from './repo.ts';

/** Deeper than any real chain of pickers; a guard, since each round reads one more level. */
const MAX_ROUNDS = 50;

/**
 * core's analyzeFormDepends over the park's saved designs, read level by level: the designs asked
 * about, then whatever those name, until nothing named is left unread (a form deleted since stays
 * in `missing`). Forms never designed have nothing to depend on and are analysed as empty.
 */
export async function analyzeParkForms(db: Kysely<Database>, formIds: readonly string[]): Promise<FormDepends> {
  const designs = new Map<string, DependDesign>();
  const absent = new Set<string>();
  const read = async (ids: readonly string[]) => {
    const wanted = ids.filter((id) => !designs.has(id) && !absent.has(id));
    const found = await parkDesigns(db, wanted);
    for (const d of found) designs.set(d.id, { formName: d.formName, meta: d.meta ?? { list: [], config: {} } });
    for (const id of wanted) if (!designs.has(id)) absent.add(id);
  };
  await read(formIds);
  let result = analyzeFormDepends(formIds, designs);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const unread = result.missing.filter((id) => !absent.has(id));
    if (unread.length === 0) break;
    await read(unread);
    result = analyzeFormDepends(formIds, designs);
  }
  return result;
}

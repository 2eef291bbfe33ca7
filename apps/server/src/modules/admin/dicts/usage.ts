import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * How many records use dictionary entries. Records live in form tables (one per form, issue 3),
 * and only the form engine knows which columns hold codes of which dictionary type, so it
 * registers a counter here; the dictionary screen warns with the sum before deleting.
 */
export type DicUsageCounter = (db: Kysely<Database>, typeCode: string, codes: readonly string[]) => Promise<number>;

const counters: DicUsageCounter[] = [];

export function registerDicUsageCounter(counter: DicUsageCounter): () => void {
  counters.push(counter);
  return () => {
    const at = counters.indexOf(counter);
    if (at >= 0) counters.splice(at, 1);
  };
}

export async function countDicUsage(db: Kysely<Database>, typeCode: string, codes: readonly string[]): Promise<number> {
  if (codes.length === 0) return 0;
  let total = 0;
  for (const count of counters) total += await count(db, typeCode, codes);
  return total;
}

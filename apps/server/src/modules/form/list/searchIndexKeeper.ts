/**
 * Keeps each form's list-search indexes in line with its design (issue 16, ADR 0014): built after
 * a publish or a list-settings change, and on the first list call of a design this process has not
 * checked yet (an upgrade, a build cut short by a restart); dropped when the design stops needing
 * them. Builds use CREATE INDEX CONCURRENTLY, so records are written while a million-row index is
 * built; they run in the background, one form at a time per process and, through an advisory lock,
 * one instance at a time per form.
 */
import { sql, type Kysely } from 'kysely';
import type { FormMeta } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { buildFormModel } from '../formModel.ts';
import { formTable } from '../tableNames.ts';
import { createIndexSql, dropIndexSql, ownedIndexPattern, wantedSearchIndexes, type SearchIndex } from './searchIndexes.ts';

type AnyDb = Kysely<Database> | Kysely<unknown>;

export interface SearchIndexPlan {
  /** Indexes the design needs that do not exist (or whose earlier build failed). */
  create: SearchIndex[];
  /** Indexes of this module the design no longer needs, and failed builds to be redone. */
  drop: string[];
  /** False when the database lacks pg_trgm: only gram and eq indexes are made (ADR 0014). */
  trgmAvailable: boolean;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

export async function trgmAvailable(db: AnyDb): Promise<boolean> {
  const r = await sql<{ ok: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm') as ok`.execute(db);
  return r.rows[0]?.ok === true;
}

async function ownedIndexes(db: AnyDb, table: string): Promise<Array<{ name: string; valid: boolean }>> {
  const r = await sql<{ name: string; valid: boolean }>`
    select i.relname as name, x.indisvalid as valid
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = to_regclass(${'public.' + table}) and i.relname like ${ownedIndexPattern(table)}`.execute(db);
  return r.rows;
}

/** What reconciling would do to the form's main table for this design: the publish preview shows it. */
export async function planSearchIndexes(db: AnyDb, formId: string, meta: FormMeta): Promise<SearchIndexPlan> {
  const table = buildFormModel(formId, '', 0, 0, structuredClone(meta)).main;
  const available = await trgmAvailable(db);
  const wanted = wantedSearchIndexes(meta, table, available);
  const owned = await ownedIndexes(db, formTable(formId));
  const valid = new Set(owned.filter((o) => o.valid).map((o) => o.name));
  const wantedNames = new Set(wanted.map((w) => w.name));
  return {
    create: wanted.filter((w) => !valid.has(w.name)),
    drop: owned.filter((o) => !o.valid || !wantedNames.has(o.name)).map((o) => o.name),
    trgmAvailable: available,
  };
}

async function reconcile(db: Kysely<Database>, formId: string): Promise<SearchIndexPlan | null> {
  return db.connection().execute(async (conn) => {
    const conf = await conn.selectFrom('form_conf').select('form_meta').where('id', '=', formId).executeTakeFirst();
    if (!conf || conf.form_meta === null) return null;
    const exists = await sql<{ ok: boolean }>`select to_regclass(${'public.' + formTable(formId)}) is not null as ok`.execute(conn);
    if (exists.rows[0]?.ok !== true) return null;
    const lockKey = sql`hashtextextended(${'park_list_search:' + formId}, 0)`;
    const locked = await sql<{ ok: boolean }>`select pg_try_advisory_lock(${lockKey}) as ok`.execute(conn);
    // Another instance is reconciling this form; it reads the same design.
    if (locked.rows[0]?.ok !== true) return null;
    try {
      const plan = await planSearchIndexes(conn, formId, conf.form_meta as FormMeta);
      for (const name of plan.drop) await sql.raw(dropIndexSql(name)).execute(conn);
      if (plan.create.length > 0) {
        // GIN builds are much faster with room to sort their entries; this session only.
        await sql`set maintenance_work_mem = '128MB'`.execute(conn);
        for (const index of plan.create) await sql.raw(createIndexSql(index)).execute(conn);
        // The gram index's statistics (its most common grams) decide which searches use it.
        await sql`analyze ${sql.table(formTable(formId))}`.execute(conn);
      }
      return plan;
    } finally {
      await sql`reset maintenance_work_mem`.execute(conn);
      await sql`select pg_advisory_unlock(${lockKey})`.execute(conn);
    }
  });
}

/** Runs reconciles in the background, one at a time per form, and says when all are done. */
export class SearchIndexKeeper {
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<(formId: string) => void>();

  constructor(private readonly db: Kysely<Database>) {}

  /** Reconciles a form's indexes after whatever is already queued for it. Never rejects. */
  schedule(formId: string, log?: Logger): Promise<SearchIndexPlan | null> {
    const previous = this.chains.get(formId) ?? Promise.resolve();
    const run = previous
      .then(() => reconcile(this.db, formId))
      .then(
        (plan) => {
          if (plan && (plan.create.length > 0 || plan.drop.length > 0)) for (const l of this.listeners) l(formId);
          return plan;
        },
        (err: unknown) => {
          log?.warn({ err, formId }, '列表检索索引未能建立，列表仍可查询但不走索引');
          return null;
        },
      );
    this.chains.set(formId, run);
    void run.finally(() => {
      if (this.chains.get(formId) === run) this.chains.delete(formId);
    });
    return run;
  }

  /** Called with the form id whenever a reconcile changed its indexes. */
  onChange(listener: (formId: string) => void): void {
    this.listeners.add(listener);
  }

  /** Resolves when nothing is queued (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }
}

const KEEPERS = new WeakMap<object, SearchIndexKeeper>();

/** The keeper of a database handle: one per app (and per test app). */
export function searchIndexKeeper(db: Kysely<Database>): SearchIndexKeeper {
  let keeper = KEEPERS.get(db);
  if (!keeper) KEEPERS.set(db, (keeper = new SearchIndexKeeper(db)));
  return keeper;
}

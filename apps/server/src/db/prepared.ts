import crypto from 'node:crypto';
import type pg from 'pg';

/** PostgreSQL's code for "cached plan must not change result type" (and other unsupported reuse). */
const PLAN_INVALID = '0A000';
/** Texts whose names are remembered; beyond this the map starts over (names are recomputed, never reused for other texts). */
const MAX_NAMES = 2_000;

/**
 * The statements the server sends thousands of times with the same text — a record read by id, a
 * record insert — go out as named prepared statements, so PostgreSQL parses and plans each once
 * per connection rather than once per call (measured in bench/forms.ts). A name is a hash of the
 * text: one text always has one name and two texts never share one, which pg requires per
 * connection. Texts that depend on a table's columns carry the design version, so a saved design
 * brings new names rather than a plan whose result type has changed.
 */
export class PreparedStatements {
  private readonly names = new Map<string, string>();

  constructor(private readonly pool: pg.Pool) {}

  /** `prepare: false` sends the text unnamed, for statements too rare or too large to keep a plan for. */
  async query<R extends pg.QueryResultRow>(text: string, values: unknown[], prepare = true): Promise<R[]> {
    if (!prepare) return (await this.pool.query<R>(text, values)).rows;
    try {
      return (await this.pool.query<R>({ name: this.nameOf(text), text, values })).rows;
    } catch (err) {
      // Another instance changed the table a moment before this one heard of it: PostgreSQL will
      // not reuse the old plan, and this call is answered by the same text planned afresh.
      if ((err as { code?: unknown }).code !== PLAN_INVALID) throw err;
      return (await this.pool.query<R>(text, values)).rows;
    }
  }

  private nameOf(text: string): string {
    let name = this.names.get(text);
    if (name === undefined) {
      if (this.names.size >= MAX_NAMES) this.names.clear();
      name = `p_${crypto.createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
      this.names.set(text, name);
    }
    return name;
  }
}

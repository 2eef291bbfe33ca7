import type { Kysely } from 'kysely';
import { SYNC_TEXT, type SyncEntity } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { forbidden } from '../../../plugins/errors.ts';
import { changesAfter, ENTITY_LOADERS, grantScope } from './pull.repo.ts';

export interface PullQuery {
  cursor: string;
  limit: number;
  tenantId?: string;
}

export interface SyncItem {
  seq: number;
  op: 'upsert' | 'delete';
  id: number;
  tenantId: number | null;
  data?: Record<string, unknown>;
}

export interface PullReply {
  errCode: 0;
  list: SyncItem[];
  nextCursor: string;
  hasMore: boolean;
}

/**
 * One page of what changed after the cursor, for the tenants the grant covers (or the one asked,
 * if it is covered). Each entity appears once per page with its current state; one whose row is
 * gone is a delete. The next cursor is the last change read, so a sub-system that stores it never
 * misses or repeats a change.
 */
export async function pullChanges(db: Kysely<Database>, sysId: string, entity: SyncEntity, q: PullQuery): Promise<PullReply> {
  const scope = await grantScope(db, sysId, entity);
  if (scope !== 'all' && scope.length === 0) throw forbidden(SYNC_TEXT.notGranted);
  let tenants = scope;
  if (q.tenantId !== undefined) {
    if (scope !== 'all' && !scope.includes(q.tenantId)) throw forbidden(SYNC_TEXT.tenantNotGranted);
    tenants = [q.tenantId];
  }
  const read = await changesAfter(db, entity, q.cursor, tenants, q.limit + 1);
  const page = read.slice(0, q.limit);
  const latest = new Map<string, (typeof page)[number]>();
  for (const c of page) {
    latest.delete(c.entity_id); // re-inserted so the map keeps the order of the last change
    latest.set(c.entity_id, c);
  }
  const upserts = [...latest.values()].filter((c) => c.op === 'upsert').map((c) => c.entity_id);
  const rows = upserts.length ? await ENTITY_LOADERS[entity](db, upserts) : [];
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  const list = [...latest.values()].map((c): SyncItem => {
    const row = c.op === 'upsert' ? byId.get(c.entity_id) : undefined;
    const base = { seq: Number(c.seq), id: Number(c.entity_id), tenantId: c.company_id === null ? null : Number(c.company_id) };
    return row ? { ...base, op: 'upsert', data: jsonSafe(row) } : { ...base, op: 'delete' };
  });
  return { errCode: 0, list, nextCursor: page.length ? String(page.at(-1)!.seq) : q.cursor, hasMore: read.length > q.limit };
}

/** Ids as numbers (the catalogue's style), dates as ISO text. */
function jsonSafe(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if ((k === 'id' || k.endsWith('Id')) && typeof v === 'string' && /^\d+$/.test(v)) out[k] = Number(v);
    else if (k.endsWith('Ids') && Array.isArray(v)) out[k] = v.map(Number);
    else if (k === 'items' && Array.isArray(v)) out[k] = v.map((i) => jsonSafe(i as Record<string, unknown>));
    else out[k] = v;
  }
  return out;
}

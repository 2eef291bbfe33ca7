import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { SelectQueryBuilder } from 'kysely';
import { Type } from '@fastify/type-provider-typebox';

/*
 * The spec's user and company pickers ask for pageSize=10000000 (spec 000 §9). Such a reply is
 * written as a stream: rows are read in keyset batches and encoded one by one, and the socket's
 * backpressure paces the reads, so memory stays flat however many rows there are. Keyset batches
 * rather than a server-side cursor: no connection or transaction is held while a slow client reads.
 */

/** The spec's pickers ask for pageSize=10000000 at pageNum 1 (spec 000 §9). */
export const MAX_PICKER_PAGE = 10_000_000;

/** Query-string paging of the streamed lists: optional, and as large as the pickers ask. */
export const PickerPaging = {
  pageNum: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PICKER_PAGE })),
};

/** Paging as the pickers send it; with neither field, everything (up to the picker maximum). */
export function pageOf(q: { pageNum?: number; pageSize?: number }): KeysetPage {
  if (q.pageNum === undefined && q.pageSize === undefined) return { offset: 0, limit: MAX_PICKER_PAGE };
  const limit = q.pageSize ?? 10;
  return { offset: ((q.pageNum ?? 1) - 1) * limit, limit };
}

/** Rows per database round trip. */
export const BATCH_ROWS = 1000;
/** Encoded text is handed to the socket in chunks of about this size. */
const CHUNK_CHARS = 64 * 1024;

export interface KeysetPage {
  /** Rows to skip before the first (pageNum > 1), applied to the first batch only. */
  offset: number;
  /** Rows wanted in all. */
  limit: number;
}

export interface KeysetFetch {
  /** The last id of the previous batch (rows continue after it in id order), or null at the start. */
  afterId: string | null;
  offset: number;
  limit: number;
}

/**
 * One batch of a keyset walk over a bigint id column, newest first: rows after `afterId`, then
 * `offset` skipped (the page's start within the first batch), at most `limit`.
 */
export function keysetBatch<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  idColumn: `${string}.id`,
  q: KeysetFetch,
): SelectQueryBuilder<DB, TB, O> {
  // The id columns are named as text: both callers alias their table, and Kysely cannot check a
  // reference to a table its generic caller chose.
  const untyped = query as unknown as SelectQueryBuilder<Record<string, Record<string, string>>, string, O>;
  let page = untyped.orderBy(idColumn, 'desc').limit(q.limit);
  if (q.afterId !== null) page = page.where(idColumn, '<', q.afterId);
  if (q.offset > 0) page = page.offset(q.offset);
  return page as unknown as SelectQueryBuilder<DB, TB, O>;
}

/**
 * Yields up to `page.limit` rows, fetching `BATCH_ROWS` at a time. `fetch` must order by id and,
 * given afterId, return only rows past it in that order.
 */
export async function* keysetRows<R extends { id: string }>(
  fetch: (q: KeysetFetch) => Promise<R[]>,
  page: KeysetPage,
  batch = BATCH_ROWS,
): AsyncGenerator<R> {
  let remaining = page.limit;
  let afterId: string | null = null;
  let offset = page.offset;
  while (remaining > 0) {
    const limit = Math.min(batch, remaining);
    const rows = await fetch({ afterId, offset, limit });
    for (const row of rows) yield row;
    if (rows.length < limit) return;
    remaining -= rows.length;
    afterId = rows[rows.length - 1]!.id;
    offset = 0;
  }
}

/**
 * Sends `{...head, [listKey]: [rows]}` as a stream. `rows` yields each row already encoded as JSON
 * text; the head is written first, so totals must be known before the rows.
 */
export function sendJsonList(
  reply: FastifyReply,
  head: Record<string, unknown>,
  listKey: string,
  rows: AsyncIterable<string>,
): FastifyReply {
  async function* body(): AsyncGenerator<string> {
    const start = JSON.stringify(head);
    yield `${start.slice(0, -1)}${start === '{}' ? '' : ','}${JSON.stringify(listKey)}:[`;
    let chunk = '';
    let first = true;
    for await (const row of rows) {
      chunk += first ? row : `,${row}`;
      first = false;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}]}`;
  }
  reply.type('application/json; charset=utf-8');
  return reply.send(Readable.from(body(), { objectMode: false }));
}

export async function* mapAsync<T, U>(items: AsyncIterable<T>, fn: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield fn(item);
}

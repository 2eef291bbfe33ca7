import type { Kysely } from 'kysely';
import { formatDateTime } from '@park/core';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../plugins/errors.ts';
import { countOf, pageOf } from '../../plugins/paging.ts';

/*
 * The message centre's reads and the mark-as-read, in the original client's shape (DESIGN.md §10.2):
 * `msgs: [{msgId, msgName, createTime, readTime, bigType, smallType, status, params}]`.
 */

export const UNREAD = '0';
export const READ = '1';
const MAX_IDS = 1000;

export interface MessageFilter {
  /** Read statuses to include ('0' unread, '1' read); empty = both. */
  statuses: string[];
  bigType: number | null;
}

/**
 * A list parameter as the original client sends it: repeated (`idList=1&idList=2`, an array after
 * parsing), comma-joined (`1,2,` — a trailing comma is fine), or a JSON array in a JSON body.
 */
export function listParam(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
  return items
    .flatMap((v) => (typeof v === 'number' ? [String(v)] : typeof v === 'string' ? v.split(',') : [null]))
    .map((v) => (v === null ? '\u0000' : v.trim()))
    .filter((v) => v !== '');
}

export function parseMessageIds(raw: unknown): string[] {
  const ids = listParam(raw);
  if (ids.length === 0 || ids.length > MAX_IDS || ids.some((id) => !/^[1-9]\d{0,17}$/.test(id))) {
    throw badRequest('idList 参数不合法');
  }
  return [...new Set(ids)];
}

/** `statusList` (0 unread, 1 read; several allowed) or the older `readStatus`. */
export function parseStatuses(statusList: unknown, readStatus: unknown): string[] {
  const raw = listParam(statusList ?? readStatus);
  if (raw.some((s) => s !== UNREAD && s !== READ)) throw badRequest('statusList 参数不合法，只能是 0（未读）或 1（已读）');
  return [...new Set(raw)];
}

export function parseBigType(raw: unknown): number | null {
  const text = listParam(raw)[0];
  if (text === undefined) return null;
  if (!/^\d{1,4}$/.test(text)) throw badRequest('bigType 参数不合法');
  return Number(text);
}

function filtered(db: Kysely<Database>, userId: string, f: MessageFilter) {
  let q = db.selectFrom('msg_message').where('receiver_id', '=', userId);
  if (f.statuses.length === 1) q = q.where('read_status', '=', f.statuses[0]!);
  if (f.bigType !== null) q = q.where('big_type', '=', f.bigType);
  return q;
}

export async function countMessages(db: Kysely<Database>, userId: string, f: MessageFilter): Promise<number> {
  return countOf(filtered(db, userId, f));
}

export async function listMessages(db: Kysely<Database>, userId: string, f: MessageFilter, pageNum: number, pageSize: number) {
  const { rows, total: totalCount } = await pageOf(filtered(db, userId, f), { pageNum, pageSize }, (base) =>
    base
      .select(['id', 'title', 'content', 'read_status', 'create_time', 'read_time', 'big_type', 'small_type', 'params', 'menu_url'])
      // Unread first (issue 20), then newest first.
      .orderBy('read_status')
      .orderBy('create_time', 'desc')
      .orderBy('id', 'desc'),
  );
  return {
    totalCount,
    msgs: rows.map((r) => ({
      msgId: Number(r.id),
      msgName: r.title,
      msgContent: r.content,
      createTime: formatDateTime(r.create_time),
      readTime: r.read_time ? formatDateTime(r.read_time) : null,
      bigType: r.big_type,
      smallType: r.small_type,
      status: Number(r.read_status),
      // JSON text: the original client runs JSON.parse(row.params) when a message is opened.
      params: r.params == null ? null : JSON.stringify(r.params),
      menuUrl: r.menu_url,
    })),
  };
}

/** Marks the caller's own unread messages among `ids` read; another user's ids are out of reach. */
export async function markRead(db: Kysely<Database>, userId: string, ids: string[]): Promise<string[]> {
  const updated = await db
    .updateTable('msg_message')
    .set({ read_status: READ, read_time: new Date() })
    .where('receiver_id', '=', userId)
    .where('id', 'in', ids)
    .where('read_status', '=', UNREAD)
    .returning('id')
    .execute();
  return updated.map((u) => String(u.id));
}

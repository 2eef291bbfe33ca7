import { DATA_CONTROL_TEXT } from '@park/core';
import { AppError } from '../../plugins/errors.ts';
import { requestPinned } from '../../plugins/pinnedHttp.ts';

interface Resolver {
  resolve(host: string): Promise<string>;
}

/** An answer is kept this long: a picker opened by many people at once asks the source once. */
export const SOURCE_CACHE_MS = 30_000;
const TIMEOUT_MS = 8_000;
const MAX_CHARS = 2_000_000;
const MAX_ROWS = 2000;
const cache = new Map<string, { at: number; rows: Record<string, unknown>[] }>();

const failed = (reason: string) => new AppError(502, `${DATA_CONTROL_TEXT.fetchFailed}：${reason}`);

/** The list in a reply: the reply itself, or its datas / list / data / rows. */
function rowsOf(reply: unknown): Record<string, unknown>[] | null {
  const isRow = (x: unknown): x is Record<string, unknown> => !!x && typeof x === 'object' && !Array.isArray(x);
  if (Array.isArray(reply)) return reply.filter(isRow);
  if (isRow(reply)) {
    for (const key of ['datas', 'list', 'data', 'rows', 'records']) {
      const v = reply[key];
      if (Array.isArray(v)) return v.filter(isRow);
      if (isRow(v)) {
        const inner = rowsOf(v);
        if (inner) return inner;
      }
    }
  }
  return null;
}

/**
 * Reads a data source's list: the host through the report datasources' allow-list (no loopback,
 * link-local or metadata address unless listed), connecting to the address checked, answered
 * from a short cache. Every failure is one Chinese message the picker shows.
 */
export async function fetchSourceRows(policy: Resolver, id: string, rawUrl: string, now = Date.now()): Promise<Record<string, unknown>[]> {
  const key = `${id} ${rawUrl}`;
  const hit = cache.get(key);
  if (hit && now - hit.at < SOURCE_CACHE_MS) return hit.rows;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw failed('数据请求地址不合法');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw failed('数据请求地址不合法');
  let address: string;
  try {
    address = await policy.resolve(url.hostname);
  } catch (err) {
    throw failed((err as Error).message);
  }
  let answer: { status: number; text: string };
  try {
    answer = await requestPinned('GET', url, address, { accept: 'application/json' }, null, TIMEOUT_MS, MAX_CHARS);
  } catch (err) {
    throw failed((err as Error).message === '请求超时' ? '请求超时' : '无法连接数据源');
  }
  if (answer.status < 200 || answer.status >= 300) throw failed(`HTTP ${answer.status}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    throw failed('返回的不是 JSON');
  }
  const rows = rowsOf(parsed);
  if (!rows) throw failed('返回内容中没有列表');
  const kept = rows.slice(0, MAX_ROWS);
  cache.set(key, { at: now, rows: kept });
  if (cache.size > 200) cache.delete(cache.keys().next().value!);
  return kept;
}

/** A saved or deleted source is read afresh. */
export function forgetSource(id: string): void {
  for (const key of cache.keys()) if (key.startsWith(`${id} `)) cache.delete(key);
}

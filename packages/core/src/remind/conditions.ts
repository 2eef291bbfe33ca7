import type { CondRemind, RemindCond } from './types.ts';

/** 日期条件's types (月前 … 天后) as the condition compiler's relative-date match types. */
const DATE_TYPES: Record<string, string> = {
  monthAgo: '$monthAgo',
  weekAgo: '$weekAgo',
  dayAgo: '$dayAgo',
  theDay: '$theDay',
  monthAfter: '$monthAfter',
  weekAfter: '$weekAfter',
  dayAfter: '$dayAfter',
};

function row(c: RemindCond): unknown {
  const kind = String(c.condType);
  if (kind === '3') {
    const type = DATE_TYPES[c.dateCond?.type ?? ''] ?? c.dateCond?.type;
    return { key: c.key, type, value: type === '$theDay' ? 0 : Number(c.dateCond?.count ?? 0) };
  }
  const parts = c.conds.map((x) => ({ key: c.key, type: x.matchType, value: x.value }));
  if (kind === '1' || kind === '2') return { condType: 'multi', relation: kind === '1' ? 'or' : 'and', conds: parts };
  return parts[0] ?? { key: c.key, type: '$notnull' };
}

/**
 * A 数据提醒's condition rows in the shape core parseConditions reads, so the one condition
 * compiler (and its checks of keys and match types) decides which records it selects.
 */
export function condRemindConditions(c: CondRemind): unknown {
  return { condType: 'multi', relation: c.remind.condRelative === 'or' ? 'or' : 'and', conds: c.remind.cond.map(row) };
}

/** `${field}` in a title or content replaced by the record's value (unknown fields left empty). */
export function fillTemplate(text: string, record: Readonly<Record<string, unknown>>): string {
  return text.replace(/\$\{([A-Za-z0-9_]{1,64})\}/g, (_, key: string) => {
    const v = record[key];
    if (v === null || v === undefined) return '';
    return v instanceof Date ? v.toISOString().slice(0, 10) : String(v);
  });
}

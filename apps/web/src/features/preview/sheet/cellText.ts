/**
 * The text a spreadsheet shows for a cell value and its number format: the common formats of
 * Chinese office sheets (decimals, thousands, percent, dates in ISO or 年月日 form). Anything
 * rarer falls back to the plain value.
 */

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** exceljs gives dates as UTC instants carrying the sheet's wall-clock time. */
export function formatDate(d: Date, fmt: string | undefined): string {
  if (Number.isNaN(d.getTime())) return '';
  const f = (fmt ?? '').toLowerCase().replace(/"[^"]*"|\\./g, (m) => (m.includes('年') ? '年' : m));
  const y = d.getUTCFullYear();
  const mo = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}${/s/.test(f) ? `:${pad(d.getUTCSeconds())}` : ''}`;
  const hasDate = /[yd]/.test(f) || (!/h/.test(f) && /m/.test(f)) || f === '';
  const hasTime = /h/.test(f) || (f === '' && (d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds()));
  if (!hasDate) return time;
  const date = (fmt ?? '').includes('年')
    ? `${y}年${mo}月${/d/.test(f) ? `${day}日` : ''}`
    : /d/.test(f) || f === ''
      ? `${y}-${pad(mo)}-${pad(day)}`
      : `${y}-${pad(mo)}`;
  return hasTime ? `${date} ${time}` : date;
}

const isDateFormat = (fmt: string) => /[ymdhs]/i.test(fmt.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, '')) && !/0|#/.test(fmt);

function group(intPart: string): string {
  return intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function formatNumber(value: number, fmt: string | undefined): string {
  if (!Number.isFinite(value)) return String(value);
  const raw = (fmt ?? '').split(';')[0] ?? '';
  if (!raw || /^general$/i.test(raw) || raw === '@') {
    // Excel shows at most ~11 significant digits in General; avoid binary noise like 0.30000000000000004.
    return String(Number(value.toPrecision(12)));
  }
  if (isDateFormat(raw)) {
    // A serial date in a number cell (exceljs leaves some as numbers).
    const ms = Math.round((value - 25569) * 86400 * 1000);
    return formatDate(new Date(ms), raw);
  }
  const clean = raw.replace(/"[^"]*"|\\.|\[[^\]]*\]|[_*]./g, '');
  const percent = clean.includes('%');
  const decimals = /\.([0#]+)/.exec(clean)?.[1]?.length ?? 0;
  const v = percent ? value * 100 : value;
  let text = Math.abs(v).toFixed(decimals);
  if (clean.includes(',')) {
    const [i, f] = text.split('.');
    text = group(i!) + (f !== undefined ? `.${f}` : '');
  }
  const prefix = /^[^0#?]*/.exec(raw.replace(/"([^"]*)"/g, '$1').replace(/\\(.)/g, '$1').replace(/\[[^\]]*\]/g, ''))?.[0]?.replace(/[_*].?/g, '') ?? '';
  const currency = /[¥$￥€£]/.test(prefix) ? prefix.trim() : '';
  return `${v < 0 && Number(text.replace(/,/g, '')) !== 0 ? '-' : ''}${currency}${text}${percent ? '%' : ''}`;
}

interface RichText {
  richText: Array<{ text: string }>;
}

/** The displayed text of an exceljs cell value (cell.value) under its number format. */
export function cellText(value: unknown, fmt: string | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatNumber(value, fmt);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return formatDate(value, fmt);
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v as unknown as RichText).richText.map((t) => t.text ?? '').join('');
    if ('error' in v && typeof v.error === 'string') return v.error;
    if ('formula' in v || 'sharedFormula' in v) {
      return 'result' in v ? cellText(v.result, fmt) : '';
    }
    if ('text' in v) return cellText(v.text, fmt);
  }
  return String(value);
}

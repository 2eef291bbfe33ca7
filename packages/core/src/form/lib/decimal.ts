/** Plain decimal text as a person types it; exponents are refused on purpose. */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;
const INTEGER_TEXT = /^[+-]?\d+$/;

export function isDecimalText(text: string): boolean {
  return DECIMAL_TEXT.test(text.trim());
}

export function isIntegerText(text: string): boolean {
  return INTEGER_TEXT.test(text.trim());
}

/** A number from a finite number or decimal text; undefined for anything else. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && isDecimalText(value)) return Number(value.trim());
  return undefined;
}

/** Text for a numeric column; numbers print without exponent so PostgreSQL and people agree. */
export function numberToText(n: number): string {
  const text = String(n);
  if (!/e/i.test(text)) return text;
  if (Math.abs(n) < 1) return n.toFixed(20).replace(/0+$/, '').replace(/\.$/, '');
  return BigInt(Math.round(n)).toString();
}

/**
 * Rounds half away from zero at `decimals` places. Shifting through the decimal exponent
 * avoids the binary error of x * 10^d (1.005 rounds to 1.01, not 1.00).
 */
export function roundTo(n: number, decimals: number): number {
  const d = Math.min(Math.max(Math.trunc(decimals), 0), 15);
  const abs = Math.abs(n);
  let shifted = Number(`${abs}e${d}`);
  if (!Number.isFinite(shifted)) shifted = abs * 10 ** d;
  const rounded = Number(`${Math.round(shifted)}e-${d}`);
  const result = Number.isFinite(rounded) ? rounded : Math.round(shifted) / 10 ** d;
  return n < 0 && result !== 0 ? -result : result;
}

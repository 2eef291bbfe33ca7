/**
 * The designer's pattern library (issue 9): the formats an administrator can pick for a field's
 * validation instead of typing a regular expression. Each entry is stored in the design as text
 * (a rule's `pattern`, "/…/"), the form the runtime's compilePattern reads. Where the runtime
 * already has a built-in check (input_mobile, input_tel, input_mail, input_website, the number
 * inputs, the password rule) the library uses the very same expression, so a picked format and a
 * typed input can never disagree.
 */
import { PASSWORD_RULE_MESSAGE } from '../auth/passwordRule.ts';
import { PALETTE_DECIMAL_PATTERN } from './controls/numberControls.ts';
import { EMAIL, MOBILE, TELEPHONE, WEBSITE } from './controls/textControls.ts';

export type PatternId = 'mobile' | 'telephone' | 'email' | 'url' | 'number' | 'positiveInteger' | 'decimal' | 'password';

export interface PatternEntry {
  id: PatternId;
  /** What the designer picks from. */
  label: string;
  /** The expression as stored in a design ("/…/"). */
  pattern: string;
  /** The message the form shows when a value does not match. */
  message: string;
}

/** Decimal places a "N位小数" entry may ask for. */
export const DECIMAL_PLACES_MIN = 1;
export const DECIMAL_PLACES_MAX = 8;
export const DEFAULT_DECIMAL_PLACES = 2;

const literal = (re: RegExp) => `/${re.source}/`;

/**
 * The same rule as meetsPasswordRule (6+ characters with a digit, upper, lower and special
 * character), as one expression: lookaheads, no nested quantifiers.
 */
const PASSWORD = /^(?=.*\d)(?=.*[A-Z])(?=.*[a-z])(?=.*[^A-Za-z0-9]).{6,}$/s;
const POSITIVE_INTEGER = /^[1-9]\d*$/;

function clampPlaces(places: number): number {
  if (!Number.isInteger(places)) return DEFAULT_DECIMAL_PLACES;
  return Math.min(DECIMAL_PLACES_MAX, Math.max(DECIMAL_PLACES_MIN, places));
}

/** A number with at most `places` decimals ("12", "-3.5", "0.25" for two places). */
export function decimalPattern(places: number): string {
  return `/^-?\\d+(\\.\\d{1,${clampPlaces(places)}})?$/`;
}

export const decimalMessage = (places: number) => `请输入最多${clampPlaces(places)}位小数的数字`;

const FIXED: Record<Exclude<PatternId, 'decimal'>, Omit<PatternEntry, 'id'>> = {
  mobile: { label: '手机号', pattern: literal(MOBILE), message: '请输入正确的手机号码' },
  telephone: { label: '固定电话', pattern: literal(TELEPHONE), message: '请输入正确的固定电话号码，如 0551-12345678' },
  email: { label: '邮箱', pattern: literal(EMAIL), message: '请输入正确的邮箱地址' },
  url: { label: '网址', pattern: literal(WEBSITE), message: '请输入正确的网址' },
  number: { label: '数字', pattern: PALETTE_DECIMAL_PATTERN, message: '请输入数字' },
  positiveInteger: { label: '正整数', pattern: literal(POSITIVE_INTEGER), message: '请输入正整数' },
  password: { label: '密码规则', pattern: `/${PASSWORD.source}/${PASSWORD.flags}`, message: PASSWORD_RULE_MESSAGE },
};

/** The library in the order the designer lists it. */
export const PATTERN_IDS: readonly PatternId[] = [
  'mobile',
  'telephone',
  'email',
  'url',
  'number',
  'positiveInteger',
  'decimal',
  'password',
];

/** One library entry; `places` applies to "N位小数" only. */
export function patternEntry(id: PatternId, places = DEFAULT_DECIMAL_PLACES): PatternEntry {
  if (id === 'decimal') {
    const n = clampPlaces(places);
    return { id, label: `${n}位小数`, pattern: decimalPattern(n), message: decimalMessage(n) };
  }
  return { id, ...FIXED[id] };
}

/** What the designer's picker lists: "N位小数" is shown with its default number of places. */
export function patternLibrary(): PatternEntry[] {
  return PATTERN_IDS.map((id) => (id === 'decimal' ? { ...patternEntry(id), label: 'N位小数' } : patternEntry(id)));
}

const DECIMAL_TEXT = /^\/\^-\?\\d\+\(\\\.\\d\{1,(\d+)\}\)\?\$\/$/;

/** Which library entry a stored pattern is, so the panel can show its name; null for a custom one. */
export function identifyPattern(text: string): { id: PatternId; places?: number } | null {
  const trimmed = text.trim();
  const decimal = DECIMAL_TEXT.exec(trimmed);
  if (decimal) {
    const places = Number(decimal[1]);
    return places === clampPlaces(places) ? { id: 'decimal', places } : null;
  }
  const id = PATTERN_IDS.find((candidate) => candidate !== 'decimal' && FIXED[candidate].pattern === trimmed);
  return id ? { id } : null;
}

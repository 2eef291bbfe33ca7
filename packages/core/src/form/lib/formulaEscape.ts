/**
 * Spreadsheet formula injection (DESIGN §9): a text cell that begins with = + - @, a tab or a
 * carriage return may be taken for a formula when the file is opened or edited. Such text is
 * exported with a leading single quote, as OWASP recommends, and the quote is removed again when
 * our own export is imported, so a round trip keeps the value.
 */
const TRIGGER = /^[=+\-@\t\r]/;
const ESCAPED = /^'[=+\-@\t\r]/;

export function escapeFormula(text: string): string {
  return TRIGGER.test(text) ? `'${text}` : text;
}

export function unescapeFormula(text: string): string {
  return ESCAPED.test(text) ? text.slice(1) : text;
}

/**
 * What is typed goes to the form as a number when it reads as one and as text otherwise, so the
 * same core check as the desktop's refuses it with the same message; a long integer stays text.
 */
export function typedNumber(text: string, asText: boolean): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  if (asText) return t;
  const n = Number(t);
  return Number.isFinite(n) && /^-?\d+(\.\d+)?$/.test(t) ? n : t;
}


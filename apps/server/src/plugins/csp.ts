/**
 * A CSP source for a URL template: its scheme and host, a host label holding a placeholder
 * ("t{s}.tianditu.gov.cn") widened to a wildcard. Null for an empty or unreadable template.
 */
export function cspSourceOf(template: string): string | null {
  const m = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!m) return null;
  const host = m[2]!
    .split('.')
    .map((label) => (/[{}]/.test(label) ? '*' : label))
    .join('.');
  return /^[A-Za-z0-9.*:-]+$/.test(host) ? `${m[1]!.toLowerCase()}://${host}` : null;
}

/**
 * Original file names are the uploader's text: kept as metadata for display and for the download
 * header, never used as a path. Bytes live under a generated key (storage.ts).
 */

const MAX_NAME = 200;
/* C0 and C1 controls, and the bidirectional overrides that can disguise an extension (exe.txt). */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The last path segment without control characters, trimmed to a sane length. */
export function sanitizeName(raw: string | undefined | null): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = base.replace(UNSAFE, '').trim().replace(/^\.+$/, '');
  if (name.length > MAX_NAME) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 16 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME - ext.length) + ext;
  }
  return name || 'file';
}

/** The lower-case extension without the dot, or '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/* RFC 5987 attr-char: encodeURIComponent leaves ' ( ) * unencoded, which are not attr-chars. */
const encode5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Content-Disposition per RFC 6266: a plain ASCII `filename` for old clients, and the real name
 * as UTF-8 in `filename*`, which every current browser prefers.
 */
export function contentDisposition(type: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]+/g, '_').replace(/["\\%]/g, '_');
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encode5987(name)}`;
}

import type { ManifestEntry } from './package.ts';

/*
 * An application package (issue 41, ADR 0054): one zip holding manifest.json and one JSON entry
 * per part. Parts name each other by logical codes (a form's code, a dictionary's type code),
 * never by database ids; the installation maps codes to its own ids when it installs.
 */

/** The one format this build reads and writes; any other is refused. */
export const APP_PACKAGE_FORMAT = 1;
export const MANIFEST_ENTRY = 'manifest.json';

/** What a package may hold before it is read at all (a zip bomb stops at the first limit it crosses). */
export const PACKAGE_LIMITS = {
  /** The uploaded file itself. */
  fileBytes: 5 * 1024 * 1024,
  entries: 500,
  /** Every entry inflated, summed. */
  totalBytes: 20 * 1024 * 1024,
  entryBytes: 4 * 1024 * 1024,
  /** Inflated over compressed, for the whole file: JSON compresses ~10×, a bomb 1000×. */
  ratio: 60,
} as const;

/** Codes of an application and of its forms: what may become part of a name, nothing more. */
export const APP_CODE = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
export const SEMVER = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;
/** A form reference inside a packaged design: `@form:<code>` where the installation has the id. */
export const FORM_REF_PREFIX = '@form:';


export const formEntry = (code: string) => `forms/${code}.json`;
export const dictEntry = (code: string) => `dictionaries/${code}.json`;
export const flowEntry = (formCode: string) => `flows/${formCode}.json`;

/** The text the whole-package checksum is taken of. */
export function entriesDigestText(entries: readonly ManifestEntry[]): string {
  return [...entries]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((e) => `${e.path} ${e.sha256}\n`)
    .join('');
}

/** -1, 0, 1 for two valid semver strings. */
export function compareSemver(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

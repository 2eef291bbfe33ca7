import crypto from 'node:crypto';

/** A package refused whole: every Chinese reason (the routes answer 400 with them). */
export class PackageRefused extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('；'));
  }
}

export const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** A part's code made from its name: stable across exports of one installation (`f` + 12 hex for a form). */
export const madeCode = (prefix: string, text: string) => `${prefix}${sha256(text).slice(0, 12)}`;

import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { SYNC_HEADERS, SYNC_TEXT, SYNC_TIME_WINDOW_MS, syncSigningText } from '@park/core';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../plugins/errors.ts';
import { findSigner, noteNonce } from './signature.repo.ts';

interface SecretOpener {
  open(sealed: string): string;
}

export interface SignedCall {
  method: string;
  /** Path with query, exactly as sent (request.url). */
  pathWithQuery: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const unauthorised = (msg: string) => new AppError(401, msg);
const header = (h: SignedCall['headers'], name: string) => {
  const v = h[name];
  return typeof v === 'string' ? v.trim() : undefined;
};
const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** HMAC-SHA256 hex of the signing text: what both sides compute (pull and webhook). */
export function signSync(secret: string, method: string, pathWithQuery: string, time: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(syncSigningText(method, pathWithQuery, time, sha256(body))).digest('hex');
}

/**
 * Checks a signed sync call (ADR 0047) and returns the caller's sub-system id. Refused (401) when a
 * header is missing, the account unknown or not syncing, the time outside ±5 minutes, the signature
 * wrong, or the same signature seen before. The time check comes before the nonce, so sync_nonce
 * only needs rows younger than the window.
 */
export async function verifySignedCall(db: Kysely<Database>, secrets: SecretOpener, call: SignedCall, now = Date.now()): Promise<string> {
  const account = header(call.headers, SYNC_HEADERS.account);
  const time = header(call.headers, SYNC_HEADERS.time);
  const signature = header(call.headers, SYNC_HEADERS.signature)?.toLowerCase();
  if (!account || !time || !signature) throw unauthorised(SYNC_TEXT.unsigned);
  if (!/^\d{1,16}$/.test(time) || Math.abs(now - Number(time)) > SYNC_TIME_WINDOW_MS) throw unauthorised(SYNC_TEXT.stale);
  const signer = account.length <= 64 ? await findSigner(db, account) : undefined;
  if (!signer || signer.syn !== 0 || !signer.agent_secret) throw unauthorised(SYNC_TEXT.unknownAccount);
  const expected = Buffer.from(signSync(secrets.open(signer.agent_secret), call.method, call.pathWithQuery, time, call.body), 'hex');
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw unauthorised(SYNC_TEXT.badSignature);
  if (!(await noteNonce(db, signer.id, signature))) throw unauthorised(SYNC_TEXT.replay);
  return signer.id;
}

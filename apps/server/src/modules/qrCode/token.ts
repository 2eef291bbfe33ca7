import crypto from 'node:crypto';

/*
 * A QR code's token: `<formId>.<tokenId>.<signature>`. tokenId is 128 random bits kept in the entry;
 * the signature (HMAC-SHA256 with the install's key) means a forged or altered token is refused before
 * any lookup. Revoking is replacing or dropping the entry's tokenId: the printed code then names
 * nothing and answers 404.
 */

export const newTokenId = (): string => crypto.randomBytes(16).toString('hex');

const signature = (key: string, body: string) => crypto.createHmac('sha256', key).update(body).digest('base64url').slice(0, 32);

export const signToken = (key: string, formId: string, tokenId: string): string => `${formId}.${tokenId}.${signature(key, `${formId}.${tokenId}`)}`;

/** The form and tokenId a token names, or null when it is malformed or its signature is wrong. */
export function verifyToken(key: string, token: string): { formId: string; tokenId: string } | null {
  const m = /^([0-9]{1,15})\.([0-9a-f]{32})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const [, formId, tokenId, sig] = m as unknown as [string, string, string, string];
  const want = Buffer.from(signature(key, `${formId}.${tokenId}`));
  const got = Buffer.from(sig);
  return want.length === got.length && crypto.timingSafeEqual(want, got) ? { formId, tokenId } : null;
}

import crypto from 'node:crypto';

/** Device tokens: 32 random bytes, shown once; only the SHA-256 is stored, like session tokens. */
export function newDeviceToken(): { token: string; hash: string; hint: string } {
  const token = `pd_${crypto.randomBytes(32).toString('base64url')}`;
  return { token, hash: hashDeviceToken(token), hint: token.slice(-4) };
}

export function hashDeviceToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

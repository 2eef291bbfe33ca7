/**
 * The sealed password envelope (DESIGN.md §5.1): the browser encrypts this JSON with
 * RSA-OAEP (SHA-256, MGF1 SHA-256) and sends it base64-encoded. The timestamp and nonce
 * let the server refuse a captured ciphertext that is replayed or stale.
 */
export interface PasswordEnvelope {
  p: string;
  t: number;
  n: string;
}

export const ENVELOPE_MAX_AGE_MS = 5 * 60 * 1000;
/** Allowed clock skew for an envelope that claims to come from the future. */
export const ENVELOPE_FUTURE_SKEW_MS = 60 * 1000;
export const ENVELOPE_MIN_NONCE_LENGTH = 16;

export type EnvelopeCheck = { ok: true; envelope: PasswordEnvelope } | { ok: false; reason: string };

/** Parses and checks the decrypted envelope text; the nonce's uniqueness is checked by the caller. */
export function checkEnvelope(plainText: string, nowMs: number): EnvelopeCheck {
  let parsed: unknown;
  try {
    parsed = JSON.parse(plainText);
  } catch {
    return { ok: false, reason: 'not json' };
  }
  if (typeof parsed !== 'object' || parsed === null) return { ok: false, reason: 'not an object' };
  const { p, t, n } = parsed as Record<string, unknown>;
  if (typeof p !== 'string' || typeof t !== 'number' || typeof n !== 'string') {
    return { ok: false, reason: 'bad fields' };
  }
  if (n.length < ENVELOPE_MIN_NONCE_LENGTH || n.length > 128) return { ok: false, reason: 'bad nonce' };
  if (!Number.isFinite(t)) return { ok: false, reason: 'bad time' };
  if (nowMs - t > ENVELOPE_MAX_AGE_MS) return { ok: false, reason: 'stale' };
  if (t - nowMs > ENVELOPE_FUTURE_SKEW_MS) return { ok: false, reason: 'future' };
  return { ok: true, envelope: { p, t, n } };
}

export function makeEnvelopeText(password: string, nowMs: number, nonce: string): string {
  const envelope: PasswordEnvelope = { p: password, t: nowMs, n: nonce };
  return JSON.stringify(envelope);
}

import { describe, expect, it } from 'vitest';
import { checkEnvelope, makeEnvelopeText } from './envelope.ts';
import { meetsPasswordRule } from './passwordRule.ts';

const NONCE = 'abcdefghijklmnop';

describe('checkEnvelope', () => {
  const now = 1_800_000_000_000;
  it('accepts a fresh envelope', () => {
    expect(checkEnvelope(makeEnvelopeText('pw', now - 1000, NONCE), now)).toEqual({ ok: true, envelope: { p: 'pw', t: now - 1000, n: NONCE } });
  });
  it('refuses stale, future, short-nonce and malformed envelopes', () => {
    expect(checkEnvelope(makeEnvelopeText('pw', now - 5 * 60_000 - 1, NONCE), now).ok).toBe(false);
    expect(checkEnvelope(makeEnvelopeText('pw', now + 61_000, NONCE), now).ok).toBe(false);
    expect(checkEnvelope(makeEnvelopeText('pw', now, 'short'), now).ok).toBe(false);
    expect(checkEnvelope('not json', now).ok).toBe(false);
    expect(checkEnvelope('{"p":1,"t":1,"n":"x"}', now).ok).toBe(false);
    expect(checkEnvelope('null', now).ok).toBe(false);
  });
});

describe('meetsPasswordRule', () => {
  it('needs 6+ characters with digit, upper, lower and special', () => {
    expect(meetsPasswordRule('Aa1@xy')).toBe(true);
    expect(meetsPasswordRule('Aa1@x')).toBe(false);
    expect(meetsPasswordRule('aa1@xyz')).toBe(false);
    expect(meetsPasswordRule('AA1@XYZ')).toBe(false);
    expect(meetsPasswordRule('Aab@xyz')).toBe(false);
    expect(meetsPasswordRule('Aa1bxyz')).toBe(false);
  });
});

import type forgeTypes from 'node-forge';
import { makeEnvelopeText, type PublicKeyReply } from '@park/core';
import { get, type CallOptions } from './http.ts';

/** 16 random bytes as hex: 32 characters, above the server's 16-character minimum. */
function makeNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Seals a password in the envelope of DESIGN.md §5.1, as the desktop does (apps/web/src/lib/crypto.ts).
 * node-forge because a park's intranet is often plain HTTP, where crypto.subtle does not exist;
 * it loads when a password is sent, not with the first screen.
 */
export async function sealPassword(password: string, opts: CallOptions = {}): Promise<string> {
  const [{ publicKey }, { default: forge }] = await Promise.all([get<PublicKeyReply>('/apc/publicKey', undefined, opts), import('node-forge')]);
  const key = forge.pki.publicKeyFromPem(publicKey) as forgeTypes.pki.rsa.PublicKey;
  const text = makeEnvelopeText(password, Date.now(), makeNonce());
  const sealed = key.encrypt(forge.util.encodeUtf8(text), 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } });
  return forge.util.encode64(sealed);
}

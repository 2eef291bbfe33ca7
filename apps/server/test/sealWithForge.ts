import crypto from 'node:crypto';
import forge from 'node-forge';
import { makeEnvelopeText } from '@park/core';

/** Seals a password exactly as the browser does (node-forge RSA-OAEP, SHA-256 and MGF1 SHA-256). */
export function sealWithForge(publicKeyPem: string, password: string, opts: { t?: number; n?: string } = {}): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  const text = makeEnvelopeText(password, opts.t ?? Date.now(), opts.n ?? crypto.randomBytes(16).toString('hex'));
  const encrypted = key.encrypt(forge.util.encodeUtf8(text), 'RSA-OAEP', {
    md: forge.md.sha256.create(),
    mgf1: { md: forge.md.sha256.create() },
  });
  return forge.util.encode64(encrypted);
}

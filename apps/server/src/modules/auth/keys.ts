import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const generateKeyPair = promisify(crypto.generateKeyPair);

export interface LoginKeys {
  publicKeyPem: string;
  privateKey: crypto.KeyObject;
}

/**
 * The RSA pair that seals browser passwords. It is made once and kept in DATA_DIR, so every
 * instance sharing the directory (or a copied one) accepts the same envelopes.
 */
export async function loadOrCreateLoginKeys(dataDir: string): Promise<LoginKeys> {
  const dir = path.join(dataDir, 'keys');
  const privateFile = path.join(dir, 'login_rsa_private.pem');
  const publicFile = path.join(dir, 'login_rsa_public.pem');
  try {
    const [privatePem, publicKeyPem] = await Promise.all([
      fs.readFile(privateFile, 'utf8'),
      fs.readFile(publicFile, 'utf8'),
    ]);
    return { publicKeyPem, privateKey: crypto.createPrivateKey(privatePem) };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { publicKey, privateKey } = await generateKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // Write-then-rename so a crash never leaves half a key behind.
  await fs.writeFile(`${privateFile}.tmp`, privateKey, { mode: 0o600 });
  await fs.writeFile(`${publicFile}.tmp`, publicKey, { mode: 0o644 });
  await fs.rename(`${privateFile}.tmp`, privateFile);
  await fs.rename(`${publicFile}.tmp`, publicFile);
  return { publicKeyPem: publicKey, privateKey: crypto.createPrivateKey(privateKey) };
}

/** Decrypts a base64 RSA-OAEP (SHA-256) ciphertext; null on any failure, never a reason. */
export function decryptSealed(keys: LoginKeys, base64: string): string | null {
  if (base64.length > 1024 || !/^[A-Za-z0-9+/=]+$/.test(base64)) return null;
  try {
    return crypto
      .privateDecrypt(
        { key: keys.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(base64, 'base64'),
      )
      .toString('utf8');
  } catch {
    return null;
  }
}

/** The LoginKeys is part of every module's context (see context.ts). */
declare module '../../context.ts' {
  interface AppContext {
    keys: LoginKeys;
  }
}

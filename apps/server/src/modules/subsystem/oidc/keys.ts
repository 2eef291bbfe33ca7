import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { JWK } from 'oidc-provider';

export interface OidcKeys {
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

/**
 * The provider's signing key (RS256) and cookie keys, made once and kept in DATA_DIR/keys like the
 * login key pair, so tokens stay valid across restarts and between instances sharing the folder.
 */
export async function loadOrCreateOidcKeys(dataDir: string): Promise<OidcKeys> {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'oidc.json');
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as OidcKeys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  const keys: OidcKeys = {
    jwks: { keys: [{ ...jwk, kid: crypto.randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
    cookieKeys: [crypto.randomBytes(32).toString('base64url')],
  };
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(keys), { mode: 0o600 });
  try {
    // Another instance may have written one first: keep theirs.
    await fs.link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
  return JSON.parse(await fs.readFile(file, 'utf8')) as OidcKeys;
}

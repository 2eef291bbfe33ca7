import crypto from 'node:crypto';
import type { JWK } from 'oidc-provider';
import { readOrCreateKeyFile } from '../../../keyFiles.ts';

export interface OidcKeys {
  jwks: { keys: JWK[] };
  cookieKeys: string[];
}

/**
 * The provider's signing key (RS256) and cookie keys, made once and kept in DATA_DIR/keys like the
 * login key pair, so tokens stay valid across restarts and between instances sharing the folder.
 */
export async function loadOrCreateOidcKeys(dataDir: string): Promise<OidcKeys> {
  const text = await readOrCreateKeyFile(dataDir, 'oidc.json', () => {
    const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = privateKey.export({ format: 'jwk' }) as JWK;
    const keys: OidcKeys = {
      jwks: { keys: [{ ...jwk, kid: crypto.randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] },
      cookieKeys: [crypto.randomBytes(32).toString('base64url')],
    };
    return JSON.stringify(keys);
  });
  return JSON.parse(text) as OidcKeys;
}

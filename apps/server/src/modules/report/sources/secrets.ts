import crypto from 'node:crypto';
import { readOrCreateKeyFile } from '../../../keyFiles.ts';

/**
 * Datasource passwords are sealed with AES-256-GCM before they are stored. The key comes from
 * DATASOURCE_SECRET (hashed to 32 bytes) or is generated once into DATA_DIR/keys, so a copy of the
 * database alone does not reveal them. Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static async open(dataDir: string, secret: string): Promise<SecretBox> {
    if (secret) return new SecretBox(crypto.createHash('sha256').update(secret).digest());
    const text = await readOrCreateKeyFile(dataDir, 'datasource.key', () => crypto.randomBytes(32).toString('base64'));
    return new SecretBox(Buffer.from(text.trim(), 'base64'));
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [v, iv, tag, body] = sealed.split('.');
    if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('sealed secret in an unknown format');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

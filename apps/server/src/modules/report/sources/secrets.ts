import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Datasource passwords are sealed with AES-256-GCM before they are stored. The key comes from
 * DATASOURCE_SECRET (hashed to 32 bytes) or is generated once into DATA_DIR/keys, so a copy of the
 * database alone does not reveal them. Format: v1.<iv>.<tag>.<ciphertext>, base64url.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static async open(dataDir: string, secret: string): Promise<SecretBox> {
    if (secret) return new SecretBox(crypto.createHash('sha256').update(secret).digest());
    const dir = path.join(dataDir, 'keys');
    const file = path.join(dir, 'datasource.key');
    try {
      return new SecretBox(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64'));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    const key = crypto.randomBytes(32);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, key.toString('base64'), { mode: 0o600 });
    try {
      // Another instance may have written one first: keep theirs.
      await fs.link(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      await fs.rm(tmp, { force: true });
    }
    return new SecretBox(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64'));
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

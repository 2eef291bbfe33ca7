import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * A key kept in DATA_DIR/keys/<name>: read if it is there, else made by `create` and written once.
 * Instances starting together on one folder each write a temporary file and hard-link it into
 * place; the first link wins and every instance reads that one, so they all hold the same key.
 */
export async function readOrCreateKeyFile(dataDir: string, name: string, create: () => string): Promise<string> {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, name);
  try {
    return await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, create(), { mode: 0o600 });
  try {
    await fs.link(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    await fs.rm(tmp, { force: true });
  }
  return fs.readFile(file, 'utf8');
}

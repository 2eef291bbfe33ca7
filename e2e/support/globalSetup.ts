import fs from 'node:fs/promises';
import path from 'node:path';
import { startServer } from './server.ts';

export const STATE_FILE = path.join(import.meta.dirname, '../test-results/.server.json');

/** One real server per run; specs reach it through E2E_BASE_URL and its database through E2E_DATABASE_URL. */
export default async function globalSetup() {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATABASE_URL = server.databaseUrl;
  await fs.mkdir(path.dirname(STATE_FILE), { recursive: true });
  await fs.writeFile(STATE_FILE, JSON.stringify({ pid: server.child.pid, dataDir: server.dataDir }));
  server.child.unref();
  server.child.stdout?.destroy();
  server.child.stderr?.destroy();
}

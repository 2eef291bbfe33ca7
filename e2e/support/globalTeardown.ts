import fs from 'node:fs/promises';
import { STATE_FILE } from './globalSetup.ts';
import { stopServer } from './server.ts';

export default async function globalTeardown() {
  const state = JSON.parse(await fs.readFile(STATE_FILE, 'utf8')) as { pid: number; dataDir: string };
  await stopServer(state);
}

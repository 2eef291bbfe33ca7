import { STATE_ENV } from './globalSetup.ts';
import { stopServer } from './server.ts';

export default async function globalTeardown() {
  const state = process.env[STATE_ENV];
  if (!state) return;
  await stopServer(JSON.parse(state) as { pid: number; dataDir: string });
}

import { startServer } from './server.ts';

/** Where globalTeardown finds the server: the runner process runs both, so the environment carries it. */
export const STATE_ENV = 'E2E_SERVER_STATE';

/**
 * One real server per run; specs reach it through E2E_BASE_URL and its database through
 * E2E_DATABASE_URL. Its pid stays in this process (not in a file under test-results/), so two runs
 * on one machine never stop each other's server, and Playwright clearing test-results/ loses nothing.
 */
export default async function globalSetup() {
  // DSS_URL=simulator: the video wall's specs play through the built-in DSS gateway simulator (issue 25).
  const server = await startServer({ DSS_URL: 'simulator' });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_DATABASE_URL = server.databaseUrl;
  process.env[STATE_ENV] = JSON.stringify({ pid: server.child.pid, dataDir: server.dataDir });
  server.child.unref();
  // Drained, not closed: a server writing a log line into a closed pipe would die of EPIPE mid-run.
  for (const stream of [server.child.stdout, server.child.stderr]) {
    stream?.resume();
    (stream as unknown as { unref?: () => void } | null)?.unref?.();
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const E2E_ADMIN_PASSWORD = 'Admin@123';
const ROOT = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  child: ChildProcess;
  /** Connection string of the server's own embedded database, for arranging test data. */
  databaseUrl: string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/*
 * Once the server runs, its slow-request warnings and its errors go to the test runner's output
 * (and so into CI's log): when a browser call times out, they tell whether the server was slow or
 * never saw the call. Other lines are dropped.
 */
let partial = '';
function forwardNotable(chunk: Buffer): void {
  const lines = (partial + chunk.toString()).split('\n');
  partial = lines.pop() ?? '';
  for (const line of lines) {
    if (line.includes('"slow request"') || /"level":(50|60)/.test(line)) process.stderr.write(`[server] ${line}\n`);
  }
}

/** Starts the real server (as `npm start` does, minus the build) on a free port with a fresh DATA_DIR. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  // A benchmark may pass its own DATA_DIR to reuse a large database between runs.
  const dataDir = extraEnv.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'park-e2e-')));
  const child = spawn(process.execPath, [...(process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      // The report datasource spec connects to this run's own PostgreSQL as an "external" one (issue 21).
      DATASOURCE_ALLOWED_HOSTS: '127.0.0.1',
      // The demo park's simulator stays off unless a spec asks for it (issue 23).
      PARK_SIMULATOR: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // A shared, loaded machine may need longer to initdb and migrate: SERVER_START_TIMEOUT_MS (default 60 s).
    const limit = Number(process.env.SERVER_START_TIMEOUT_MS) || 60_000;
    const timer = setTimeout(() => reject(new Error(`server did not start in ${limit / 1000} s:\n${output}`)), limit);
    let started = false;
    const onData = (chunk: Buffer) => {
      if (started) return forwardNotable(chunk);
      output += chunk.toString();
      if (output.includes('已启动')) {
        started = true;
        output = '';
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  const pid = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  const pgPort = pid.split('\n')[3]!.trim();
  const password = (await fs.readFile(path.join(dataDir, 'pg.password'), 'utf8')).trim();
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    databaseUrl: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/park`,
  };
}

export async function stopServer(server: { child?: ChildProcess; pid?: number; dataDir: string }, keepData = false): Promise<void> {
  const pid = server.child?.pid ?? server.pid;
  if (pid) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    // The server stops its embedded PostgreSQL on SIGTERM; wait for it to finish.
    for (let i = 0; i < 100; i++) {
      try {
        process.kill(pid, 0);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        break;
      }
    }
  }
  if (!keepData) await fs.rm(server.dataDir, { recursive: true, force: true });
}

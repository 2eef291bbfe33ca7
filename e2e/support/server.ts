import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const E2E_ADMIN_PASSWORD = 'Admin@123';
const ROOT = path.resolve(import.meta.dirname, '../..');
const START_LIMIT_MS = Number(process.env.E2E_SERVER_START_MS ?? 180_000);

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

export interface StartOptions {
  /**
   * Run the server in its own session (setsid), as a service runs. Benchmarks want this: with the
   * kernel's autogroup scheduling (on by default) a session shares one slice of the CPU, so a
   * server in the benchmark's own session would share its slice with the load-generating client,
   * while every PostgreSQL backend (which calls setsid) gets a slice of its own.
   */
  ownSession?: boolean;
}

/** Starts the real server (as `npm start` does, minus the build) on a free port with a fresh DATA_DIR. */
export async function startServer(extraEnv: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
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
      // 提醒设置's hook that runs due reminders now (issue 39).
      REMIND_TEST_HOOKS: '1',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownSession === true,
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    // A fresh cluster's initdb, migrations and demo seed take ~15 s alone but minutes on a loaded machine.
    const timer = setTimeout(() => reject(new Error(`server did not start in ${START_LIMIT_MS / 1000} s:\n${output}`)), START_LIMIT_MS);
    let started = false;
    const onData = (chunk: Buffer) => {
      if (started) return forwardNotable(chunk);
      output += chunk.toString();
      // 平台已启动, not 内置 PostgreSQL 已启动, which an info-level log prints earlier.
      if (output.includes('平台已启动')) {
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

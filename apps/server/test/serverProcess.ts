/* Real server processes and server commands for the operations tests (issue 28). */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sealWithForge } from './sealWithForge.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> once the server printed that it listens. */
  ready: Promise<string>;
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/** `npm run serve` as a child process, on a free port, quiet, without the nightly backup. */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', WEB_DIST: 'none', LOG_LEVEL: 'warn', BACKUP_CRON: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${out}`)), 120_000);
    const on = (b: Buffer) => {
      out += b.toString();
      const m = /已启动 \(\d+ ms\): (http:\/\/[^/]+)\//.exec(out);
      if (m && /管理员账号 admin .*\n/.test(out)) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', on);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code}:\n${out}`));
    });
  });
  ready.catch(() => undefined);
  return {
    child,
    ready,
    exited,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Runs a server command (apps/server/src/cli/<name>.ts) as `npm run <name>` would. */
export function runCommand(name: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/cli/${name}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

/** A logged-in HTTP client of a running server, as the browser talks to it. */
export async function httpSession(origin: string, username = 'admin', password = 'Admin@123') {
  const key = ((await (await fetch(`${origin}/apc/publicKey`)).json()) as { publicKey: string }).publicKey;
  const res = await fetch(`${origin}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: sealWithForge(key, password) }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const cookie = /park_sid=[^;]+/.exec(res.headers.get('set-cookie') ?? '')![0];
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest' };
  return {
    get: (url: string) => fetch(`${origin}${url}`, { headers }),
    postJson: (url: string, body: unknown) =>
      fetch(`${origin}${url}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    postRaw: (url: string, body: Buffer, contentType: string) =>
      fetch(`${origin}${url}`, { method: 'POST', headers: { ...headers, 'content-type': contentType }, body }),
  };
}

/** The superuser URL of the embedded cluster a server runs in DATA_DIR (postmaster.pid and pg.password). */
export async function embeddedUrl(dataDir: string, database = 'park'): Promise<string> {
  const pid = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await fs.readFile(path.join(dataDir, 'pg.password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]}/${database}`;
}

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sealWithForge } from '../apps/server/test/sealWithForge.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Logs in as the seeded administrator: the session cookie and the headers a JSON call carries. */
export async function adminSession(base: string): Promise<{ cookie: string; headers: Record<string, string> }> {
  const { publicKey } = (await (await fetch(`${base}/apc/publicKey`)).json()) as { publicKey: string };
  const login = await fetch(`${base}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: sealWithForge(publicKey, 'Admin@123') }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' } };
}

export function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown cpu';
  return `${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** Spawns a node script and resolves when a line containing `ready` appears on stdout/stderr. */
export function spawnUntil(
  args: string[],
  env: Record<string, string>,
  ready: string,
  timeoutMs = 120_000,
): Promise<{ child: ChildProcess; ms: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timeout waiting for "${ready}":\n${out}`)), timeoutMs);
    const onData = (b: Buffer) => {
      out += b.toString();
      if (out.includes(ready)) {
        clearTimeout(timer);
        // Keep draining so a chatty child never blocks on a full pipe.
        child.stdout!.removeListener('data', onData);
        child.stderr!.removeListener('data', onData);
        child.stdout!.resume();
        child.stderr!.resume();
        resolve({ child, ms: performance.now() - t0 });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * CPU seconds used so far by a process (utime + stime, and for a parent that reaps its children,
 * such as the postmaster, what its exited children used) and, with `children`, by its live
 * children: on a machine shared with other engineers, CPU time per call is what a load average
 * cannot blur. Linux only (/proc); 0 elsewhere.
 */
export function cpuSeconds(pid: number, children = false): number {
  const TICK = 100; // USER_HZ on Linux
  const statOf = (p: number): number => {
    try {
      const text = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // fields 14–17 of stat (utime, stime, cutime, cstime), counted from `state` = field 3
      return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / TICK;
    } catch {
      return 0;
    }
  };
  let total = statOf(pid);
  if (children) {
    let kids: string[] = [];
    try {
      kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    } catch {
      /* no children file: the parent's own figure */
    }
    for (const k of kids) total += statOf(Number(k));
  }
  return total;
}

import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sealWithForge } from '../../test/sealWithForge.ts';
import { postmasterPid } from './staleCluster.ts';

/*
 * Issue 15 §3, supervised: the real server process on embedded PostgreSQL, killed with SIGKILL
 * (its PostgreSQL is left running), started again: it stops the orphan, starts, and the data is
 * there, within 30 s. A second live instance on the same DATA_DIR is refused in Chinese.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const PASSWORD = 'Admin@123';
let dataDir = '';

function startMain() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: 'none', LOG_LEVEL: 'warn', ADMIN_PASSWORD: PASSWORD },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(out)), 60_000);
    const on = (b: Buffer) => {
      out += b.toString();
      const m = /已启动 \(\d+ ms\): (http:\/\/[^/]+)/.exec(out);
      if (m && /管理员账号 admin .*\n/.test(out)) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
    void exited.then(() => reject(new Error(out)));
  });
  return { child, ready, exited, output: () => out };
}

async function session(base: string) {
  const { publicKey } = (await (await fetch(`${base}/apc/publicKey`)).json()) as { publicKey: string };
  const res = await fetch(`${base}/apc/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: sealWithForge(publicKey, PASSWORD) }),
  });
  expect(res.status).toBe(200);
  return { cookie: res.headers.get('set-cookie')!.split(';')[0]!, 'x-requested-with': 'XMLHttpRequest' };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('restart after a crash', () => {
  it('kill -9, start again: the orphaned PostgreSQL is stopped, the server starts within 30 s with its data; a second instance is refused', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-crash-'));
    const first = startMain();
    const base1 = await first.ready;
    const h1 = await session(base1);
    const added = await fetch(`${base1}/api/user/addRole`, {
      method: 'POST',
      headers: { ...h1, 'content-type': 'application/json' },
      body: JSON.stringify({ roleName: '崩溃前的角色' }),
    });
    expect(((await added.json()) as { errCode: number }).errCode).toBe(0);

    first.child.kill('SIGKILL');
    await first.exited;
    const orphan = await postmasterPid(path.join(dataDir, 'pg'));
    expect(orphan).not.toBeNull();
    expect(alive(orphan!)).toBe(true);

    const started = Date.now();
    const second = startMain();
    const base2 = await second.ready;
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(alive(orphan!)).toBe(false);
    const h2 = await session(base2);
    const roles = (await (await fetch(`${base2}/api/user/listRole?roleName=${encodeURIComponent('崩溃前的角色')}`, { headers: h2 })).json()) as {
      datas: Array<{ roleName: string }>;
    };
    expect(roles.datas.map((r) => r.roleName)).toEqual(['崩溃前的角色']);

    // The same data directory while the second server runs: refused, said in Chinese, exit 1.
    const third = startMain();
    third.ready.catch(() => undefined); // it never becomes ready
    expect(await third.exited).toBe(1);
    expect(third.output()).toMatch(/启动失败: 数据目录 .* 正被另一个运行中的服务器实例使用（进程 \d+）/);
    expect(third.output()).not.toContain('undefined');
    // …and the running one is untouched.
    expect((await fetch(`${base2}/api/user/getUser`, { headers: h2 })).status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 150_000);
});

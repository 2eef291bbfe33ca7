import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');
let dataDir = '';

function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: 'none', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(out)), 60_000);
    const on = (b: Buffer) => {
      out += b.toString();
      if (/管理员账号 admin .*\n/.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    child.stdout.on('data', on);
    child.stderr.on('data', on);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, ready, exited, output: () => out };
}

afterAll(async () => {
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('main', () => {
  it('first start generates and prints the admin password once; SIGTERM stops the embedded database', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'park-main-'));
    const first = startMain({ ADMIN_PASSWORD: '' });
    const out = await first.ready;
    expect(out).toMatch(/封闭园区低代码平台已启动 \(\d+ ms\): http:\/\/127\.0\.0\.1:\d+\/closed-park-web\//);
    expect(out).toMatch(/初始密码（仅显示这一次，请登录后修改）: \S{12,}/);
    await fs.access(path.join(dataDir, 'pg', 'postmaster.pid'));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    await expect(fs.access(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();

    const second = startMain({ ADMIN_PASSWORD: '' });
    const again = await second.ready;
    expect(again).toContain('管理员账号 admin 已存在');
    expect(again).not.toContain('仅显示这一次');
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);
});

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';

/*
 * Issue 15 §3: `kill -9` of the server leaves its embedded PostgreSQL running (the postmaster is
 * a child that outlives it), and the next start failed until someone stopped it by hand. Before
 * starting, the data directory's postmaster.pid tells who holds it: nobody (a stale file:
 * PostgreSQL itself clears it), an orphan of a crashed server (stopped here, safely: a fast
 * shutdown, which PostgreSQL recovers from like any restart), or a live server instance (refused).
 */

const STOP_WAIT_MS = 20_000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user (PostgreSQL runs as `postgres` under root).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function parentOf(pid: number): Promise<number | null> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    // The command may contain spaces and parentheses: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return null;
  }
}

async function commandOf(pid: number): Promise<string> {
  try {
    return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/** The live server process (node) above the postmaster, if any: walking up through su/sh wrappers. */
async function owningServer(postmaster: number): Promise<number | null> {
  let pid = await parentOf(postmaster);
  for (let hops = 0; pid !== null && pid > 1 && hops < 5; hops++) {
    if (/(^|\/)node(\s|$)|tsx/.test(await commandOf(pid))) return pid;
    pid = await parentOf(pid);
  }
  return null;
}

export async function postmasterPid(dir: string): Promise<number | null> {
  try {
    const first = (await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n')[0]?.trim() ?? '';
    const pid = Number(first);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * Makes the data directory free to start in: stops a PostgreSQL left by a crashed server, or
 * throws DataDirInUseError (with a Chinese message) when another live server instance holds it.
 */
export async function reclaimDataDir(dir: string, logger: Pick<Logger, 'warn' | 'info'>): Promise<void> {
  const pid = await postmasterPid(dir);
  if (pid === null || !alive(pid)) return;
  if (!/postgres|postmaster/.test(await commandOf(pid))) return; // a reused pid: the file is stale
  const owner = await owningServer(pid);
  if (owner !== null && owner !== process.pid) {
    throw new DataDirInUseError(`数据目录 ${dir} 正被另一个运行中的服务器实例使用（进程 ${owner}），请先停止该实例，或为本实例设置另一个 DATA_DIR`);
  }
  logger.warn({ pid, dir }, '发现上次异常退出后遗留的内置 PostgreSQL 进程，正在将其安全停止');
  process.kill(pid, 'SIGINT'); // fast shutdown: aborts sessions, checkpoints, removes postmaster.pid
  const until = Date.now() + STOP_WAIT_MS;
  while (alive(pid)) {
    if (Date.now() > until) throw new Error(`遗留的内置 PostgreSQL 进程 ${pid} 未能在 ${STOP_WAIT_MS / 1000} 秒内停止，请手动停止后重试`);
    await new Promise((r) => setTimeout(r, 100));
  }
  logger.info({ pid }, '遗留的内置 PostgreSQL 已停止');
}

/** A start failure as one Chinese line: the reason and its cause, never `undefined`. */
export function describeStartError(err: unknown): string {
  if (err instanceof Error) {
    const cause = err.cause === undefined ? '' : `（原因：${describeStartError(err.cause)}）`;
    return `${err.message || err.name}${cause}`;
  }
  if (err === undefined || err === null) return '未知错误（没有错误信息，请查看上方日志）';
  if (typeof err === 'string') return err;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}

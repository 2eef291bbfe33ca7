/**
 * A job thread's code as one plain JavaScript module, so the thread runs without tsx (ADR 0024).
 *
 * The server runs its TypeScript through tsx. A worker thread loading the same sources through
 * tsx's API gets a loader thread and a module graph of its own: the import/export thread, warmed
 * at boot, took a resting server from 236 MB to 336 MB, and a 100,000-row import then peaked at
 * 412–421 MB (issue 16 asks for less than 400). Bundled by esbuild (the compiler tsx itself uses),
 * with our sources and @park/core inlined and npm packages left as imports, the same thread costs
 * the server 62 MB. The file is written under apps/server/node_modules/.cache, so those imports
 * resolve from it as they do from the sources, and is named by its content, so servers of
 * different versions side by side never load each other's.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const CACHE_DIR = fileURLToPath(new URL('../../../node_modules/.cache/park-threads/', import.meta.url));

/** Workspace packages ship TypeScript sources: they are inlined, every other package is imported. */
const WORKSPACE = '@park/';

let queue: Promise<unknown> = Promise.resolve();
let pending = 0;

async function bundle(entryUrl: string): Promise<string> {
  const esbuild = await import('esbuild');
  const entry = fileURLToPath(entryUrl);
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces and logs of a failed job still name our functions and classes.
    keepNames: true,
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'packages-stay-imports',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith(WORKSPACE) ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = path.join(CACHE_DIR, `${path.basename(entry, path.extname(entry))}-${hash}.mjs`);
  try {
    // Marked as used, so a server of another version beside this one does not prune it.
    const now = new Date();
    await fs.utimes(file, now, now);
  } catch {
    await fs.mkdir(CACHE_DIR, { recursive: true });
    // Written aside and renamed, so a server starting beside this one never loads half a file.
    const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
    await fs.writeFile(partial, code);
    await fs.rename(partial, file);
    await pruneOlder(path.basename(file), `${path.basename(entry, path.extname(entry))}-`);
  }
  return pathToFileURL(file).href;
}

/** Bundles of other versions no server has used for a week: each edit of the sources makes one. */
async function pruneOlder(current: string, prefix: string): Promise<void> {
  const weekAgo = Date.now() - 7 * 24 * 3600 * 1000;
  for (const name of await fs.readdir(CACHE_DIR).catch(() => [] as string[])) {
    if (name === current || !name.startsWith(prefix)) continue;
    const file = path.join(CACHE_DIR, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && stat.mtimeMs < weekAgo) await fs.rm(file, { force: true });
  }
}

/**
 * The URL of `entryUrl` bundled, or null when it cannot be (the caller then loads the sources
 * through tsx). Made once per entry and process; bundles are made one at a time, and esbuild's
 * service process is stopped when none is waiting: a server bundles twice in its life.
 */
export function bundledThreadModule(entryUrl: string): Promise<string | null> {
  let made = MADE.get(entryUrl);
  if (!made) {
    made = bundleInTurn(entryUrl);
    MADE.set(entryUrl, made);
  }
  return made;
}

const MADE = new Map<string, Promise<string | null>>();

async function bundleInTurn(entryUrl: string): Promise<string | null> {
  pending++;
  const run = queue.then(() => bundle(entryUrl));
  queue = run.catch(() => undefined);
  try {
    return await run;
  } catch (err) {
    process.emitWarning(`job thread ${entryUrl} runs through tsx: bundling failed (${(err as Error).message})`);
    return null;
  } finally {
    if (--pending === 0) await (await import('esbuild')).stop();
  }
}

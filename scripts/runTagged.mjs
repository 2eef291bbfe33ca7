// Runs commands side by side, each line of their output prefixed with a tag, so CI's log says which
// one spoke. Used by `npm test` (typecheck, lint and the web build side by side) and by the e2e groups (e2e/support/runShards.ts).
import { spawn } from 'node:child_process';

const children = new Set();
// Ctrl-C or CI's stop reaches every command, so Playwright's teardown still stops its servers.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/** Runs one command; resolves with its exit code. */
export function runTagged(command, args, { tag, cwd, env } = {}) {
  const child = spawn(command, args, { cwd, env: env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let partial = '';
    stream.on('data', (chunk) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) out.write(`${tag ?? ''}${line}\n`);
    });
    stream.on('end', () => partial && out.write(`${tag ?? ''}${partial}\n`));
  }
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

/** `node scripts/runTagged.mjs typecheck lint`: those npm scripts at once; fails if any fails. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const names = process.argv.slice(2);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const codes = await Promise.all(names.map((n) => runTagged(npm, ['run', '--silent', n], { tag: `[${n}] ` })));
  names.forEach((n, i) => codes[i] !== 0 && console.error(`${n} failed (exit ${codes[i]})`));
  process.exit(codes.some((c) => c !== 0) ? 1 : 0);
}

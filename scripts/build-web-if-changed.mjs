// `npm start` runs this before the server: the web app is built only when something it is built
// from changed since the last build (a build takes several seconds on a small server).
// The fingerprint covers the web sources, the shared core they import, the build configuration
// and the lockfile; it is kept beside the build in apps/web/dist/.build-fingerprint.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const STAMP = path.join(DIST, '.build-fingerprint');
const INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/core/src',
  'packages/core/package.json',
  'package-lock.json',
];

function addTree(hash, rel) {
  const abs = path.join(ROOT, rel);
  let stat;
  try {
    stat = fs.statSync(abs);
  } catch {
    return;
  }
  if (stat.isDirectory()) {
    for (const name of fs.readdirSync(abs).sort()) addTree(hash, path.join(rel, name));
    return;
  }
  // Tests do not go into the bundle.
  if (/\.test\.tsx?$/.test(rel)) return;
  hash.update(`${rel}\0`);
  hash.update(fs.readFileSync(abs));
  hash.update('\0');
}

export function fingerprint() {
  const hash = crypto.createHash('sha256');
  for (const rel of INPUTS) addTree(hash, rel);
  return hash.digest('hex');
}

const current = fingerprint();
let previous = '';
try {
  if (fs.existsSync(path.join(DIST, 'index.html'))) previous = fs.readFileSync(STAMP, 'utf8').trim();
} catch {
  /* never built, or built before fingerprints: build */
}
if (previous === current && process.env.FORCE_WEB_BUILD !== '1') {
  console.log('前端未改动，跳过构建（apps/web/dist 已是最新；FORCE_WEB_BUILD=1 可强制构建）');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  fs.writeFileSync(STAMP, `${current}\n`);
}

// `npm start` runs this before the server: the web app and the mobile client (apps/mobile, issue 37)
// are built only when something they are built from changed since the last build (a build takes
// several seconds on a small server). The fingerprint covers both apps' sources, the shared core
// they import, the build configuration and the lockfile; it is kept beside the desktop's build in
// apps/web/dist/.build-fingerprint, and both must be built for it to count.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const MOBILE_DIST = path.join(ROOT, 'apps/mobile/dist');
const STAMP = path.join(DIST, '.build-fingerprint');
const INPUTS = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'apps/web/precompress.ts',
  'apps/mobile/src',
  'apps/mobile/index.html',
  'apps/mobile/vite.config.ts',
  'apps/mobile/package.json',
  'apps/mobile/tsconfig.json',
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
  if (fs.existsSync(path.join(DIST, 'index.html')) && fs.existsSync(path.join(MOBILE_DIST, 'index.html'))) previous = fs.readFileSync(STAMP, 'utf8').trim();
} catch {
  /* never built, or built before fingerprints: build */
}
if (previous === current && process.env.FORCE_WEB_BUILD !== '1') {
  console.log('前端未改动，跳过构建（apps/web/dist 与 apps/mobile/dist 已是最新；FORCE_WEB_BUILD=1 可强制构建）');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const workspace of ['apps/web', 'apps/mobile']) {
    const run = spawnSync(npm, ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
  fs.writeFileSync(STAMP, `${current}\n`);
}

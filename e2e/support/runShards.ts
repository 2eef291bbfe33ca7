/*
 * `npm test -w e2e`: the specs split into E2E_SHARDS groups (default 2), each run by its own
 * Playwright process with its own server and database (globalSetup starts one per process), all at
 * once. One process with one browser left a core of the CI box idle most of the time: a test mostly
 * waits on a page, a server reply or an animation. Files go to the group with the least expected time
 * so far, longest first, by the seconds each spec took in CI (`SPEC_SECONDS`); a spec not listed
 * counts as DEFAULT_SECONDS. Pass spec paths to run only those (then in one group).
 */
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { runTagged } from '../../scripts/runTagged.mjs';

const E2E = path.resolve(import.meta.dirname, '..');
const PLAYWRIGHT = createRequire(import.meta.url).resolve('@playwright/test/cli');

/** Seconds per spec file in a full CI run (retries excluded); refresh when a spec grows much. */
const SPEC_SECONDS: Record<string, number> = {
  'form-designer': 160,
  'mobile-form': 130,
  subsystems: 20,
  'tenant-manage': 85,
  'micro-apps': 45,
  'data-sync': 15,
  themes: 30,
  'data-controls': 15,
  'report-designer': 150,
  'preview': 120,
  'form-runtime': 115,
  'approval': 100,
  'company': 100,
  'video-wall': 95,
  'admin': 95,
  'form-list': 95,
  'first-admin': 90,
  'automation-designer': 80,
  'designer-props': 70,
  'park-console': 70,
  'form-permissions': 60,
  'designer-list-settings': 60,
  'shell': 55,
  'mobile-shell': 40,
  'list-v2': 50,
  'park-devices': 50,
  'automation': 45,
  'list-search': 40,
  'form-manage': 40,
  'backup': 35,
  'park-map': 35,
  'automation-canvas': 30,
  'automation-designer-refusals': 25,
  'login': 25,
  'report-datasources': 20,
  'dashboard': 25,
  'list-approval-status': 20,
  'tenant-forms': 85,
  'tenant-admin': 45,
  'tenant-scenario': 80,
  'transport-app': 120,
};
const DEFAULT_SECONDS = 60;

function split(files: string[], groups: number): string[][] {
  const weight = (f: string) => SPEC_SECONDS[path.basename(f, '.spec.ts')] ?? DEFAULT_SECONDS;
  const bins = Array.from({ length: groups }, () => ({ files: [] as string[], seconds: 0 }));
  for (const f of [...files].sort((a, b) => weight(b) - weight(a))) {
    const bin = bins.reduce((min, b) => (b.seconds < min.seconds ? b : min));
    bin.files.push(f);
    bin.seconds += weight(f);
  }
  return bins.filter((b) => b.files.length > 0).map((b) => b.files.sort());
}

function run(files: string[], index: number, total: number): Promise<number> {
  return runTagged(process.execPath, [PLAYWRIGHT, 'test', ...files], {
    tag: total > 1 ? `[${index + 1}/${total}] ` : '',
    cwd: E2E,
    // Each group writes its failures' screenshots and outputs apart (Playwright empties its outputDir).
    env: { ...process.env, E2E_OUTPUT_DIR: `./test-results/group-${index + 1}` },
  });
}

const asked = process.argv.slice(2);
const all = asked.length > 0 ? asked : fs.readdirSync(path.join(E2E, 'specs')).filter((f) => f.endsWith('.spec.ts')).map((f) => `specs/${f}`);
const groups = split(all, asked.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2)));
const started = Date.now();
groups.forEach((g, i) => console.log(`[${i + 1}/${groups.length}] ${g.map((f) => path.basename(f, '.spec.ts')).join(' ')}`));
const codes = await Promise.all(groups.map((g, i) => run(g, i, groups.length)));
console.log(`e2e: ${groups.length} group(s) in ${((Date.now() - started) / 60000).toFixed(1)} min, exit codes ${codes.join(' ')}`);
process.exit(codes.some((c) => c !== 0) ? 1 : 0);

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { bundledThreadModule } from './threadBundle.ts';

const IMPORT_EXPORT = new URL('./jobThread.ts', import.meta.url).href;
const REPORT_EXPORT = new URL('../report/export/exportThread.ts', import.meta.url).href;

/** Loads a module in a worker started with no loader hooks, as JobThread starts it; resolves with its exit code. */
function loadInPlainWorker(url: string): Promise<number> {
  const worker = new Worker(`import(${JSON.stringify(url)}).then(() => process.exit(0), (e) => { console.error(e); process.exit(3); });`, {
    eval: true,
    execArgv: [],
  });
  return new Promise((resolve, reject) => {
    worker.on('error', reject);
    worker.on('exit', resolve);
  });
}

describe('job threads bundled into plain JavaScript (ADR 0024)', () => {
  it('bundles each thread entry into a file named by its content, beside the server’s packages', async () => {
    const [a, b, again] = await Promise.all([bundledThreadModule(IMPORT_EXPORT), bundledThreadModule(REPORT_EXPORT), bundledThreadModule(IMPORT_EXPORT)]);
    expect(a).toMatch(/\/apps\/server\/node_modules\/\.cache\/park-threads\/jobThread-[0-9a-f]{16}\.mjs$/);
    expect(b).toMatch(/\/park-threads\/exportThread-[0-9a-f]{16}\.mjs$/);
    expect(again).toBe(a);
    const code = fs.readFileSync(fileURLToPath(a!), 'utf8');
    // Our sources and @park/core are inside; npm packages stay imports, resolved from node_modules.
    expect(code).toContain('// apps/server/src/modules/importExport/importJob.ts');
    expect(code).toContain('// packages/core/src/');
    expect(code).toMatch(/from "kysely"/);
    expect(code).not.toMatch(/from "@park\//);
  });

  it('loads in a worker that has no TypeScript loader', async () => {
    // The report export thread's bundle runs in the report export tests, through JobThread.
    const url = await bundledThreadModule(IMPORT_EXPORT);
    expect(await loadInPlainWorker(url!)).toBe(0);
  });

  it('answers null with a warning when an entry cannot be bundled, so the thread loads through tsx', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    try {
      expect(await bundledThreadModule(new URL('./noSuchThread.ts', import.meta.url).href)).toBeNull();
      expect(String(warn.mock.calls[0]?.[0])).toContain('runs through tsx');
    } finally {
      warn.mockRestore();
    }
  });
});

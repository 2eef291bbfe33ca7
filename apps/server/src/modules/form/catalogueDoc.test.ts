import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/testApp.ts';

/*
 * docs/api.md's catalogue status (issue 27) must tell the truth: every path it calls served is a
 * route of the server, and every entry has one of the three statuses.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Entry {
  name: string;
  path: string;
  status: string;
}

async function catalogueRows(): Promise<Entry[]> {
  const doc = await fs.readFile(new URL('../../../../../docs/api.md', import.meta.url), 'utf8');
  const start = doc.indexOf('### Catalogue status');
  // The table ends where the next section begins.
  const next = doc.slice(start + 1).search(/\n#{2,3} /);
  const section = next < 0 ? doc.slice(start) : doc.slice(start, start + 1 + next);
  return section
    .split('\n')
    .filter((line) => /^\| [A-Za-z]/.test(line) && !line.startsWith('| name '))
    .map((line) => {
      const [name, path, status] = line.split('|').slice(1, 4).map((c) => c.trim());
      return { name: name!, path: path!.replace(/`/g, ''), status: status! };
    });
}

/** The server paths a status names: the catalogue's own, or those it gives in backticks. */
function servedPaths(e: Entry): string[] {
  const named = [...e.status.matchAll(/`(\/(?:api|apc)\/[^`]+)`/g)].map((m) => m[1]!);
  if (e.status.startsWith('served as') || e.status.startsWith('served at')) return named;
  return [e.path, ...named];
}

const routed = (path: string) => {
  const url = path.replace(/\{([A-Za-z]+)\}/g, ':$1');
  return ['GET', 'POST'].some((method) => t.app.hasRoute({ method: method as 'GET', url }));
};

describe('docs/api.md catalogue status', () => {
  it('lists every catalogue entry with a status', async () => {
    const rows = await catalogueRows();
    expect(rows.length).toBe(249);
    for (const r of rows) expect(r.status, r.name).toMatch(/^(served|not built|not an API)/);
  });

  it('names only routes of the server as served', async () => {
    const rows = (await catalogueRows()).filter((r) => r.status.startsWith('served'));
    expect(rows.length).toBeGreaterThan(100);
    // The check can fail: a path we do not serve is not a route.
    expect(routed('/api/no/such/catalogue/path')).toBe(false);
    const missing = rows.flatMap((r) => servedPaths(r).filter((p) => !routed(p)).map((p) => `${r.name}: ${p}`));
    expect(missing).toEqual([]);
  });
});

/**
 * Fails when an import closes a circle (between files, or between folders: modules/<area>,
 * features/<screen>, db/, lib/ …) or runs from a lower layer up to a higher one, when a module's
 * code imports a route file, when a route file holds SQL, when a repo imports a service or a
 * feature imports another feature's page (issues 17 and 45; the layers are listed in rules.ts and
 * docs/architecture.md). A route file is known by what it does (it registers routes), not by its
 * name. Each message names the import and the rule, so the fix is a matter of moving the imported
 * thing down or the importing thing up.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph, ROOT, type ImportEdge } from './importGraph.ts';
import {
  featureOf,
  folderOf,
  layerOf,
  MAIN_THREAD_ONLY,
  bypassesFace,
  moduleOf,
  mayImportRoutes,
  PAGE_FILE,
  REGISTERS_ROUTES,
  REPO_FILE,
  STAND_IN,
  ROUTE_IMPORT_EXCEPTIONS,
  SERVER_LAYERS,
  SERVICE_FILE,
  SQL_IN_CODE,
  TEST_SUPPORT,
  THREAD_ENTRY,
  THREAD_FACE,
  WEB_LAYERS,
  type Layer,
} from './rules.ts';

const server = importGraph(['apps/server/src']);
const web = importGraph(['apps/web/src']);
const mobile = importGraph(['apps/mobile/src']);
const core = importGraph(['packages/core/src']);

const source = (f: string) => readFileSync(join(ROOT, f), 'utf8');
/** Server files that register routes, read once. */
const routeFiles = new Set(server.files.filter((f) => !STAND_IN.test(f) && REGISTERS_ROUTES.test(source(f))));
const isRouteFile = (f: string) => routeFiles.has(f);

/** Circles between folders (folderOf), each with the file imports that tie it. */
function folderCircleMessages(root: string, graph: { edges: ImportEdge[] }): string[] {
  const edges: ImportEdge[] = [];
  for (const e of graph.edges) {
    if (!e.to.startsWith(`${root}/`)) continue;
    const a = folderOf(root, e.from);
    const b = folderOf(root, e.to);
    if (a !== b) edges.push({ ...e, from: a, to: b });
  }
  const folders = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
  return circles(folders, edges).map((members) => {
    const inside = new Set(members);
    const ties = graph.edges
      .filter((e) => e.to.startsWith(`${root}/`) && folderOf(root, e.from) !== folderOf(root, e.to) && inside.has(folderOf(root, e.from)) && inside.has(folderOf(root, e.to)))
      .map((e) => `    ${e.from} → ${e.to}`);
    return `folders in a circle: ${members.join(', ')} (break one of these imports):\n${ties.join('\n')}`;
  });
}

function circleMessages(graph: { files: string[]; edges: ImportEdge[] }): string[] {
  return circles(graph.files, graph.edges).map((members) => {
    const inside = new Set(members);
    const ties = graph.edges.filter((e) => inside.has(e.from) && inside.has(e.to)).map((e) => `    ${e.from} → ${e.to}`);
    return `import circle of ${members.length} files (break one of these imports):\n${ties.join('\n')}`;
  });
}

function upwardMessages(graph: { edges: ImportEdge[] }, layers: Layer[]): string[] {
  const rank = (l: Layer) => layers.indexOf(l);
  const order = layers.map((l) => l.name).join(' → ');
  const out: string[] = [];
  for (const e of graph.edges) {
    if (TEST_SUPPORT.test(e.from)) continue;
    const from = layerOf(layers, e.from);
    const to = layerOf(layers, e.to);
    if (!from) out.push(`${e.from} is in no layer: give its folder one in scripts/layers/rules.ts`);
    if (!from || !to) continue;
    if (rank(to) > rank(from)) {
      out.push(
        `${e.from} → ${e.to}: layer '${from.name}' may not import the higher layer '${to.name}' (${to.holds}); ` +
          `layers low to high: ${order}`,
      );
    }
  }
  return [...new Set(out)];
}

describe('layers (issue 17)', () => {
  it('no import circle on the server', () => expect(circleMessages(server)).toEqual([]));
  it('no import circle in the web app', () => expect(circleMessages(web)).toEqual([]));
  it('no import circle in core', () => expect(circleMessages(core)).toEqual([]));

  it('server imports run down the layers', () => expect(upwardMessages(server, SERVER_LAYERS)).toEqual([]));
  it('web imports run down the layers', () => expect(upwardMessages(web, WEB_LAYERS)).toEqual([]));
  it('core imports nothing of the apps', () => {
    expect(core.edges.filter((e) => !e.to.startsWith('packages/core/')).map((e) => `${e.from} imports ${e.to}`)).toEqual([]);
  });

  it('server modules depend on each other without circles', () => {
    const edges: ImportEdge[] = [];
    for (const e of server.edges) {
      const a = moduleOf(e.from);
      const b = moduleOf(e.to);
      if (a && b && a !== b && !TEST_SUPPORT.test(e.from)) edges.push({ ...e, from: `modules/${a}`, to: `modules/${b}` });
    }
    const modules = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
    const messages = circles(modules, edges).map((members) => {
      const inside = new Set(members);
      const files = server.edges.filter((e) => {
        const a = moduleOf(e.from);
        const b = moduleOf(e.to);
        return a && b && a !== b && inside.has(`modules/${a}`) && inside.has(`modules/${b}`) && !TEST_SUPPORT.test(e.from);
      });
      return `modules in a circle: ${members.join(', ')}; the imports between them:\n${files.map((e) => `    ${e.from} → ${e.to}`).join('\n')}`;
    });
    expect(messages).toEqual([]);
  });

  it('no import circle between folders on the server (modules, db, plugins …)', () => expect(folderCircleMessages('apps/server/src', server)).toEqual([]));
  it('no import circle between folders in the web app (features, lib, controls …)', () => expect(folderCircleMessages('apps/web/src', web)).toEqual([]));
  it('no import circle between folders in the mobile client (app, features, form, lib …)', () => expect(folderCircleMessages('apps/mobile/src', mobile)).toEqual([]));

  it('a route file is a file that registers routes: the *routes.ts files and no others', () => {
    const named = (f: string) => /(^|\/|\.)routes\.ts$/.test(f);
    // plugins/web.ts serves the built app's pages; a route index (report/routes.ts) registers none itself.
    const unnamed = [...routeFiles].filter((f) => !named(f) && !/^apps\/server\/src\/plugins\//.test(f));
    expect(unnamed.map((f) => `${f} registers routes: name it *.routes.ts (or routes.ts), and keep its SQL in a repo`)).toEqual([]);
  });

  it('only a route index or app.ts imports a route file; a route file imports none (routes → service → repo)', () => {
    const wrong = server.edges
      .filter((e) => isRouteFile(e.to) && !mayImportRoutes(e.from, e.to, isRouteFile) && !TEST_SUPPORT.test(e.from))
      .filter((e) => !ROUTE_IMPORT_EXCEPTIONS.has(`${e.from} → ${e.to}`))
      .map((e) => `${e.from} imports the route file ${e.to}: move what it needs into a service or a plain module`);
    expect(wrong).toEqual([]);
  });

  it('no SQL in route files (it goes in the module’s repo or service)', () => {
    const withSql = [...routeFiles].flatMap((f) => {
      const lines = source(f).split('\n');
      return lines.flatMap((line, i) => (SQL_IN_CODE.test(line) ? [`${f}:${i + 1}: ${line.trim().slice(0, 100)}`] : []));
    });
    expect(withSql).toEqual([]);
  });

  it('routes → service → repo: a repo imports no service, and no service or repo imports a route file', () => {
    const wrong = server.edges
      .filter((e) => !TEST_SUPPORT.test(e.from))
      .filter((e) => (REPO_FILE.test(e.from) && SERVICE_FILE.test(e.to)) || ((REPO_FILE.test(e.from) || SERVICE_FILE.test(e.from)) && isRouteFile(e.to)))
      .map((e) => `${e.from} → ${e.to}: imports run routes → service → repo, never back`);
    expect(wrong).toEqual([]);
  });

  it('another module, app.ts, bootstrap.ts, the jobs, seeds and cli reach a module only through its face (modules/<m>/index.ts, worker.ts)', () => {
    const wrong = server.edges
      .filter((e) => !TEST_SUPPORT.test(e.from))
      .filter((e) => bypassesFace(e.from, e.to))
      .map((e) => {
        const m = moduleOf(e.to)!;
        return `${e.from} → ${e.to}: another module’s private file; import it from apps/server/src/modules/${m}/index.ts (worker.ts on a job thread), and export it there if others need it`;
      });
    expect(wrong).toEqual([]);
  });

  it('the face rule holds for any folder under modules/, new ones included', () => {
    const m = 'apps/server/src/modules';
    expect(bypassesFace(`${m}/tenant/service.ts`, `${m}/admin/users/service.ts`)).toBe(true);
    expect(bypassesFace(`${m}/newWing/routes.ts`, `${m}/form/recordStore.ts`)).toBe(true);
    expect(bypassesFace('apps/server/src/app.ts', `${m}/tenant/routes.ts`)).toBe(true);
    expect(bypassesFace('apps/server/src/seeds/seed.ts', `${m}/subsystem/repo.ts`)).toBe(true);
    expect(bypassesFace(`${m}/micro/routes.ts`, `${m}/auth/index.ts`)).toBe(false);
    expect(bypassesFace(`${m}/micro/thread.ts`, `${m}/file/worker.ts`)).toBe(false);
    expect(bypassesFace(`${m}/tenant/routes.ts`, `${m}/tenant/repo.ts`)).toBe(false);
    expect(bypassesFace('apps/server/src/app.ts', 'apps/server/src/plugins/audit.ts')).toBe(false);
  });

  it('a module with a thread face re-exports it from its main face (index.ts: export * from ./worker.ts)', () => {
    const wrong = server.files
      .filter((f) => THREAD_FACE.test(f))
      .filter((f) => {
        const index = f.replace(/worker\.ts$/, 'index.ts');
        return !server.files.includes(index) || !/^export \* from '\.\/worker\.ts';$/m.test(source(index));
      })
      .map((f) => `${f}: its module’s index.ts must exist and say export * from './worker.ts', so the main face gives everything`);
    expect(wrong).toEqual([]);
  });

  it('what a job thread loads pulls in no module’s main-thread face (modules/<m>/index.ts): it imports modules/<m>/worker.ts', () => {
    const loads = new Map<string, string[]>();
    for (const e of server.edges) if (!e.typeOnly) loads.set(e.from, [...(loads.get(e.from) ?? []), e.to]);
    const wrong: string[] = [];
    for (const entry of server.files.filter((f) => THREAD_ENTRY.test(source(f)))) {
      const seen = new Set([entry]);
      const todo = [entry];
      while (todo.length > 0) {
        const f = todo.pop()!;
        for (const to of loads.get(f) ?? []) {
          if (MAIN_THREAD_ONLY.test(to)) wrong.push(`${f} → ${to}: ${entry} loads it on its thread; import from that module’s thread face (worker.ts)`);
          else if (!seen.has(to)) {
            seen.add(to);
            todo.push(to);
          }
        }
      }
    }
    expect([...new Set(wrong)]).toEqual([]);
  });

  it('no feature imports another feature’s page (pages are reached through app/pageRegistry.ts)', () => {
    const wrong = web.edges
      .filter((e) => PAGE_FILE.test(e.to) && featureOf(e.from) !== null && featureOf(e.from) !== featureOf(e.to))
      .map((e) => `${e.from} imports the page ${e.to}: move what it shares into lib/ or the feature's own module`);
    expect(wrong).toEqual([]);
  });
});

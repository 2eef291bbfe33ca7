/**
 * The layers of the house (docs/architecture.md, "Layers"). A file may import from its own layer
 * or a lower one; never upwards, and never in a circle. The first pattern that matches a path
 * gives its layer; a path no pattern matches is reported, so a new top-level folder gets a layer
 * on purpose.
 */
export interface Layer {
  name: string;
  /** Repository-relative path patterns. */
  paths: RegExp[];
  /** Shown with a violation: what belongs here. */
  holds: string;
}

export const SERVER_LAYERS: Layer[] = [
  { name: 'core', paths: [/^packages\/core\/src\//], holds: 'isomorphic logic (@park/core)' },
  {
    name: 'db',
    // Seed steps put modules together (start); the dictionaries and regions seeds are plain data modules read.
    paths: [/^apps\/server\/src\/(config|logger)\.ts$/, /^apps\/server\/src\/db\/(?!seed\.ts$|seeds\/)/, /^apps\/server\/src\/db\/seeds\/(dictionaries|regions)\.ts$/],
    holds: 'configuration, logging, connection, schema, migrations, batching helpers, seed data',
  },
  { name: 'context', paths: [/^apps\/server\/src\/context\.ts$/], holds: 'the AppContext every module receives (modules add their parts with `declare module`)' },
  { name: 'plugins', paths: [/^apps\/server\/src\/plugins\//], holds: 'Fastify plugins: errors, auth guard, audit, paging, scope' },
  { name: 'modules', paths: [/^apps\/server\/src\/modules\//], holds: 'modules/<area>: routes → service → repo' },
  { name: 'jobs', paths: [/^apps\/server\/src\/jobs\//], holds: 'pg-boss set-up that starts the modules’ jobs' },
  { name: 'app', paths: [/^apps\/server\/src\/app\.ts$/], holds: 'buildApp: registers every module’s routes' },
  {
    name: 'start',
    paths: [/^apps\/server\/src\/(main|bootstrap)\.ts$/, /^apps\/server\/src\/cli\//, /^apps\/server\/src\/db\/seeds?(\.ts$|\/)/],
    holds: 'start-up, seeds and command-line tools: they put modules together',
  },
];

export const WEB_LAYERS: Layer[] = [
  { name: 'core', paths: [/^packages\/core\/src\//], holds: 'isomorphic logic (@park/core)' },
  { name: 'lib', paths: [/^apps\/web\/src\/lib\//], holds: 'HTTP client, formatting, paging, shared page parts with no feature in them' },
  { name: 'controls', paths: [/^apps\/web\/src\/controls\//], holds: 'one folder per control family (its types, widgets, property panels and test cases) and the CONTROL_UI registry' },
  { name: 'form', paths: [/^apps\/web\/src\/form\//], holds: 'the form renderer, dialogs and sub-table panels' },
  { name: 'features', paths: [/^apps\/web\/src\/features\//], holds: 'one folder per screen' },
  { name: 'shell', paths: [/^apps\/web\/src\/shell\//], holds: 'the frame around pages: top bar, menus' },
  { name: 'app', paths: [/^apps\/web\/src\/app\//], holds: 'router, page registry, layouts, providers' },
  { name: 'start', paths: [/^apps\/web\/src\/main\.tsx$/], holds: 'the entry point' },
];

/** Files that boot a whole app for tests: they may reach every layer. */
export const TEST_SUPPORT = /\/(testSupport|testHelpers|testPark)\.ts$/;

/** Route files: HTTP only. SQL belongs in a repo (or a service), never here. */
export const ROUTE_FILE = /(^|\/|\.)routes\.ts$/;
export const SQL_IN_CODE = /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?\x60|\bsql\.(raw|ref|id|table|join|lit)\(/;
/** Who may import a route file: app.ts, and the route index (index.ts or routes.ts) of the same module. */
export function mayImportRoutes(from: string, to: string): boolean {
  if (from === 'apps/server/src/app.ts') return true;
  return /\/(index|routes)\.ts$/.test(from) && moduleOf(from) !== null && moduleOf(from) === moduleOf(to);
}

/** Known imports of a route file by another file, tolerated while their module is reworked (none today). */
export const ROUTE_IMPORT_EXCEPTIONS = new Set<string>([]);

export function layerOf(layers: Layer[], path: string): Layer | undefined {
  return layers.find((l) => l.paths.some((p) => p.test(path)));
}

/** modules/<area> of a server file, for the rule that modules depend on each other without circles. */
export function moduleOf(path: string): string | null {
  return /^apps\/server\/src\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;
}

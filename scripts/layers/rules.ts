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
    paths: [/^apps\/server\/src\/(config|logger)\.ts$/, /^apps\/server\/src\/db\//],
    holds: 'configuration, logging, connection, schema, migrations, batching helpers, reference data (db/reference: dictionaries, regions)',
  },
  { name: 'context', paths: [/^apps\/server\/src\/context\.ts$/], holds: 'the AppContext every module receives (modules add their parts with `declare module`)' },
  { name: 'plugins', paths: [/^apps\/server\/src\/plugins\//], holds: 'Fastify plugins: errors, auth guard, audit, paging, scope' },
  { name: 'modules', paths: [/^apps\/server\/src\/modules\//], holds: 'modules/<area>: routes → service → repo' },
  { name: 'jobs', paths: [/^apps\/server\/src\/jobs\//], holds: 'pg-boss set-up that starts the modules’ jobs' },
  { name: 'apps', paths: [/^apps\/server\/src\/apps\//], holds: 'applications built on the platform (issue 41): their package source and what the platform could not express' },
  { name: 'app', paths: [/^apps\/server\/src\/app\.ts$/], holds: 'buildApp: registers every module’s routes' },
  {
    name: 'start',
    paths: [/^apps\/server\/src\/(main|bootstrap)\.ts$/, /^apps\/server\/src\/cli\//, /^apps\/server\/src\/seeds\//, /^apps\/server\/src\/apps\//],
    holds: 'start-up, seeds, command-line tools and the applications shipped as packages (apps/<name>: their source and demo): they put modules together',
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

/**
 * Route files: HTTP only. A route file is a file that registers routes (its role, whatever its
 * name): `app.get(…)`, `scope.post(…)`, `app.route(…)`. SQL belongs in a repo (or a service), never here.
 */
export const REGISTERS_ROUTES = /\b(app|scope|instance|fastify)\.(get|post|put|patch|delete|head|options|all|route)\(/;
/** Stand-ins for outside systems (the video gateway's simulator): their routes are not our API. */
export const STAND_IN = /\/simulator\//;
export const SQL_IN_CODE = /\.(selectFrom|insertInto|updateTable|deleteFrom|selectNoFrom|replaceInto|mergeInto)\(|\bsql(<[^>]*>)?\x60|\bsql\.(raw|ref|id|table|join|lit)\(/;

/**
 * Who may import a route file: app.ts, and its own module's route index — an `index.ts` or
 * `routes.ts` that registers no route itself and only gathers the module's route files. So a route
 * file never imports another route file.
 */
export function mayImportRoutes(from: string, to: string, isRouteFile: (path: string) => boolean): boolean {
  if (from === 'apps/server/src/app.ts') return true;
  return /\/(index|routes)\.ts$/.test(from) && !isRouteFile(from) && moduleOf(from) !== null && moduleOf(from) === moduleOf(to);
}

/** Known imports of a route file by another file, tolerated while their module is reworked (none today). */
export const ROUTE_IMPORT_EXCEPTIONS = new Set<string>([]);

/** routes → service → repo: a repo reads and writes tables and imports no service; neither imports a route file. */
export const REPO_FILE = /(^|\/|\.)repo\.ts$|\/repo\/[^/]+\.ts$/;
export const SERVICE_FILE = /(^|\/|\.)service\.ts$/;

/**
 * The folder an import graph is read at for the folder-level circle check: modules/<area> and
 * features/<screen> are one unit each, any other top folder (db/, plugins/, lib/, controls/…) is
 * one, and a file at the top is its own.
 */
export function folderOf(root: string, path: string): string {
  const parts = path.slice(root.length + 1).split('/');
  if ((parts[0] === 'modules' || parts[0] === 'features') && parts.length > 2) return `${root}/${parts[0]}/${parts[1]}`;
  return parts.length > 1 ? `${root}/${parts[0]}` : path;
}

/** A web screen's page component: another feature may not import it (pages are reached through app/pageRegistry.ts). */
export const PAGE_FILE = /^apps\/web\/src\/features\/[^/]+\/(.+\/)?[A-Z][A-Za-z0-9]*Page\.tsx$/;

/** features/<screen> of a web file. */
export function featureOf(path: string): string | null {
  return /^apps\/web\/src\/features\/([^/]+)\//.exec(path)?.[1] ?? null;
}

/**
 * Every module's public face (issue 45, ADR 0033/0038): a file outside modules/<m>/ (another
 * module, app.ts, bootstrap.ts, the jobs, seeds and cli) imports the module only through
 * `modules/<m>/index.ts` (routes, services, types) or, for what a job thread may load,
 * `modules/<m>/worker.ts` (index.ts re-exports it). This holds for every folder under modules/,
 * new ones included: a module others import needs an index.ts, and whatever they need is exported
 * there. Inside the module and in tests, files import each other freely.
 */
export const MODULE_FACE = /^apps\/server\/src\/modules\/[^/]+\/(index|worker)\.ts$/;
/** An import that reaches into another module past its face (tests and TEST_SUPPORT files are not asked). */
export function bypassesFace(from: string, to: string): boolean {
  const target = moduleOf(to);
  return target !== null && moduleOf(from) !== target && !MODULE_FACE.test(to);
}

/** A module's thread face, when it has one. */
export const THREAD_FACE = /^apps\/server\/src\/modules\/[^/]+\/worker\.ts$/;

/** A job thread's entry (it talks to its parent): what it loads must not pull in main-thread services. */
export const THREAD_ENTRY = /\bparentPort\b/;
/**
 * What a job thread may not load: any module's main-thread face (routes, batched prepared
 * statements, caches fed by NOTIFY); a thread reaches another module through its worker.ts.
 */
export const MAIN_THREAD_ONLY = /^apps\/server\/src\/modules\/[^/]+\/index\.ts$/;

export function layerOf(layers: Layer[], path: string): Layer | undefined {
  return layers.find((l) => l.paths.some((p) => p.test(path)));
}

/** modules/<area> of a server file, for the rule that modules depend on each other without circles. */
export function moduleOf(path: string): string | null {
  return /^apps\/server\/src\/modules\/([^/]+)\//.exec(path)?.[1] ?? null;
}

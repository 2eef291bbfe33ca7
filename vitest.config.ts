import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // This vitest defaults to one worker less than the cores: one worker on the 2-core CI box, where
    // the server files (each on its own database) spend much of their time waiting on PostgreSQL or
    // on a server process they started. Two keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        // Import circles, imports up a layer, SQL in route files (issue 17): reads the sources only.
        test: {
          name: 'layers',
          include: ['scripts/layers/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'core',
          include: ['packages/core/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The browser's pure parts (control widgets' values and texts); no DOM.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // The mobile client's pure parts (drafts, photo sizing, typed numbers); no DOM.
        test: {
          name: 'mobile',
          include: ['apps/mobile/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Every control widget's Editor and Display rendered in a DOM (issue 7): value in, value out, display text.
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts'],
          // antd's pickers and dialogs animate; a slow shared machine needs room.
          testTimeout: 20_000,
          // antd takes seconds to import in jsdom; the files share one module graph per worker.
          // Each test renders afresh and setup.ts resets the DOM and the network stub.
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database, so files can run in parallel on one cluster.
          pool: 'forks',
          // A worker's files share one module graph: each file importing the whole server afresh
          // cost 180 s of the project's 367 s (2026-11-28). No server test mocks a module or
          // changes the environment, and module state is keyed by database, one per file.
          isolate: false,
        },
      },
    ],
  },
});

import { defineConfig } from '@playwright/test';

/* Browsers are never downloaded: Debian's Chromium (or CHROMIUM_PATH) is driven directly. */
export default defineConfig({
  testDir: './specs',
  globalSetup: './support/globalSetup.ts',
  globalTeardown: './support/globalTeardown.ts',
  fullyParallel: false,
  workers: 1,
  // One retry: on this 2-core CI box a test occasionally times out under load (reported as "flaky",
  // never hidden); a test that fails twice fails the run.
  retries: 1,
  // Two groups of specs share the 2-core box (support/runShards.ts), so each step may wait for a core.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // runShards.ts gives each group of specs its own (Playwright empties it at the start).
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    locale: 'zh-CN',
    // The app then turns antd's and the charts' animations off (apps/web/src/lib/motion.ts).
    reducedMotion: 'reduce',
    viewport: { width: 1366, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
});

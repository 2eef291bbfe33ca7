import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// The desktop's build step: .br/.gz copies beside each asset, which the server sends (issue 42).
import { precompress } from '../web/precompress.ts';
import { inlineBoot } from './inlineBoot.ts';
import { preactAliases } from './preactAliases.ts';

const apiTarget = 'http://127.0.0.1:8080';
const base = '/closed-park-web/m';

/**
 * The mobile client (issue 37, DESIGN.md §13): its own entry, served by the same server under
 * /closed-park-web/m/. It never imports antd or ECharts; a phone on a slow network downloads
 * React, the router, antd-mobile and our pages only.
 */
export default defineConfig({
  base: `${base}/`,
  plugins: [react(), inlineBoot(base), precompress()],
  // Preact's compat layer instead of react-dom (ADR 0067): react-dom alone was ~55 KB of the first
  // screen's 185 KB gzip, ≈ 0.3 s on Fast 3G plus its parsing at 4× CPU, for a client that draws a
  // workbench and lists. The code is still written against React's types and API; only the mobile
  // build (and its dev server) swaps the runtime — the desktop keeps React. The e2e specs under
  // mobile emulation (mobile-*, qr-mobile, micro-apps) are what proves antd-mobile, react-router
  // and react-query run on it.
  resolve: { alias: preactAliases },
  server: {
    port: 5174,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/apc': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every asset of the release, for the service worker's precache (public/sw.js).
    manifest: 'asset-manifest.json',
    rolldownOptions: {
      output: {
        // Everything the first screen runs is one file (ADR 0062): over HTTP/1.1 a browser opens six
        // connections to a host, and on Fast 3G each of the 14 files the splitting used to give the
        // first load paid its own half-second round trip in the queue. Only the modules the entry
        // itself imports are taken (not their lazy pages' antd-mobile components, which the
        // recursive default would pull in through the library's index); a page's own come with it.
        codeSplitting: {
          groups: [
            { name: 'first', tags: ['$initial'], priority: 30, includeDependenciesRecursively: false },
            // The list page's few components (lib/listUi.ts) and what they need, ahead of the rest of the
            // library: a form list opened from a link loads these, not the whole of mobile-ui.
            {
              name: 'list-ui',
              test: /node_modules[\\/]antd-mobile[\\/]es[\\/]components[\\/](capsule-tabs|infinite-scroll|nav-bar|search-bar)[\\/]/,
              priority: 25,
            },
            // The rest of antd-mobile and its form library, one file for every later page: a form
            // list opened from a link otherwise fetched ~20 component files (4 rounds of the queue).
            { name: 'mobile-ui', test: /node_modules[\\/](antd-mobile|rc-field-form|async-validator|@floating-ui|ahooks|rc-util)[\\/]/, priority: 20 },
          ],
        },
      },
    },
  },
});

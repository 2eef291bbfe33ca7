import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// The desktop's build step: .br/.gz copies beside each asset, which the server sends (issue 42).
import { precompress } from '../web/precompress.ts';

const apiTarget = 'http://127.0.0.1:8080';

/**
 * The mobile client (issue 37, DESIGN.md §13): its own entry, served by the same server under
 * /closed-park-web/m/. It never imports antd or ECharts; a phone on a slow network downloads
 * React, the router, antd-mobile and our pages only.
 */
export default defineConfig({
  base: '/closed-park-web/m/',
  plugins: [react(), precompress()],
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
        // antd-mobile is left to the bundler's own splitting: the workbench then loads only the
        // components it draws, and a page's own (Picker, Popup …) come with that page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});

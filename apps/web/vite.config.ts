import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.ts';

const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/closed-park-web/',
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/apc': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd alone is larger than the default warning threshold; it is split into its own chunk.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Vendor code changes far less often than ours, so it gets long-lived chunks of its own.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              // antd's parts most pages share, in one long-lived chunk; a part few pages use (Tree,
              // Transfer, ColorPicker…) loads with them, not with the first screen (issue 42).
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|@emotion)[\\/]/,
              minShareCount: 20,
              priority: 20,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack|dayjs)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});

import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The API server in development; the SPA talks to it same-origin through these proxies.
const apiServer = { target: 'http://localhost:8080', ws: true };

export default defineConfig({
  // a brotli and a gzip copy beside each text file, which the server sends by Accept-Encoding
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: /\.vite\// })],
  server: { proxy: { '/api': apiServer, '/wss': apiServer } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // which chunks each page loads, read by the size budget check (scripts/web-budget.mjs)
    manifest: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // React and its router change least often: one chunk that stays cached across deploys;
        // zod with the setting that keeps it from probing for eval (src/zod-csp.ts) in one chunk,
        // which runs before any chunk that builds a schema: the server's CSP reports the probe;
        // everything else (antd per component, pages, the chart) is split by what imports it
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-csp\.ts$/ },
          ],
        },
      },
    },
  },
});

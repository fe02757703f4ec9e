import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server in development; the SPA talks to it same-origin through these proxies.
const apiServer = { target: 'http://localhost:8080', ws: true };

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': apiServer, '/wss': apiServer } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // React, antd and i18next make an ~880 kB (280 kB gzipped) shell every page needs; pages are split off.
    chunkSizeWarningLimit: 1000,
    rollupOptions: {
      output: {
        // zod with the setting that keeps it from probing for eval (src/zod-csp.ts) in one chunk,
        // which runs before any chunk that builds a schema: the server's CSP reports the probe
        manualChunks: (id) => (/[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]zod-csp\.ts$/.test(id) ? 'zod' : undefined),
      },
    },
  },
});

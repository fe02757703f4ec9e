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
  },
});

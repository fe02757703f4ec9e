import path from 'node:path';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import type { CallSpec } from '../../packages/protocol/src/api';

/**
 * The web app reads only a call's method, path and flags, never its schemas (the server
 * validates) nor its summary, so its build gets the call table as plain data derived from the
 * protocol's: the schemas, and with them zod, stay out of the trader's first load.
 */
function callTableWithoutSchemas(): Plugin {
  const table = path.resolve(import.meta.dirname, '../../packages/protocol/src/api.ts');
  return {
    name: 'call-table-without-schemas',
    enforce: 'pre',
    async load(id) {
      if (id !== table) return;
      const { module } = await runnerImport<typeof import('../../packages/protocol/src/api')>(table);
      const routes = Object.entries<CallSpec>(module.calls).map(([name, { method, path, auth, money, encoding, answer }]) => [name, { method, path, auth, money, encoding, answer }]);
      return `export const calls = ${JSON.stringify(Object.fromEntries(routes))};`;
    },
  };
}

/** zod as src/zod.ts sets it up (no eval), wherever it is imported; the module itself gets the real one. */
function zodWithoutEval(): Plugin {
  const setup = path.resolve(import.meta.dirname, 'src/zod.ts');
  return {
    name: 'zod-without-eval',
    enforce: 'pre',
    resolveId: (source, importer) => (source === 'zod' && importer !== setup ? setup : undefined),
  };
}

// The API server in development; the SPA talks to it same-origin through these proxies.
const apiServer = { target: 'http://localhost:8080', ws: true };

export default defineConfig({
  // a brotli and a gzip copy beside each text file, which the server sends by Accept-Encoding
  plugins: [callTableWithoutSchemas(), zodWithoutEval(), react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: /\.vite\// })],
  server: { proxy: { '/api': apiServer, '/wss': apiServer } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // which chunks each page loads, read by the size budget check (scripts/web-budget.mjs)
    manifest: true,
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // antd's helper packages declare no sideEffects, so a module imported for one export (the
      // form context every input reads) would bring its whole package; they have none
      treeshake: { moduleSideEffects: (id) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id) },
      output: {
        // React and its router change least often: one chunk that stays cached across deploys;
        // everything else (antd per component, pages, the chart) is split by what imports it
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});

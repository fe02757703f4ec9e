import { defineConfig } from 'vitest/config';

// every project seeds fast-check the same way: SEED=<n> replays, else a random seed printed on failure
const setupFiles = ['packages/core/src/testing/fc-seed.ts'];

const serverSuite = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    setupFiles,
    env,
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});

// The server suite runs on SQLite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      // property suites are CPU-bound: the timeout only has to catch a hang, on a busy 2-core machine too;
      // the import boundaries of eslint.config.js are proven here too
      { test: { name: 'core', include: ['packages/*/src/**/*.test.ts', 'eslint.config.test.ts'], setupFiles, testTimeout: 60_000 } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], environment: 'node', setupFiles } },
      serverSuite('server-sqlite', { TEST_DB: 'sqlite' }),
      ...(pgUrl ? [serverSuite('server-pg', { TEST_DB: 'pg' })] : []),
    ],
  },
});

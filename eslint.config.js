import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

/** What the pure packages may not reach: the runtime, databases, HTTP, sockets and the UI. */
const noIo = (pkg) => `${pkg} is pure: no I/O, no runtime, database, HTTP, socket or UI library`;
const IO_LIBRARIES = '^(kysely|better-sqlite3|pg|fastify|@fastify/.+|socket\\.io|socket\\.io-client|@socket\\.io/.+|ioredis|ws|react|react-dom)(/.*)?$';

/**
 * packages/core and packages/protocol: no I/O, and other code only by its package name. ESLint
 * matches the import as written, so how many `../` leave the package depends on how deep the file
 * lies: one block per depth below the package folder (a file deeper than the last is held to the
 * last, stricter than it needs).
 */
const PURE_DEPTH_MAX = 4;
const pure = ['packages/core', 'packages/protocol'].flatMap((pkg) =>
  Array.from({ length: PURE_DEPTH_MAX + 1 }, (_, depth) => ({
    files: [`${pkg}/${'*/'.repeat(depth)}${depth === PURE_DEPTH_MAX ? '**/' : ''}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: noIo(pkg) })),
          patterns: [
            { regex: '^node:', message: noIo(pkg) },
            { regex: IO_LIBRARIES, message: noIo(pkg) },
            {
              regex: `^(\\.\\./){${depth}}\\.\\.(/|$)`,
              message: `${pkg} never leaves its package by a relative path: import another package by its name (@tidemark/core)`,
            },
          ],
        },
      ],
    },
  })),
);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  ...pure,
  {
    // one direction: drivers (routes registered by the app, engine, realtime) call modules, never the reverse
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(engine|realtime)(/|$)',
              message: 'modules never import the engine or realtime: take a port from @tidemark/core (e.g. MarketView) instead',
            },
          ],
        },
      ],
    },
  },
  {
    // the plumbing under the features is handed what it needs of them (app.ts, server.ts), never imports them
    files: ['apps/server/src/{db,http,writer}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(modules|engine|realtime)(/|$)',
              message: 'db/, http/ and writer/ never import modules/, engine/ or realtime/: take what a feature gives as an option, passed in by app.ts or server.ts',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)realtime(/|$)',
              message: 'engine/ never imports realtime/: it is handed what it pushes through (server.ts, app.ts)',
            },
            {
              regex: '(^|/)routes(/|$)',
              message: 'engine/ never imports a routes file: what engine and routes share lives in the module\'s service or in engine/',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@tidemark/server|(\\.\\./)+(apps/)?server)(/|$)',
              message: 'the web app never imports the server: what both need lives in @tidemark/protocol or @tidemark/core',
            },
          ],
        },
      ],
    },
  },
);

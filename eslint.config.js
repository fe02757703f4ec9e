import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

/** What pure domain code may not reach: the runtime, databases, HTTP, sockets and the UI. */
const notInCore = 'packages/core is pure: no I/O, no runtime, database, HTTP, socket or UI library';

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
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({ name, message: notInCore })),
          patterns: [
            { regex: '^node:', message: notInCore },
            {
              regex: '^(kysely|better-sqlite3|pg|fastify|@fastify/.+|socket\\.io|socket\\.io-client|@socket\\.io/.+|ioredis|ws|react|react-dom)(/.*)?$',
              message: notInCore,
            },
          ],
        },
      ],
    },
  },
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);

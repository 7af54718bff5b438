// One lint configuration for the whole package (app, server, tests).
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.ssr-build/**',
      '*.tmp.mjs',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      'no-console': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Two ways to write (decision 049): changes go through the outbox, which the sync engine
    // pushes (sync/push-transport.ts), or, when the server must answer now, through
    // runCommand (api/command.ts). Nothing else in the app sends a write.
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: ['src/app/api/api-client.ts', 'src/app/api/command.ts', 'src/app/sync/push-transport.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='apiRequest']:not([arguments.0.value='GET'])",
          message:
            "apiRequest is for reads ('GET'). A write goes through the outbox (mutate, submitChange) or runCommand (api/command.ts).",
        },
        {
          selector:
            "CallExpression[callee.name='fetch']:has(ObjectExpression > Property[key.name='method']:not([value.value='GET']))",
          message: 'A write goes through the outbox (mutate, submitChange) or runCommand (api/command.ts), not fetch.',
        },
      ],
    },
  },
  {
    // The domain is pure: no framework, storage, network or globals for time and ids.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['react*', 'dexie*', 'fastify*', '@fastify/*', 'pg', '@electric-sql/*', '../app/*', '../server/*'],
        },
      ],
      'no-restricted-globals': ['error', 'fetch', 'window', 'document', 'localStorage', 'indexedDB'],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass now in.' },
        { object: 'Math', property: 'random', message: 'Pass ids in.' },
      ],
    },
  },
  {
    // The server imports only the domain, never the app.
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/app/**', 'react*', 'dexie*'] }] },
  },
);

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

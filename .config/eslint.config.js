// One lint configuration for the whole package (app, server, tests).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '..');
const featuresDir = path.join(root, 'src/app/features');
// One zone per feature: it may import from its own folder, never from another feature's
// (docs/decisions/050-features-stand-alone.md). What several features use lives outside features/.
const featureZones = readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: path.join(featuresDir, name),
    from: featuresDir,
    except: [`./${name}`],
    message: 'A feature does not import another feature: move what both use out of src/app/features.',
  }));
// What features share never reaches back into a feature. Only the composition roots do: the
// route table (routes.tsx), the entry (main.tsx) and the prerenderer (prerender/), which name
// the pages.
const sharedZones = readdirSync(path.join(root, 'src/app'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'features' && entry.name !== 'prerender')
  .map(({ name }) => ({
    target: path.join(root, 'src/app', name),
    from: featuresDir,
    message: 'A shared module does not import a feature: move what it needs out of src/app/features.',
  }));

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
    // Features stand alone, and no module of src/ imports itself back through others.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      // Packages are neither parsed nor followed: a cycle runs through the project's own modules.
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...featureZones, ...sharedZones] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The server imports only the domain, never the app.
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/app/**', 'react*', 'dexie*'] }] },
  },
);

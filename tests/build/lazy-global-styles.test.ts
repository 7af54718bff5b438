/**
 * The browser build makes Chakra's global styles when they are first read, not in
 * createSystem (decision 033): checked on Chakra's installed file, and on a real build of it.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { SYSTEM_MODULE, lazyGlobalStyles, withLazyGlobalStyles } from '../../src/build/lazy-global-styles';
import { builtEntry, loaded } from './built-entry';

const root = path.resolve(import.meta.dirname, '../..');
const chakraEntry = createRequire(path.join(root, 'package.json')).resolve('@chakra-ui/react');
const systemFile = path.join(path.dirname(chakraEntry), '..', 'esm', 'styled-system', 'system.js');

const theme = {
  globalCss: { body: { margin: '0' } },
  theme: {
    tokens: { colors: { plate: { value: '#0b6e4f' } } },
    semanticTokens: { colors: { brand: { value: '{colors.plate}' } } },
  },
};

/** Bundles createSystem as the app's build does, and loads the bundle. */
async function builtCreateSystem(): Promise<typeof createSystem> {
  const code = await builtEntry("export { createSystem } from '@chakra-ui/react';", [lazyGlobalStyles()], {
    minify: false,
  });
  return (await loaded<{ createSystem: typeof createSystem }>(code)).createSystem;
}

describe('lazy global styles', () => {
  it('matches the createSystem of the installed Chakra', async () => {
    expect(SYSTEM_MODULE.test(systemFile)).toBe(true);
    const changed = withLazyGlobalStyles(await readFile(systemFile, 'utf8'));
    expect(changed).toContain('get _global()');
    expect(changed).not.toContain('const _global = [');
  });

  it('stops the build, naming itself, when Chakra’s source is not the one it was written for', () => {
    expect(() => withLazyGlobalStyles('function createSystem() { return { _global: [] }; }')).toThrow(
      /lazy-global-styles\.ts.*033/s,
    );
  });

  it('leaves the global styles to be made when read, and makes the same ones', async () => {
    const lazyCreateSystem = await builtCreateSystem();
    const lazy = lazyCreateSystem(defaultBaseConfig, theme);
    const descriptor = Object.getOwnPropertyDescriptor(lazy, '_global');
    expect(typeof descriptor?.get).toBe('function');
    const eager = createSystem(defaultBaseConfig, theme);
    expect(JSON.stringify(lazy._global)).toBe(JSON.stringify(eager._global));
    expect(JSON.stringify(lazy._global)).toContain('--chakra-colors-plate');
    // Made once: a second read is the same array.
    expect(lazy._global).toBe(lazy._global);
  }, 60_000);
});

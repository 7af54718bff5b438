/** The design system keeps light values only: Nambala has no dark mode. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { tokens as chakraTokens } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { appSystem, lightOnly } from '../../../src/app/theme/system';

/** Every .ts and .tsx file of the app, but the design system itself. */
async function appSources(): Promise<Array<{ file: string; text: string }>> {
  const root = path.resolve(import.meta.dirname, '../../../src/app');
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return Promise.all(
    files
      .filter((file) => !file.endsWith(path.join('theme', 'system.ts')))
      .map(async (file) => ({ file: path.relative(root, file), text: await readFile(file, 'utf8') })),
  );
}

/** Chakra's colour palettes: its colour tokens that come in shades (gray.500, whiteAlpha.500, …). */
const CHAKRA_PALETTES = Object.entries(chakraTokens.colors ?? {})
  .filter(([, shades]) => shades !== null && typeof shades === 'object' && '500' in shades)
  .map(([palette]) => palette);

describe('lightOnly', () => {
  it('keeps a semantic token’s light value and drops its dark one', () => {
    expect(lightOnly({ bg: { DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.black}' } } } })).toEqual({
      bg: { DEFAULT: { value: '{colors.white}' } },
    });
    expect(lightOnly({ fg: { value: { base: '{colors.gray.900}', _dark: '{colors.gray.50}' } } })).toEqual({
      fg: { value: '{colors.gray.900}' },
    });
  });

  it('keeps other conditions and plain values as they are', () => {
    const tokens = {
      shadow: { value: { _light: 'a', _dark: 'b', _print: 'c' } },
      radius: { value: '4px' },
      nested: { deep: { value: { _light: 'x' } } },
    };
    expect(lightOnly(tokens)).toEqual({
      shadow: { value: { _light: 'a', _print: 'c' } },
      radius: { value: '4px' },
      nested: { deep: { value: { _light: 'x' } } },
    });
  });
});

describe('the built system', () => {
  it('defines no dark-mode variables, and the light values are the ones in force', () => {
    const conditions = [...appSystem().tokens.cssVarMap.keys()];
    expect(conditions.some((condition) => condition.includes('dark'))).toBe(false);
    expect(JSON.stringify(appSystem()._global)).not.toMatch(/\.dark/);
    expect(appSystem().tokens.getByName('colors.bg')?.value).toBe('var(--chakra-colors-white)');
    expect(appSystem().tokens.getByName('colors.fg.error')?.value).toBe('var(--chakra-colors-red-700)');
    expect(appSystem().tokens.getByName('colors.brand.solid')?.value).toBe('var(--chakra-colors-brand-600)');
  });
});

describe('colour palettes', () => {
  it('every palette the app names (a colorPalette, a status colour, a token like purple.600) is in the system', async () => {
    expect(CHAKRA_PALETTES).toEqual(expect.arrayContaining(['gray', 'teal', 'purple', 'cyan', 'pink']));
    const missing = CHAKRA_PALETTES.filter(
      (palette) => appSystem().tokens.getByName(`colors.${palette}.500`) === undefined,
    );
    const named = (await appSources()).flatMap(({ file, text }) =>
      missing
        .filter((palette) => new RegExp(`['"\`]${palette}['"\`.]`).test(text))
        .map((palette) => `${palette} in ${file}`),
    );
    expect(named).toEqual([]);
  });
});

/** The design system keeps light values only: Nambala has no dark mode. */
import { describe, expect, it } from 'vitest';
import { appSystem, lightOnly } from '../../../src/app/theme/system';

describe('lightOnly', () => {
  it('keeps a semantic token’s light value and drops its dark one', () => {
    expect(lightOnly({ bg: { DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.black}' } } } })).toEqual({ bg: { DEFAULT: { value: '{colors.white}' } } });
    expect(lightOnly({ fg: { value: { base: '{colors.gray.900}', _dark: '{colors.gray.50}' } } })).toEqual({ fg: { value: '{colors.gray.900}' } });
  });

  it('keeps other conditions and plain values as they are', () => {
    const tokens = { shadow: { value: { _light: 'a', _dark: 'b', _print: 'c' } }, radius: { value: '4px' }, nested: { deep: { value: { _light: 'x' } } } };
    expect(lightOnly(tokens)).toEqual({ shadow: { value: { _light: 'a', _print: 'c' } }, radius: { value: '4px' }, nested: { deep: { value: { _light: 'x' } } } });
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

/**
 * The style sheet of what is styled at build time (decision 039): each specimen of
 * STATIC_STYLE_GROUPS rendered as Chakra renders it, with the app's design system, and its
 * rules written under the class the browser's code uses (`nb-<group>-<name>`). The rules are
 * Chakra's own for that element, so the element looks as it did when Chakra styled it.
 */
import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { STATIC_STYLE_GROUPS } from './static-style-groups';
import { staticClass, type StaticStyles } from '../theme/static-styles';
import { appSystem } from '../theme/system';

/** The order of Chakra's cascade layers, as its global styles declare it: first, so that a sheet read before them cannot reorder the layers. */
const LAYER_ORDER = '@layer reset,base,tokens,recipes;';

/** The rules of one specimen, under `className`. */
function rulesOf(specimen: ReactElement, className: string): string {
  const cache = createCache({ key: 'css' });
  // With `compat`, Emotion keeps each style's rules in `inserted` and writes no <style> into the markup.
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={appSystem()}>{specimen}</ChakraProvider>
    </CacheProvider>,
  );
  const tag =
    (/<[a-z][a-z0-9]*\b[^>]*\sdata-specimen=""[^>]*>/.exec(html) ?? /^<[a-z][a-z0-9]*\b[^>]*>/.exec(html))?.[0] ?? '';
  const classAttribute = /\sclass="([^"]*)"/.exec(tag)?.[1] ?? '';
  const names = classAttribute.split(/\s+/).filter((name) => name.startsWith('css-'));
  if (names.length > 1)
    throw new Error(`The specimen of ${className} has more than one style class: ${names.join(' ')}`);
  const [name] = names;
  // An element Chakra gives no style needs no class: a plain element is drawn the same.
  if (name === undefined) throw new Error(`The specimen of ${className} has no style: draw a plain element instead`);
  const rules = cache.inserted[name.slice('css-'.length)];
  if (typeof rules !== 'string') throw new Error(`No rules were made for ${className} (${name})`);
  return rules.replaceAll(`.${name}`, `.${className}`);
}

/** The rules of every group, in the order written: `@layer` order first. */
export function staticStyleRules(groups: Record<string, StaticStyles> = STATIC_STYLE_GROUPS): string {
  let rules = LAYER_ORDER;
  for (const [group, styles] of Object.entries(groups)) {
    for (const [name, specimen] of Object.entries(styles)) rules += rulesOf(specimen, staticClass(group, name));
  }
  return rules;
}

/** The style element every page's head carries (the prerendered pages and the shell). */
export function staticStyleSheet(): string {
  return `<style data-static-styles="">${staticStyleRules().replaceAll('</', '<\\/')}</style>`;
}

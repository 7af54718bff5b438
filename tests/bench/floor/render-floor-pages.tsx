/**
 * Renders the two floor pages to HTML in Node, as the app's prerenderer renders a public
 * page (src/app/prerender/entry-server.tsx): the markup, and for the Chakra page its styles
 * apart from it, as the style elements Emotion's browser cache adopts where they are.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { ChakraFloorPage } from './chakra-floor-page';
import { PLAIN_FLOOR_CSS, PlainFloorPage } from './plain-floor-page';

export interface RenderedFloorPage {
  html: string;
  /** Style elements for the document's head. */
  head: string;
}

export function renderPlainFloorPage(): RenderedFloorPage {
  return {
    html: renderToString(
      <StrictMode>
        <PlainFloorPage />
      </StrictMode>,
    ),
    head: `<style>${PLAIN_FLOOR_CSS}</style>`,
  };
}

export function renderChakraFloorPage(): RenderedFloorPage {
  const cache = createCache({ key: 'css' });
  // With `compat`, Emotion keeps each style's rules in `inserted` and writes no <style> into the markup.
  cache.compat = true;
  const recorded: Array<{ name: string; isGlobal: boolean }> = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (!(serialized.name in cache.inserted)) recorded.push({ name: serialized.name, isGlobal: selector === '' });
    return insert(selector, serialized, sheet, shouldCache);
  };
  const html = renderToString(
    <CacheProvider value={cache}>
      <StrictMode>
        <ChakraFloorPage />
      </StrictMode>
    </CacheProvider>,
  );
  const rulesOf = (name: string) => {
    const rules = cache.inserted[name];
    return typeof rules === 'string' ? rules.replaceAll('</', '<\\/') : '';
  };
  // `data-s`: already in place, so Emotion's cache does not move them on start (as in the app).
  const globals = recorded
    .filter((entry) => entry.isGlobal)
    .map((entry) => `<style data-emotion="css-global ${entry.name}" data-s="">${rulesOf(entry.name)}</style>`);
  const classes = recorded.filter((entry) => !entry.isGlobal);
  const classSheet = `<style data-emotion="css ${classes.map((entry) => entry.name).join(' ')}" data-s="">${classes.map((entry) => rulesOf(entry.name)).join('')}</style>`;
  return { html, head: globals.join('') + classSheet };
}

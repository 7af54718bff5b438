/**
 * Renders a public page to HTML at build time (see prerender.ts). Uses the same
 * route table and providers as the browser, in react-router's static router.
 *
 * The page's styles come back apart from its markup, as a few style elements in the head:
 * one for every class the page uses (`data-emotion-prerendered="css id id …"`, which the
 * app's style cache reads as written without moving it, decision 089) and one per global
 * sheet (`data-emotion="css-global id"`). Left to itself, Emotion writes a style element
 * before each styled element, which the browser parses inline and the app then moves into
 * the head one by one.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { type ReactNode, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes, loadPagesForPath } from '../routes';

export { routePatterns } from '../routes';
import { AppProviders } from '../app';
import { VerdictTemplates } from '../features/verification/verdict-templates';
import { ListingDialogTemplates, withListingMarkers } from '../features/marketplace/listing-dialog-templates';
import { type PageListings, renderingWithListings } from '../sync/page-listings';
import { PRERENDERED_CLASSES } from '#domain/marketplace/served-page';

/**
 * Markup a page carries outside the app's root, rendered with the page's providers and
 * styles: /verification's verdict templates, which the entry script fills when an answer
 * comes before the app has started (decision 034), and /marketplace's plate dialog, drawn
 * at a tap before the dialog's code has arrived (decision 076). `finish` puts in the markers
 * that a rendering cannot (a price is formatted from a number).
 */
const OUTSIDE_THE_ROOT: Record<string, { render: () => ReactNode; finish?: (html: string) => string }> = {
  '/verification': { render: () => <VerdictTemplates /> },
  '/marketplace': { render: () => <ListingDialogTemplates />, finish: withListingMarkers },
};

export interface RenderedPage {
  html: string;
  /** Style elements for the document's head. */
  head: string;
  /** Markup after the app's root (templates), or ''. */
  afterRoot: string;
  /** The page's own markup draws no style at run time: its first view is styled at build time (decision 039). */
  isStyledAtBuild: boolean;
}

interface Recorded {
  name: string;
  global: boolean;
}

/** A server cache that keeps each style's rules instead of writing them into the markup, in insertion order. */
function recordingCache(): { cache: EmotionCache; recorded: Recorded[] } {
  const cache = createCache({ key: 'css' });
  // With `compat`, Emotion stores each style's rules in `inserted` and renders no <style> elements.
  cache.compat = true;
  const recorded: Recorded[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (!(serialized.name in cache.inserted)) recorded.push({ name: serialized.name, global: selector === '' });
    return insert(selector, serialized, sheet, shouldCache);
  };
  return { cache, recorded };
}

function styleElement(attribute: string, names: string, rules: string): string {
  // Rules come from our own theme and components; `</` cannot close the element early in CSS we write,
  // but guard anyway so that no string can end the style element.
  // `data-s` marks them as already in place: without it, Emotion's cache moves each
  // to the end of the head on start, and the browser parses its rules a second time.
  return `<style ${attribute}="${names}" data-s="">${rules.replaceAll('</', '<\\/')}</style>`;
}

/**
 * Renders a page. At build time, as it is for everyone; when the server serves it
 * (decision 073), with the address's query (`search`, with its '?') and the listings it read,
 * which the page draws as the browser will hydrate it with them.
 */
export async function renderPage(
  pathname: string,
  served: { search?: string; listings?: PageListings } = {},
): Promise<RenderedPage> {
  await loadPagesForPath(pathname);
  const { listings } = served;
  return listings
    ? renderingWithListings(listings, () => renderLoaded(pathname, served.search ?? ''))
    : renderLoaded(pathname, '');
}

function renderLoaded(pathname: string, search: string): RenderedPage {
  const { cache, recorded } = recordingCache();
  const render = (children: ReactNode) =>
    renderToString(
      <CacheProvider value={cache}>
        <StrictMode>
          <AppProviders>
            <StaticRouter location={`${pathname}${search}`}>{children}</StaticRouter>
          </AppProviders>
        </StrictMode>
      </CacheProvider>,
    );
  const html = render(<AppRoutes />);
  const isStyledAtBuild = !recorded.some((entry) => !entry.global);
  // Rendered into the same cache: their classes join the page's one sheet.
  const outside = OUTSIDE_THE_ROOT[pathname];
  const afterRoot = outside ? (outside.finish ?? String)(render(outside.render())) : '';
  const rulesOf = (name: string): string => {
    const rules = cache.inserted[name];
    return typeof rules === 'string' ? rules : '';
  };
  const globals = recorded
    .filter((entry) => entry.global)
    .map((entry) => styleElement('data-emotion', `css-global ${entry.name}`, rulesOf(entry.name)));
  const classes = recorded.filter((entry) => !entry.global);
  const classSheet =
    classes.length > 0
      ? // Under a name of its own: Emotion would move a sheet it adopts, restyling the page (decision 089).
        styleElement(
          PRERENDERED_CLASSES,
          `css ${classes.map((entry) => entry.name).join(' ')}`,
          classes.map((entry) => rulesOf(entry.name)).join(''),
        )
      : '';
  return { html, head: globals.join('') + classSheet, afterRoot, isStyledAtBuild };
}

export { staticStyleSheet } from './static-style-sheet';

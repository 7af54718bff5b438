/**
 * /marketplace served with its plates (docs/decisions/073-the-marketplace-served-with-its-plates.md).
 * The prerendered page (dist/marketplace.html) is the template; when it is served, its
 * root is rendered again by the app's own page renderer with the public listings read
 * from the database at that moment (exactly GET /api/listings's answer) and the address's
 * query, and the listings are written after the root as JSON for the app to hydrate from
 * and its store to take in. The listings and their renderings are kept while the table's
 * state (listingRepository.stateAt: count, versions, last update, running reservations and
 * holds) stays the same, so a listing sold, withdrawn or whose reservation ran out a moment
 * ago is served as it is now, and an unchanged marketplace is neither read nor rendered twice.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PAGE_LISTINGS_ID, PRERENDERED_CLASSES, ROOT_END } from '#domain/marketplace/served-page';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';
import { type ListingAt, listingRepository } from '../repositories/listing-repository';

/** What the app's page renderer (src/app/prerender/entry-server.tsx, built to .ssr-build/) offers the server. */
export interface PageRenderer {
  renderPage(
    pathname: string,
    served: { search?: string; listings?: { listings: ListingAt[] } },
  ): Promise<{ html: string; head: string; afterRoot: string }>;
}

/** Addresses with a longer query are served the prerendered page as it is. */
const MAX_SEARCH = 512;
/** Renderings kept for one state of the listings: one per query asked for, the first ones. */
const MAX_RENDERINGS = 32;

/** JSON safe inside a `<script>` element: nothing in it can close the element or open a comment. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The styles a rendering writes into the head (entry-server.tsx): its global sheets and its class sheet. */
const EMOTION_STYLES = new RegExp(
  `<style (?:data-emotion|${PRERENDERED_CLASSES})="[^"]*" data-s="">[\\s\\S]*?</style>`,
  'g',
);

/** The template with its root, its run-time styles and the listings' JSON from this rendering. */
export function fillTemplate(
  template: string,
  rendered: { html: string; head: string; afterRoot: string },
  listingsJson: string,
): string | null {
  const rootStart = template.indexOf('<div id="root"');
  const openEnd = rootStart < 0 ? -1 : template.indexOf('>', rootStart);
  const rootEnd = template.indexOf(ROOT_END);
  if (openEnd < 0 || rootEnd < openEnd) return null;
  const headEnd = template.indexOf('</head>');
  if (headEnd < 0 || headEnd > rootStart) return null;
  const head = template.slice(0, headEnd).replace(EMOTION_STYLES, '');
  return (
    `${head}${rendered.head}${template.slice(headEnd, openEnd + 1)}${rendered.html}</div>${rendered.afterRoot}` +
    `<script type="application/json" id="${PAGE_LISTINGS_ID}">${listingsJson}</script>${template.slice(rootEnd)}`
  );
}

/** The built app's page renderer beside the app's folder (dist/ → .ssr-build/), or null when there is none. */
export function builtPageRenderer(appDir: string): (() => Promise<PageRenderer>) | null {
  const file = path.join(path.dirname(path.resolve(appDir)), '.ssr-build', 'entry-server.js');
  if (!existsSync(file)) return null;
  let loaded: Promise<PageRenderer> | undefined;
  return () => (loaded ??= import(pathToFileURL(file).href) as Promise<PageRenderer>);
}

export interface MarketplacePageOptions {
  db: Queryable;
  now: () => Date;
  appDir: string;
  renderer: (() => Promise<PageRenderer>) | null;
  log: FastifyBaseLogger;
}

/**
 * The served /marketplace for an address's query (with its '?', or ''), or null where the
 * prerendered file serves as it is (no template or renderer, a query too long, a failed rendering).
 */
export function marketplacePage({
  db,
  now,
  appDir,
  renderer,
  log,
}: MarketplacePageOptions): ((search: string) => Promise<string | null>) | null {
  const templateFile = path.join(appDir, 'marketplace.html');
  if (!renderer || !existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, 'utf8');
  if (!template.includes(ROOT_END)) return null;
  // Loaded ahead, so that the first buyer does not wait for the renderer's modules.
  void renderer().catch((error: unknown) => log.warn({ err: error }, 'the page renderer could not be loaded'));
  const listings = listingRepository(db);
  /** The listings' answer as last read, for the state of the table it was read in. */
  let read: { state: string; answer: { listings: ListingAt[] }; json: string } | null = null;
  const renderings = new Map<string, Promise<string | null>>();
  return async (search) => {
    if (search.length > MAX_SEARCH) return null;
    const at = now();
    // Read again only when the table's state says an answer would differ; a write landing between
    // the two reads makes the next request's state differ, so nothing older than `state` is served.
    const state = await listings.stateAt(at);
    if (read?.state !== state) {
      const answer = { listings: await listings.all(at) };
      read = { state, answer, json: jsonForScript(answer) };
      renderings.clear();
    }
    const { answer, json } = read;
    const kept = renderings.get(search);
    if (kept) return kept;
    const rendering = renderer()
      .then((page) => page.renderPage('/marketplace', { search, listings: answer }))
      .then((rendered) => fillTemplate(template, rendered, json))
      .catch((error: unknown) => {
        log.warn({ err: error }, 'the marketplace could not be rendered with its listings; served as built');
        return null;
      });
    if (renderings.size < MAX_RENDERINGS) renderings.set(search, rendering);
    return rendering;
  };
}

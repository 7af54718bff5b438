/**
 * The marketplace's listings as the server wrote them into the page it served
 * (docs/decisions/073-the-marketplace-served-with-its-plates.md): the same public
 * answer as GET /api/listings, in a JSON data element after the app's root. The page
 * draws them until the device's store is as fresh, and the first sync takes them into
 * the store instead of asking the server again (pull.ts).
 *
 * Kept small and free of the store: the marketplace's first load reads it.
 */
import { PAGE_LISTINGS_ID } from '#domain/marketplace/served-page';
import type { PlateListing } from '#domain/marketplace/listing';

export type PageListing = PlateListing & { reservedUntil: string | null };

export interface PageListings {
  listings: PageListing[];
}

/** While the server renders the page: the listings it renders it with (rendering is synchronous). */
let rendering: PageListings | null = null;
/** In the browser: read from the page once, or null when it carries none. */
let fromPage: PageListings | null | undefined;
/** Whether the store has taken (or declined) the page's listings in this page load. */
let taken = false;

function isPageListings(value: unknown): value is PageListings {
  return typeof value === 'object' && value !== null && Array.isArray((value as { listings?: unknown }).listings);
}

/** Renders with `listings` as the page's own (the server's page renderer; synchronous work only). */
export function renderingWithListings<T>(listings: PageListings, render: () => T): T {
  rendering = listings;
  try {
    return render();
  } finally {
    rendering = null;
  }
}

/** The listings that came with this page, or null (a page from the service worker's cache carries none). */
export function pageListings(): PageListings | null {
  if (typeof document === 'undefined') return rendering;
  if (fromPage !== undefined) return fromPage;
  fromPage = null;
  const element = document.getElementById(PAGE_LISTINGS_ID);
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (isPageListings(parsed)) fromPage = parsed;
    } catch {
      // Not readable: the store's copy and the first sync serve instead.
    }
  }
  return fromPage;
}

/**
 * When this page load began, by the device's clock: listings the store pulled before then are
 * older than the page's, which the server read while serving it.
 */
export function pageLoadStartedAt(): number {
  return typeof performance === 'undefined' ? 0 : performance.timeOrigin;
}

/** Whether the store's copy (pulled at `pulledAt`, device time; null: never) is older than the page's listings. */
export function isStoreOlderThanPage(pulledAt: number | null): boolean {
  return pulledAt === null || pulledAt < pageLoadStartedAt();
}

/** The page's listings, once per page load, for the first sync to take into the store instead of fetching. */
export function takePageListings(): PageListings | null {
  if (taken) return null;
  taken = true;
  return pageListings();
}

/** For tests: forget what was read from the page. */
export function forgetPageListings(): void {
  fromPage = undefined;
  taken = false;
}

/**
 * Scroll positions across navigations: a new page opens at its top (or at the
 * element its #hash names); back and forward return to where the reader was, also
 * after a reload of the tab (kept in sessionStorage, per history entry).
 *
 * A page opened by address, bookmark or a link from elsewhere is a new history entry
 * that react-router would key "default", the same key as every other such entry of the
 * tab: it gets a key of its own (`keyTheEntry`), and starts at its top whatever the tab
 * read before (docs/decisions/067-where-a-page-opens-and-what-counts-as-trouble.md).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type NavigationType, useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'nambala.scroll-positions';
const MAX_ENTRIES = 100;

/** How the document itself was reached, as the Navigation Timing entry names it. */
export type DocumentArrival = 'navigate' | 'reload' | 'back_forward' | 'prerender';

/** Where a page is scrolled when it is shown. */
export type ScrollAction = { kind: 'restore'; y: number } | { kind: 'hash' } | { kind: 'top' } | { kind: 'stay' };

/**
 * The one rule: where to scroll a page that is being shown.
 * `isDocumentLoad` is true for the first page a document shows; `arrival` says how that
 * document was reached. Only a return (Back, Forward, a reload) restores a saved position.
 */
export function scrollOnArrival({
  navigationType,
  isDocumentLoad,
  arrival,
  saved,
  hasHashTarget,
}: {
  navigationType: `${NavigationType}`;
  isDocumentLoad: boolean;
  arrival: DocumentArrival;
  saved: number | undefined;
  hasHashTarget: boolean;
}): ScrollAction {
  const isReturn = navigationType === 'POP' && (!isDocumentLoad || arrival === 'reload' || arrival === 'back_forward');
  if (isReturn && saved !== undefined) return { kind: 'restore', y: saved };
  if (hasHashTarget) return { kind: 'hash' };
  if (navigationType !== 'POP' || isDocumentLoad) return { kind: 'top' };
  return { kind: 'stay' };
}

/** The part of window.history this needs (a test passes its own). */
interface EntryState {
  readonly state: unknown;
  replaceState(data: unknown, unused: string): void;
}

/**
 * Gives the current history entry a key of its own if it has none (a page opened by
 * address), before the router reads it, so that its scroll position is kept apart from
 * every other entry's. Answers with the entry's key.
 */
export function keyTheEntry(history: EntryState, newKey: () => string): string {
  const state = history.state;
  const record = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  if (typeof record.key === 'string' && record.key !== 'default') return record.key;
  const key = newKey();
  history.replaceState({ ...record, key }, '');
  return key;
}

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

let positions: Map<string, number> | undefined;

function remember(key: string, y: number): void {
  positions ??= readPositions();
  positions.delete(key);
  positions.set(key, y);
  // The oldest entries go first: the map keeps insertion order.
  for (const old of positions.keys()) {
    if (positions.size <= MAX_ENTRIES) break;
    positions.delete(old);
  }
}

/** How long a return waits for its page to grow tall enough for the place it was left at. */
const RESTORE_PATIENCE_MS = 3000;
/** What the reader does to scroll the page themselves: a restore still waiting gives way to it. */
const READER_SCROLLS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls back to `y`, frame after frame until the page is tall enough to get there. A page
 * returned to is often shorter at first than when it was left (its screen's code or its data
 * still on the way, the more so on a first visit, before the app is installed), and one scroll
 * would stop short at its end. Gives up once the reader scrolls, after RESTORE_PATIENCE_MS, or
 * when the answer is called (the next navigation).
 */
function restoreTo(y: number): () => void {
  const until = performance.now() + RESTORE_PATIENCE_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const event of READER_SCROLLS) window.removeEventListener(event, stop);
  };
  const attempt = () => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1 || performance.now() > until) stop();
    else frame = requestAnimationFrame(attempt);
  };
  for (const event of READER_SCROLLS) window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}

function documentArrival(): DocumentArrival {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type ?? 'navigate';
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const isDocumentLoad = useRef(true);
  const shownKey = useRef(location.key);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    // Where the reader is, as they scroll: read when a page is left, the position would already
    // be the next page's (a shorter page, or its loading state, clamps it).
    const track = () => remember(shownKey.current, window.scrollY);
    const save = () => {
      // The page being left is remembered too: Back from the next document returns to it.
      track();
      if (positions) sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
    };
    window.addEventListener('scroll', track, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    positions ??= readPositions();
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    const action = scrollOnArrival({
      navigationType,
      isDocumentLoad: isDocumentLoad.current,
      arrival: documentArrival(),
      saved: positions.get(location.key),
      hasHashTarget: target !== null,
    });
    isDocumentLoad.current = false;
    shownKey.current = location.key;
    if (action.kind === 'restore') return restoreTo(action.y);
    if (action.kind === 'hash') target?.scrollIntoView();
    else if (action.kind === 'top') window.scrollTo(0, 0);
    return undefined;
  }, [location.key, location.hash, navigationType]);

  return null;
}

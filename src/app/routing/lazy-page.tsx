/**
 * Pages as their own chunks, loaded on first visit. A page whose module is already
 * loaded renders at once, so a prerendered page hydrates with its component in place
 * and the prerenderer renders it to HTML (both load the matching pages first, see
 * `loadPagesFor`); so does the browser's router before it shows a new location
 * (app-router.tsx), keeping the current page on screen meanwhile, marked busy. A
 * page rendered before its code has loaded suspends.
 */
import { type ComponentType, createElement, use, useEffect, useLayoutEffect, useState } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { markAppReady, replayEarlyInput } from './early-input';

// A page component takes at most a few plain props (a dashboard section its id).
type PageComponent = ComponentType<Record<string, string>>;

export interface LazyPageModule {
  load: () => Promise<PageComponent>;
  Component?: PageComponent;
  loading?: Promise<PageComponent>;
}

// Pages whose load failed: the failure stands (the error boundary shows it) until the
// reader moves on, then the next visit tries again.
const failedPages = new Set<LazyPageModule>();

export function forgetFailedLoads(): void {
  for (const page of failedPages) page.loading = undefined;
  failedPages.clear();
}

/** A page from a module and the name of its page component. */
export function lazyPage(load: () => Promise<Record<string, unknown>>, name: string): LazyPageModule {
  return {
    load: async () => {
      const module = await load();
      const Component = module[name];
      if (typeof Component !== 'function' && typeof Component !== 'object')
        throw new Error(`the page module has no component ${name}`);
      return Component as PageComponent;
    },
  };
}

// How many pages are being fetched, for the layouts' aria-busy. A load starts while
// React renders the page that needs it, so listeners hear of it after that render: an
// update during a transition's render would turn the navigation into a blocking one,
// which shows the loading fallback instead of keeping the current page.
let pending = 0;
const listeners = new Set<() => void>();
function setPending(change: number): void {
  pending += change;
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

export function loadPage(page: LazyPageModule): Promise<PageComponent> {
  if (!page.loading) {
    setPending(1);
    page.loading = page.load().then(
      (Component) => {
        page.Component = Component;
        setPending(-1);
        return Component;
      },
      (error: unknown) => {
        failedPages.add(page);
        setPending(-1);
        throw error;
      },
    );
  }
  return page.loading;
}

export function LazyPage({ page, props }: { page: LazyPageModule; props?: Record<string, string> }) {
  // The page is on screen and working: forms submit through it from now on, and what was
  // typed before is given back once its own effects have run (they may set its fields).
  useLayoutEffect(markAppReady, []);
  useEffect(replayEarlyInput, []);
  // The page's component is the module's export, the same on every render once loaded.
  return createElement(page.Component ?? use(loadPage(page)), props);
}

/** True while a page's code is being fetched. */
export function usePageLoading(): boolean {
  // Not useSyncExternalStore: it re-renders a transition that saw the count change as blocking.
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    const listener = () => setLoading(pending > 0);
    listeners.add(listener);
    listener();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return loading;
}

/** The lazy page a route renders, kept in its handle. */
export interface PageHandle {
  page: LazyPageModule;
}

function pageOf(route: RouteObject): LazyPageModule | undefined {
  return (route.handle as PageHandle | undefined)?.page;
}

/** Loads the pages of the routes that match a path, before a render that must not suspend. */
export async function loadPagesFor(routes: RouteObject[], pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => pageOf(route))
    .filter((page) => page !== undefined);
  await Promise.all(pages.map(loadPage));
}

/**
 * Pages as their own chunks, loaded on first visit. A page whose module is already
 * loaded renders at once, so a prerendered page hydrates with its component in place
 * and the prerenderer renders it to HTML (both load the matching pages first, see
 * `loadPagesFor`). A page still loading suspends; the router renders navigations as
 * transitions, so the current page stays on screen meanwhile, marked busy.
 */
import { type ComponentType, use, useSyncExternalStore } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

// A page component takes at most a few plain props (a dashboard section its id).
type PageComponent = ComponentType<Record<string, string>>;

export interface LazyPageModule {
  load: () => Promise<PageComponent>;
  Component?: PageComponent;
  loading?: Promise<PageComponent>;
}

/** A page from a module and the name of its page component. */
export function lazyPage(load: () => Promise<Record<string, unknown>>, name: string): LazyPageModule {
  return {
    load: async () => {
      const module = await load();
      const Component = module[name];
      if (typeof Component !== 'function' && typeof Component !== 'object') throw new Error(`the page module has no component ${name}`);
      return Component as PageComponent;
    },
  };
}

// How many pages are being fetched, for the layouts' aria-busy.
let pending = 0;
const listeners = new Set<() => void>();
function setPending(change: number): void {
  pending += change;
  for (const listener of listeners) listener();
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
        // Forget the failure, so that the next visit tries again.
        page.loading = undefined;
        setPending(-1);
        throw error;
      },
    );
  }
  return page.loading;
}

export function LazyPage({ page, props }: { page: LazyPageModule; props?: Record<string, string> }) {
  const Component = page.Component ?? use(loadPage(page));
  return <Component {...props} />;
}

/** True while a page's code is being fetched. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => pending > 0,
    () => false,
  );
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
  const pages = (matchRoutes(routes, pathname) ?? []).map(({ route }) => pageOf(route)).filter((page) => page !== undefined);
  await Promise.all(pages.map(loadPage));
}

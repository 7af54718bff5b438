/**
 * The browser's router: react-router's history and <Router>, with one rule of ours.
 * A new location is shown once its page's code has loaded, never as a loading
 * fallback in place of the page being read: the current page stays (marked busy,
 * see lazy-page.tsx) until the next can be drawn whole. Back and forward need this
 * most: React renders a popstate's update at once, and scroll restoration needs the
 * page it restores to be there.
 */
import { type ReactNode, startTransition, useLayoutEffect, useState } from 'react';
import {
  type Location,
  type NavigationType,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
} from 'react-router-dom';
import { keyTheEntry } from './scroll-restoration';

interface Shown {
  action: NavigationType;
  location: Location;
}

/** A history entry's key: 8 base-36 characters from the browser's random source. */
function entryKey(): string {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  return `${high.toString(36)}${low.toString(36)}`.padStart(8, '0').slice(-8);
}

export function AppRouter({
  children,
  loadPagesFor,
}: {
  children: ReactNode;
  loadPagesFor: (pathname: string) => Promise<void>;
}) {
  const [history] = useState(() => {
    // A page opened by address has no key yet: one of its own keeps its scroll position apart.
    // The same form of key the router gives every entry it pushes itself (8 base-36 characters).
    // From the browser's random source, which (unlike randomUUID) also runs over plain http on a LAN.
    keyTheEntry(window.history, entryKey);
    return createBrowserHistory({ window, v5Compat: true });
  });
  const [shown, setShown] = useState<Shown>({ action: history.action, location: history.location });

  useLayoutEffect(() => {
    let latest = 0;
    return history.listen(({ action, location }) => {
      const navigation = (latest += 1);
      // A page that cannot be fetched is shown as its error (RouteErrorBoundary), not waited for.
      void loadPagesFor(location.pathname)
        .catch(() => undefined)
        .then(() => {
          // A newer navigation made meanwhile is the one to show.
          if (navigation === latest) startTransition(() => setShown({ action, location }));
        });
    });
  }, [history, loadPagesFor]);

  return (
    <Router navigator={history} location={shown.location} navigationType={shown.action}>
      {children}
    </Router>
  );
}

/**
 * Each tab names its page: the browser tab's title follows the page's main heading
 * ("Inventory Management — Nambala", "Create your account — Nambala"), including when a
 * page changes its heading in place (the sign-in and sign-up forms) or when it appears
 * after its code and data have loaded. The home page keeps the app's own title.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

export const APP_TITLE = 'Nambala — Zambian licence plates online';

/** The title for a page with this main heading. */
export function pageTitle(pathname: string, heading: string | null | undefined): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  if (pathname === '/' || !text) return APP_TITLE;
  return `${text} — Nambala`;
}

export function DocumentTitle() {
  const { pathname } = useLocation();
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const title = pageTitle(pathname, document.querySelector('h1')?.textContent);
        if (document.title !== title) document.title = title;
      });
    };
    update();
    const root = document.getElementById('root') ?? document.body;
    const observer = new MutationObserver(update);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [pathname]);
  return null;
}

/**
 * The frame of every public page: skip link, header, the page, footer, update prompt.
 * Styled at build time (public-layout.styles.tsx, decision 039).
 */
import { Flex, Spinner } from '@chakra-ui/react';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { UpdatePrompt } from '../pwa/update-prompt';
import { usePageLoading } from '../routing/lazy-page';
import { RouteErrorBoundary } from '../routing/route-error-boundary';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { staticClasses } from '../theme/static-styles';
import type { layoutStyles } from './public-layout.styles';

const cls = staticClasses<typeof layoutStyles>('layout');

export function PageLoading() {
  return (
    <Flex justify="center" py="24" role="status" aria-label="Loading">
      <Spinner size="lg" color="brand.600" />
    </Flex>
  );
}

/**
 * Moves focus to the new page's content after a navigation, for keyboard and
 * screen-reader users. Not on the first page shown: there the browser's own start (the
 * top of the page, the skip link first) is right, and a focus moved while the page
 * hydrates forces a style and layout pass and takes focus from a field typed into early.
 */
export function useFocusMainOnNavigate(pathname: string): void {
  const focusedFor = useRef(pathname);
  useEffect(() => {
    if (focusedFor.current === pathname) return;
    focusedFor.current = pathname;
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

export function PublicLayout() {
  const pageLoading = usePageLoading();
  const { pathname } = useLocation();
  useFocusMainOnNavigate(pathname);
  return (
    <div className={cls('page')}>
      <a href="#main" className={cls('skipLink')}>
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className={cls('main')} aria-busy={pageLoading}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <PublicFooter year={new Date().getFullYear()} />
      <UpdatePrompt />
    </div>
  );
}

/** The frame of every public page: skip link, header, the page, footer, update prompt. */
import { Box, Flex, Link, Spinner } from '@chakra-ui/react';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { UpdatePrompt } from '../pwa/update-prompt';
import { usePageLoading } from '../routing/lazy-page';
import { RouteErrorBoundary } from '../routing/route-error-boundary';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';

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
    <Flex direction="column" minH="100dvh">
      <Link href="#main" position="absolute" left="-9999px" _focus={{ left: '2', top: '2', zIndex: 'skipLink', bg: 'bg', p: '2', rounded: 'md', shadow: 'md' }}>
        Skip to content
      </Link>
      <PublicHeader />
      <Box as="main" id="main" tabIndex={-1} flex="1" outline="none" aria-busy={pageLoading}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <PublicFooter year={new Date().getFullYear()} />
      <UpdatePrompt />
    </Flex>
  );
}

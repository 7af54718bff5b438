/**
 * Which paths the app has a page for, so that any other path is answered 404 (with the
 * app's not-found page) instead of 200. The build writes the route table's patterns to
 * dist/routes.json (src/app/prerender/prerender.ts); a pattern's segments are literal, or
 * `:name` for any one segment.
 */
export type RoutePatterns = readonly string[];

const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

/** Whether a path (no query) is one of the app's pages; a trailing slash does not matter. */
export function isAppRoute(pathname: string, patterns: RoutePatterns): boolean {
  const segments = segmentsOf(pathname);
  return patterns.some((pattern) => {
    const parts = segmentsOf(pattern);
    return (
      parts.length === segments.length && parts.every((part, index) => part.startsWith(':') || part === segments[index])
    );
  });
}

/** The patterns in a routes.json, or null when it is not a list of paths (an older build: every path is then served as a page). */
export function parseRoutePatterns(text: string): RoutePatterns | null {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) && value.every((entry) => typeof entry === 'string' && entry.startsWith('/'))
      ? (value as string[])
      : null;
  } catch {
    return null;
  }
}

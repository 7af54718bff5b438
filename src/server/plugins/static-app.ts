/**
 * Serves the built PWA from the same origin as the API. Hashed assets are cached
 * for a year; the service worker, manifest and index.html are revalidated on every
 * load so that updates reach users. A path the app has a page for gets its prerendered
 * page or the app shell; any other non-API path gets the shell with status 404, and the
 * app's router shows its not-found page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppRoute, parseRoutePatterns } from './app-routes';
import { compressedCopiesOf } from './precompressed';
import { errorBody } from './error-handler';

/** Pages composed when served, by path (without a trailing slash): the HTML for the address's query, or null for the file. */
export type ServedPages = Record<string, (search: string) => Promise<string | null>>;

export async function registerStaticApp(
  app: FastifyInstance,
  appDir: string,
  servedPages: ServedPages = {},
): Promise<void> {
  const hasApp = existsSync(path.join(appDir, 'index.html'));
  // Public pages prerendered at build time (about.html for /about); every other
  // path gets the empty shell and the app's router decides, not-found page included.
  const prerendered = new Set(hasApp ? readdirSync(appDir).filter((file) => file.endsWith('.html')) : []);
  const shell = prerendered.has('app-shell.html') ? 'app-shell.html' : 'index.html';
  const routesFile = path.join(appDir, 'routes.json');
  const patterns = hasApp && existsSync(routesFile) ? parseRoutePatterns(readFileSync(routesFile, 'utf8')) : null;
  const pageFor = (url: string): string => {
    if (url === '/') return 'index.html';
    const file = `${url.replace(/^\/+|\/+$/g, '')}.html`;
    return prerendered.has(file) && file !== 'app-shell.html' ? file : shell;
  };
  // Each file's compressed copies from the build are sent as they are, unless a file was
  // changed after they were written: then every response is compressed as it is sent.
  const copies = hasApp ? await compressedCopiesOf(appDir) : 'none';
  if (copies === 'stale')
    app.log.warn({ appDir }, 'the built app was changed after its compressed copies were written; run `npm run build`');
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: appDir,
      preCompressed: copies === 'fresh',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ appDir }, 'no built app found; serving the API only (run `npm run build`)');
  }

  const pathOf = (request: FastifyRequest) => request.url.split('?')[0] ?? '/';
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply.code(404).send(errorBody(404, `No such resource: ${request.method} ${pathOf(request)}`));

  // The pages are a route, not the not-found handler: a route's responses are compressed
  // (@fastify/compress hooks into routes), and a prerendered page is ~100 KB of HTML, ~15 KB
  // compressed; sent as it was, it took half a second of a slow line before the first paint.
  // GET and HEAD (Fastify answers HEAD from the GET route); not part of the API document.
  if (hasApp) {
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const url = pathOf(request);
      // An API path, or a file that is not there (/assets/gone.js): no page, a JSON 404.
      if (url.startsWith('/api/') || url === '/api' || path.extname(url)) return notFound(request, reply);
      const isPage = patterns === null || isAppRoute(url, patterns);
      const served = isPage ? servedPages[url.replace(/(.)\/+$/, '$1')] : undefined;
      const html = served ? await served(request.url.slice(url.length)) : null;
      if (html !== null)
        return reply.code(200).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
      return reply
        .code(isPage ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .type('text/html')
        .sendFile(pageFor(url));
    });
  }
  app.setNotFoundHandler(notFound);
}

/** Unknown paths answer 404 with the app's not-found page; the app's own pages answer 200. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppRoute, parseRoutePatterns } from '../../src/server/plugins/app-routes';
import { routePatterns } from '../../src/app/routes';
import { buildTestApp } from './test-app';

describe('the app’s route patterns', () => {
  const patterns = routePatterns();

  it('lists every page of the route table, parameters as :name, and no catch-all', () => {
    for (const page of [
      '/',
      '/marketplace',
      '/verification',
      '/v',
      '/auth',
      '/dashboard',
      '/dashboard/admin/inventory',
      '/dashboard/insurance-agent/claims',
      '/dashboard/user/payments/:paymentId',
    ]) {
      expect(patterns).toContain(page);
    }
    expect(patterns.some((pattern) => pattern.includes('*'))).toBe(false);
  });

  it('matches literal segments and parameters, with or without a trailing slash', () => {
    expect(isAppRoute('/dashboard/user/payments/PAY-000123', patterns)).toBe(true);
    expect(isAppRoute('/marketplace/', patterns)).toBe(true);
    expect(isAppRoute('/', patterns)).toBe(true);
    expect(isAppRoute('/no/such/page', patterns)).toBe(false);
    expect(isAppRoute('/dashboard/admin/nowhere', patterns)).toBe(false);
    expect(isAppRoute('/marketplace/extra', patterns)).toBe(false);
  });

  it('never matches a path with more segments than any pattern (property)', () => {
    const longest = Math.max(...patterns.map((pattern) => pattern.split('/').filter(Boolean).length));
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z0-9-]{1,8}$/), { minLength: longest + 1, maxLength: longest + 4 }),
        (segments) => !isAppRoute(`/${segments.join('/')}`, patterns),
      ),
    );
  });

  it('reads a routes.json, and gives up on one that is not a list of paths', () => {
    expect(parseRoutePatterns('["/","/a/:b"]')).toEqual(['/', '/a/:b']);
    expect(parseRoutePatterns('{"a":1}')).toBeNull();
    expect(parseRoutePatterns('["relative"]')).toBeNull();
    expect(parseRoutePatterns('not json')).toBeNull();
  });
});

describe('serving pages', () => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nambala-app-'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title><div id="root"></div>');
    await writeFile(path.join(dir, 'app-shell.html'), '<!doctype html><title>Nambala</title><div id="root"></div>');
    // A prerendered page is tens of KiB: this one is over the compression threshold too.
    await writeFile(
      path.join(dir, 'marketplace.html'),
      `<!doctype html><title>Marketplace</title><div id="root" data-prerendered="/marketplace">${'<p>ZM-123-ABC</p>'.repeat(200)}</div>`,
    );
    await writeFile(path.join(dir, 'routes.json'), JSON.stringify(routePatterns()));
    app = await buildTestApp({ appDir: dir, seedDemo: false });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers an unknown path 404 with the app shell, whose router shows the not-found page', async () => {
    const response = await app.inject({ method: 'GET', url: '/no/such/page?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Nambala</title>');
  });

  it('answers the app’s pages 200: prerendered, dashboards, and pages with a parameter', async () => {
    for (const [url, title] of [
      ['/marketplace', 'Marketplace'],
      ['/dashboard/admin/inventory', 'Nambala'],
      ['/dashboard/user/payments/PAY-000001', 'Nambala'],
      ['/', 'Home'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain(`<title>${title}</title>`);
    }
  });

  it('sends a page compressed, like every other response, to a browser that accepts it', async () => {
    for (const [url, status] of [
      ['/marketplace', 200],
      ['/dashboard/admin/inventory', 200],
      ['/no/such/page', 404],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.statusCode, url).toBe(status);
      // The shell is under the threshold (1 KiB) here; the prerendered page is over it.
      if (url === '/marketplace') {
        expect(response.headers['content-encoding'], url).toBe('gzip');
        expect(gunzipSync(response.rawPayload).toString('utf8')).toContain('<title>Marketplace</title>');
      }
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
    const plain = await app.inject({ method: 'GET', url: '/marketplace' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>Marketplace</title>');
    const head = await app.inject({ method: 'HEAD', url: '/marketplace' });
    expect(head.statusCode).toBe(200);
  });

  it('keeps the pages out of the API document', async () => {
    const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('still answers an unknown API path with a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ statusCode: 404 });
  });
});

/** Unknown paths answer 404 with the app's not-found page; the app's own pages answer 200. */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isAppRoute, parseRoutePatterns } from '../../src/server/plugins/app-routes';
import { compressedCopiesOf, precompress } from '../../src/server/plugins/precompressed';
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

describe('sending the build’s compressed copies', () => {
  const script = `export const plates = ${JSON.stringify(Array.from({ length: 300 }, (_, index) => `ZM-${String(index).padStart(3, '0')}-ABC`))};\n`;
  let dir: string;
  const built = async (change?: (dir: string) => Promise<void>) => {
    dir = await mkdtemp(path.join(tmpdir(), 'nambala-built-'));
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>Home</title><div id="root"></div>');
    await writeFile(path.join(dir, 'assets', 'plates-1a2b3c.js'), script);
    await writeFile(path.join(dir, 'assets', 'tiny.js'), 'export {};\n');
    const done = await precompress(dir);
    await change?.(dir);
    return { done, app: await buildTestApp({ appDir: dir, seedDemo: false }) };
  };
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a Brotli and a gzip copy beside each text file, none where a copy would not be smaller', async () => {
    const { done, app } = await built();
    await app.close();
    const names = await readdir(path.join(dir, 'assets'));
    expect(names.sort()).toEqual(['plates-1a2b3c.js', 'plates-1a2b3c.js.br', 'plates-1a2b3c.js.gz', 'tiny.js']);
    expect(done.files).toBe(3);
    expect(done.brotliBytes).toBeLessThan(done.gzipBytes);
    expect(done.gzipBytes).toBeLessThan(done.bytes);
    expect(await compressedCopiesOf(dir)).toBe('fresh');
  });

  it('sends the copy the browser accepts, as it is, and the file itself to one that accepts none', async () => {
    const { app } = await built();
    try {
      for (const [accepts, encoding, decode] of [
        ['gzip, deflate, br', 'br', brotliDecompressSync],
        ['gzip', 'gzip', gunzipSync],
      ] as const) {
        const response = await app.inject({
          method: 'GET',
          url: '/assets/plates-1a2b3c.js',
          headers: { 'accept-encoding': accepts },
        });
        expect(response.statusCode, accepts).toBe(200);
        expect(response.headers['content-encoding'], accepts).toBe(encoding);
        expect(response.headers.vary, accepts).toContain('accept-encoding');
        expect(response.headers['content-type'], accepts).toContain('javascript');
        expect(response.headers['cache-control'], accepts).toBe('public, max-age=31536000, immutable');
        expect(response.rawPayload, accepts).toEqual(
          await readFile(path.join(dir, `assets/plates-1a2b3c.js${encoding === 'br' ? '.br' : '.gz'}`)),
        );
        expect(decode(response.rawPayload).toString('utf8'), accepts).toBe(script);
      }
      const plain = await app.inject({ method: 'GET', url: '/assets/plates-1a2b3c.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      // A file with no copy is sent from the file itself (compressed as it goes, like any other response).
      const tiny = await app.inject({ method: 'GET', url: '/assets/tiny.js', headers: { 'accept-encoding': 'br' } });
      expect(tiny.statusCode).toBe(200);
      const body = tiny.headers['content-encoding'] === 'br' ? brotliDecompressSync(tiny.rawPayload) : tiny.rawPayload;
      expect(body.toString('utf8')).toBe('export {};\n');
    } finally {
      await app.close();
    }
  });

  it('never sends a copy older than its file: a file changed after the build is compressed as it is sent', async () => {
    const changed = `${script}export const more = true;\n`;
    const { app } = await built(async (folder) => {
      // A moment later, as an edit after the build would be.
      await new Promise((resolve) => setTimeout(resolve, 20));
      await writeFile(path.join(folder, 'assets', 'plates-1a2b3c.js'), changed);
    });
    try {
      expect(await compressedCopiesOf(dir)).toBe('stale');
      const response = await app.inject({
        method: 'GET',
        url: '/assets/plates-1a2b3c.js',
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8')).toBe(changed);
    } finally {
      await app.close();
    }
  });
});

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations } from '../../src/server/db/migrate';
import { buildTestApp } from './test-app';

describe('GET /api/health', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('reports ok, the database kind, the applied migration and the version', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'ok',
      database: 'pglite',
      databaseReachable: true,
      migration: (await listMigrations()).at(-1),
    });
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.parse(body.serverTime)).not.toBeNaN();
  });

  it('answers an unknown API path with a JSON 404, never the app shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json().message).toContain('/api/nothing-here');
  });

  it('publishes an OpenAPI document that lists the routes', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/contact', '/api/listings']));
  });

  it('serves the API docs page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('security headers', () => {
  it('sends the app’s Content-Security-Policy and hardening headers on pages, and a policy allowing nothing on API answers', async () => {
    const app = await buildTestApp({ seedDemo: false });
    try {
      const page = await app.inject({ method: 'GET', url: '/pricing' });
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(page.headers['permissions-policy']).toContain('camera=(self)');
      const api = await app.inject({ method: 'GET', url: '/api/health' });
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      for (const response of [page, api]) {
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    } finally {
      await app.close();
    }
  });
});

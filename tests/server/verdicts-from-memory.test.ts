/**
 * Kept verdicts answered before routing (decision 086), on a plain Fastify server: which requests
 * are answered from memory, and that every other one still reaches the framework. The registry's
 * own answers from memory, against its route's, are in registry.test.ts; over HTTP/2 in tls.test.ts.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { answerKeptVerdictsFirst } from '../../src/server/plugins/verdicts-from-memory';

const KEPT = '{"verdict":"Valid"}';
const open: FastifyInstance[] = [];

/** A server whose verification route answers "routed", with ZM-123-ABC kept in memory. */
async function serverWith(
  options: { logLevel?: string; trustProxy?: string[] | false; prepare?: (app: FastifyInstance) => void } = {},
) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const trustProxy = options.trustProxy ?? false;
  const app = Fastify({
    logger: options.logLevel ? { level: options.logLevel, stream: sink } : false,
    ...(trustProxy ? { trustProxy } : {}),
  });
  open.push(app);
  const answerKept = answerKeptVerdictsFirst(app, { trustProxy });
  answerKept((number) => (number === 'ZM-123-ABC' ? KEPT : undefined));
  let routed = 0;
  app.get('/api/verification/:number', async (request) => {
    routed += 1;
    return 'protocol' in (request.query as object) ? { protocol: request.protocol } : { routed: true };
  });
  options.prepare?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const ask = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${origin}${path}`, init);
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
  return { app, ask, routed: () => routed, lines };
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((app) => app.close()));
});

describe('kept verdicts before routing', () => {
  it('answers a kept number from memory with the JSON answer headers, and leaves the rest to the route', async () => {
    const { ask, routed } = await serverWith();
    const kept = await ask('/api/verification/ZM-123-ABC');
    expect(kept).toMatchObject({ status: 200, text: KEPT });
    expect(kept.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(kept.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(kept.headers.get('x-content-type-options')).toBe('nosniff');
    expect(kept.headers.get('strict-transport-security')).toBeNull();
    expect(routed()).toBe(0);

    const toTheRoute = [
      ask('/api/verification/ZM-456-DEF'),
      ask('/api/verification/ZM-123-ABC?method=scan'),
      ask('/api/verification/ZM%2D123-ABC'),
      ask('/api/verification/ZM-123-ABC', { headers: { cookie: 'session=x' } }),
      ask('/api/verification/ZM-123-ABC', { headers: { authorization: 'Bearer x' } }),
      ask('/api/verification/ZM-123-ABC', { method: 'HEAD' }),
    ];
    for (const answer of await Promise.all(toTheRoute)) expect(answer.status).toBe(200);
    expect(routed()).toBe(toTheRoute.length);
    expect((await ask('/api/verification/ZM-123-ABC/')).status).toBe(404);
  });

  it('leaves every request to the framework while it logs each one, so that none goes unlogged', async () => {
    const { ask, routed, lines } = await serverWith({ logLevel: 'info' });
    expect((await ask('/api/verification/ZM-123-ABC')).text).toBe('{"routed":true}');
    expect(routed()).toBe(1);
    expect(lines.join('')).toContain('request completed');
  });

  it('answers from memory when only warnings are logged', async () => {
    const { ask, routed, lines } = await serverWith({ logLevel: 'warn' });
    expect((await ask('/api/verification/ZM-123-ABC')).text).toBe(KEPT);
    expect(routed()).toBe(0);
    expect(lines).toEqual([]);
  });

  it('reads whether a request came over HTTPS as the framework does, believing X-Forwarded-Proto from a trusted balancer only', async () => {
    for (const trustProxy of [['loopback'], ['10.0.0.0/8'], false] as const) {
      const { ask } = await serverWith({ trustProxy: trustProxy && [...trustProxy] });
      for (const forwarded of ['https', 'http', 'http, https', 'https, http', ' https ', '', undefined]) {
        const headers: Record<string, string> = forwarded === undefined ? {} : { 'x-forwarded-proto': forwarded };
        const framework = JSON.parse((await ask('/api/verification/ZM-123-ABC?protocol', { headers })).text) as {
          protocol: string;
        };
        const kept = await ask('/api/verification/ZM-123-ABC', { headers });
        expect(kept.text, `${String(trustProxy)} ${String(forwarded)}`).toBe(KEPT);
        expect(
          kept.headers.get('strict-transport-security') !== null,
          `${String(trustProxy)} ${String(forwarded)}`,
        ).toBe(framework.protocol === 'https');
      }
    }
  });

  it('leaves requests to the framework once the server is closing, which turns them away', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let isHeld = false;
    const { app, ask, routed } = await serverWith({
      // A close held after the kept verdicts' own hook has run, while the server still listens.
      prepare: (app) =>
        app.addHook('preClose', async () => {
          isHeld = true;
          await held;
        }),
    });
    const closed = app.close();
    await expect.poll(() => isHeld).toBe(true);
    const answer = await ask('/api/verification/ZM-123-ABC');
    release();
    await closed;
    expect(answer.status).toBe(503);
    expect(routed()).toBe(0);
  });
});

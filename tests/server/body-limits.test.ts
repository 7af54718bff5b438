/**
 * Bounded work for every body: nesting past 64 levels and lists past 10,000 items are
 * refused with a 400 before the body is parsed, on every route, the sync push included;
 * a refused body is a client's mistake, so it writes nothing to the system log. Before
 * these limits a push nested 6,000 levels deep overflowed the stack of the
 * control-character check (a 500 and an ERROR row per request, unsigned), and other
 * routes accepted or refused such bodies depending on the depth.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import {
  containsControlText,
  jsonShapeProblem,
  MAX_JSON_DEPTH,
  MAX_JSON_ITEMS,
} from '../../src/server/plugins/json-body';
import { buildTestAppWithDb } from './test-app';

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const pushWithPayload = (payload: string) =>
  `{"clientId":"device-1","mutations":[{"id":"${randomUUID()}","intent":"sendContactMessage","payload":${payload}}]}`;

describe('the shape of a JSON body', () => {
  it('finds nesting past the limit and lists past the limit in one pass, and nothing else', () => {
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(jsonShapeProblem(nested(MAX_JSON_DEPTH + 1))).toMatch(/more than 64 levels deep/);
    expect(jsonShapeProblem(nestedObjects(MAX_JSON_DEPTH + 1))).toMatch(/more than 64 levels deep/);
    expect(jsonShapeProblem(`[${Array.from({ length: MAX_JSON_ITEMS }, () => '0').join(',')}]`)).toBeUndefined();
    expect(jsonShapeProblem(`[${Array.from({ length: MAX_JSON_ITEMS + 1 }, () => '0').join(',')}]`)).toMatch(
      /more than 10,000 items/,
    );
    // Brackets, braces and commas inside strings (escaped quotes too) are text, not structure.
    expect(
      jsonShapeProblem(JSON.stringify({ a: '['.repeat(500), b: '\\"[[['.repeat(100), c: ','.repeat(20_000) })),
    ).toBeUndefined();
    // An object's commas are not a list's items.
    expect(
      jsonShapeProblem(
        JSON.stringify(Object.fromEntries(Array.from({ length: MAX_JSON_ITEMS + 5 }, (_, i) => [`k${i}`, i]))),
      ),
    ).toBeUndefined();
  });

  it('checks control characters in a value of any depth without recursion', () => {
    let deep: unknown = 'a\u0000b';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(containsControlText(deep)).toBe(true);
    expect(containsControlText({ 'key\u001b': 1 })).toBe(true);
    expect(containsControlText({ a: ['tab\there', 'line\nbreak'] })).toBe(false);
  });
});

describe('bodies too deep or too wide, on every route', () => {
  let app: FastifyInstance;
  let db: Database;
  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
  });
  afterAll(() => app.close());

  const send = (url: string, payload: string) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
  const errorRows = async () =>
    (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM system_logs WHERE level = 'ERROR'"))[0]?.n;

  it.each([
    [
      'an unsigned push whose payload is nested 6,000 levels deep',
      '/api/sync/push',
      pushWithPayload(nested(6000)),
      /64 levels/,
    ],
    [
      'an unsigned push whose payload is 6,000 objects deep',
      '/api/sync/push',
      pushWithPayload(nestedObjects(6000)),
      /64 levels/,
    ],
    ['a push whose payload is 65 levels deep', '/api/sync/push', pushWithPayload(nested(65)), /64 levels/],
    ['sign-in nested 3,000 levels deep', '/api/auth/login', nested(3000), /64 levels/],
    ['sign-in nested 5,000 levels deep', '/api/auth/login', nested(5000), /64 levels/],
    ['sign-in nested 100,000 levels deep', '/api/auth/login', nested(100_000), /64 levels/],
    [
      'the contact form with a list of 20,000 items',
      '/api/contact',
      `{"name":"A","email":"a@example.zm","subject":"S","message":"M","x":[${'0,'.repeat(19_999)}0]}`,
      /10,000 items/,
    ],
    [
      'a push of 20,000 changes',
      '/api/sync/push',
      `{"clientId":"device-1","mutations":[${'{},'.repeat(19_999)}{}]}`,
      /10,000 items/,
    ],
  ])('%s is a 400 with a clear message, and no ERROR row', async (_what, url, payload, message) => {
    const before = await errorRows();
    const response = await send(url, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toMatch(message);
    expect(await errorRows()).toBe(before);
  });

  it('still takes a well-formed push', async () => {
    const response = await send(
      '/api/sync/push',
      pushWithPayload(
        JSON.stringify({
          id: randomUUID(),
          name: 'Mwila',
          email: 'mwila@example.zm',
          subject: 'Plates',
          message: 'When do they arrive?',
        }),
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().results[0]).toMatchObject({ outcome: 'applied' });
  });
});

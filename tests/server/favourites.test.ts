/** Favourites through push and pull: kept per user, on each of their devices, for nobody else. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWithDb } from './test-app';

describe('favourites', () => {
  let app: FastifyInstance;
  const cookies: Record<string, string> = {};
  const signIn = async (email: string, password: string) =>
    String(
      (await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).headers[
        'set-cookie'
      ],
    ).split(';')[0] ?? '';
  const push = (cookie: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: cookie ? { cookie } : {},
      payload: { clientId: 'phone', mutations: [{ id: randomUUID(), intent: 'setFavourite', payload }] },
    });
  const favouriteChanges = async (cookie: string) =>
    (
      (await app.inject({ method: 'GET', url: '/api/sync/pull?limit=1000', headers: { cookie } })).json()
        .changes as Array<{ entity: string; id: string; op: string }>
    ).filter((change) => change.entity === 'favourite');

  beforeAll(async () => {
    ({ app } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
  }, 60_000);
  afterAll(() => app.close());

  it("keeps a buyer's favourite for their devices only, and clears it", async () => {
    const listings = (await app.inject({ method: 'GET', url: '/api/listings' })).json().listings as Array<{
      id: string;
    }>;
    const listingId = listings[0]?.id ?? '';
    expect((await push(cookies.buyer ?? '', { listingId, favourite: true })).json().results[0].outcome).toBe('applied');
    expect((await push(cookies.buyer ?? '', { listingId, favourite: true })).json().results[0].outcome).toBe('applied');
    expect(await favouriteChanges(cookies.buyer ?? '')).toEqual([
      expect.objectContaining({ id: listingId, op: 'put' }),
    ]);
    expect(await favouriteChanges(cookies.agent ?? '')).toEqual([]);
    await push(cookies.buyer ?? '', { listingId, favourite: false });
    // A fresh device gets the latest state: the put and the delete, the delete last.
    expect((await favouriteChanges(cookies.buyer ?? '')).map((change) => change.op)).toEqual(['put', 'delete']);
  });

  it('refuses a listing that does not exist, a visitor, and a malformed payload', async () => {
    expect(
      (await push(cookies.buyer ?? '', { listingId: 'no-such-listing', favourite: true })).json().results[0],
    ).toMatchObject({ outcome: 'rejected', status: 404 });
    expect((await push('', { listingId: 'x', favourite: true })).statusCode).toBe(401);
    expect((await push(cookies.buyer ?? '', { listingId: 'x', favourite: 'yes' })).json().results[0]).toMatchObject({
      outcome: 'rejected',
      status: 400,
    });
  });
});

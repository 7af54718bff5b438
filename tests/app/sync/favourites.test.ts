/** Favourites on the device: a visitor's stay local and become their account's on sign-in, surviving the first pull. */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NambalaDatabase } from '../../../src/app/store/database';
import { claimVisitorFavourites, setFavourite } from '../../../src/app/sync/favourites';
import { sendIntents } from '../../../src/app/sync/push-transport';
import { pullChanges } from '../../../src/app/sync/pull';
import { pushOutbox } from '../../../src/app/sync/push';
import { buildTestAppWithDb } from '../../server/test-app';

describe('favourites on the device', () => {
  let app: FastifyInstance;
  let database: NambalaDatabase;
  let cookie = '';
  let listingIds: string[] = [];

  beforeAll(async () => {
    ({ app } = await buildTestAppWithDb({ seedDemo: true }));
    listingIds = (
      (await app.inject({ method: 'GET', url: '/api/listings' })).json().listings as Array<{ id: string }>
    ).map((listing) => listing.id);
  }, 60_000);
  afterAll(() => app.close());
  beforeEach(async () => {
    database = new NambalaDatabase(`test-${randomUUID()}`);
    cookie = '';
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        headers: { cookie, 'content-type': 'application/json' },
        payload: init.body as string,
      });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await database.delete();
  });

  it('keeps a visitor’s favourites on the device, then hands them to the account on sign-in', async () => {
    const [first = '', second = ''] = listingIds;
    await setFavourite(database, first, true, false);
    await setFavourite(database, second, true, false);
    await setFavourite(database, second, false, false);
    expect(await database.outbox.count()).toBe(0);
    expect((await database.favourites.toArray()).map((favourite) => favourite.listingId)).toEqual([first]);

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'buyer@nambala.zm', password: 'Buyer#2026' },
    });
    cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
    expect(await claimVisitorFavourites(database)).toBe(1);
    // The first pull of an account replaces what the change log fills; the claimed favourite waits in the outbox, so it stays.
    await pullChanges(database);
    expect(await database.favourites.get(first)).toMatchObject({ syncState: 'pending' });
    await pushOutbox(database, sendIntents);
    expect(await database.favourites.get(first)).toMatchObject({ syncState: 'synced' });

    // Another device of the same buyer receives it.
    const other = new NambalaDatabase(`test-${randomUUID()}`);
    try {
      await pullChanges(other);
      expect((await other.favourites.toArray()).map((favourite) => favourite.listingId)).toContain(first);
      // Cleared on the first device: gone from the second after its next pull.
      await setFavourite(database, first, false, true);
      await pushOutbox(database, sendIntents);
      await pullChanges(other);
      expect(await other.favourites.get(first)).toBeUndefined();
    } finally {
      await other.delete();
    }
  });
});

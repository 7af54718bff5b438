/**
 * A plate shop states where buyers collect and when it is open: only the shop itself, for
 * itself; buyers choosing a shop see it at once; bad values are refused with the field's words.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SHOP_ADDRESS_REQUIRED,
  SHOP_HOURS_TOO_LONG,
  SHOP_LOCATION_INVALID,
} from '#domain/collection/collection-schemas';
import type { Database } from '../../src/server/db/database';
import { buildTestAppWithDb, sessionForNewAccount } from './test-app';

const PLACE = { address: 'Stand 4, Freedom Way, Kitwe', hours: 'Mon–Sat 08:00–16:00', lat: -12.8024, lng: 28.2132 };

describe('a plate shop’s address, hours and location', () => {
  let app: FastifyInstance;
  let db: Database;
  let shop: { id: string; cookie: string };
  let buyer: { id: string; cookie: string };

  const put = (cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/shop/place', headers: cookie ? { cookie } : {}, payload });
  const shopsListed = async () =>
    (await app.inject({ method: 'GET', url: '/api/plate-shops' })).json().shops as Array<{ id: string }>;

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
    shop = await sessionForNewAccount(db, {
      email: 'kitwe-shop@test.zm',
      name: 'Kitwe Plates',
      userType: 'AGENT',
      roles: ['agent'],
    });
    buyer = await sessionForNewAccount(db, {
      email: 'kitwe-buyer@test.zm',
      name: 'Kitwe Buyer',
      userType: 'Customer',
      roles: ['buyer'],
    });
  }, 60_000);
  afterAll(() => app.close());

  it('is set by the shop for itself, shown to buyers choosing a shop, and audited', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/shop/place', headers: { cookie: shop.cookie } });
    expect(before.json()).toEqual({ place: { address: null, hours: null, lat: null, lng: null } });
    const saved = await put(shop.cookie, { ...PLACE, address: `  ${PLACE.address}  ` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ place: PLACE });
    expect((await shopsListed()).find((listed) => listed.id === shop.id)).toMatchObject(PLACE);
    const [audit] = await db.query<{ action: string; actor_id: string }>(
      "SELECT action, actor_id FROM audit_log WHERE action = 'shop.place' AND target = $1",
      [shop.id],
    );
    expect(audit).toEqual({ action: 'shop.place', actor_id: shop.id });
    // Without a location: both coordinates empty.
    const plain = await put(shop.cookie, { ...PLACE, lat: null, lng: null });
    expect(plain.json().place).toMatchObject({ lat: null, lng: null });
  });

  it('refuses an address, hours or location that cannot be right, with the field’s words, and keeps what was there', async () => {
    await put(shop.cookie, PLACE);
    const refusals: Array<[object, string]> = [
      [{ ...PLACE, address: ' ' }, SHOP_ADDRESS_REQUIRED],
      [{ ...PLACE, hours: 'x'.repeat(121) }, SHOP_HOURS_TOO_LONG],
      [{ ...PLACE, lat: 51.5, lng: -0.12 }, SHOP_LOCATION_INVALID],
      [{ ...PLACE, lat: -12.8, lng: null }, SHOP_LOCATION_INVALID],
      [{ ...PLACE, lat: 'north' }, SHOP_LOCATION_INVALID],
    ];
    for (const [body, message] of refusals) {
      const refused = await put(shop.cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message, JSON.stringify(body)).toContain(message);
    }
    expect((await shopsListed()).find((listed) => listed.id === shop.id)).toMatchObject(PLACE);
  });

  it('is nobody else’s to change or read', async () => {
    expect((await put(buyer.cookie, PLACE)).statusCode).toBe(403);
    expect((await put('', PLACE)).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'GET', url: '/api/shop/place', headers: { cookie: buyer.cookie } })).statusCode,
    ).toBe(403);
  });
});

/**
 * Who makes a buyer's plates and how they get them, over the whole server with the demo data:
 * the plate shops a buyer may choose (address, hours, coordinates), the wizard's application
 * and Buy Now naming a shop (or leaving it to the administrator) and asking for delivery for the
 * fee an administrator sets, the vehicle Buy Now asks for, and the refusals of a shop that is
 * not taking orders and of delivery that is not offered.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_DELIVERY,
  DELIVERY_ADDRESS_REQUIRED,
  DELIVERY_NOT_OFFERED,
  SHOP_NOT_TAKING_ORDERS,
} from '#domain/collection/collection';
import { REGISTRATION_REQUIRED } from '#domain/applications/application-form';
import type { Database } from '../../src/server/db/database';
import { userRepository } from '../../src/server/repositories/user-repository';
import { releaseDueDecisions } from '../../src/server/applications/decision-undo';
import { UNDO_WINDOW_MS } from '#domain/applications/decision-undo';
import { buildTestAppWithDb, cardApplication, postPayingByCard } from './test-app';

const APPROVE_CARD = { number: '4242 4242 4242 4242' };

const application = cardApplication;

interface Shop {
  id: string;
  name: string;
  address: string | null;
  hours: string | null;
  lat: number | null;
  lng: number | null;
}

describe('collection and delivery', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<string, string> = {};
  let cairoRoad = '';
  let idleShop = '';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  // A payment started by card is paid on the card provider's page with the body's `card` (never sent to Nambala).
  const post = (url: string, cookie: string, payload: object) =>
    postPayingByCard(app, url, cookie, payload as Record<string, unknown>);
  const put = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: { cookie }, payload });
  const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const approve = async (requestId: string) => {
    const response = await post('/api/admin/requests/decide', cookies.admin ?? '', {
      ids: [requestId],
      decision: 'approve',
    });
    expect(response.statusCode).toBe(200);
    return response.json().outcomes[0] as { ok: boolean; plates: string[]; agent: { id: string; name: string } };
  };
  const ordersOf = (plates: string[]) =>
    db.query<{ agent_id: string; vehicle: string }>(
      'SELECT agent_id, vehicle FROM agent_orders WHERE plate_number = ANY($1::text[])',
      [plates],
    );
  const setDelivery = (settings: object) => put('/api/admin/settings/delivery', cookies.admin ?? '', settings);
  const availableListing = async (skip: string[] = []) => {
    const listings = (await get('/api/listings')).json().listings as Array<{ id: string; status: string }>;
    const listing = listings.find((candidate) => candidate.status === 'Available' && !skip.includes(candidate.id));
    if (!listing) throw new Error('no available listing in the demo data');
    return listing.id;
  };

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    cairoRoad = (await userRepository(db).findCredentials('agent@nambala.zm'))?.user.id ?? '';
    // A second active shop with no work at all: the least-loaded rule would give it every order.
    const idle = await userRepository(db).create({
      email: 'mansa-plates@test.zm',
      name: 'Mansa Plates',
      passwordHash: 'x',
      accountType: 'agent',
      userType: 'AGENT',
      status: 'Active',
      requestedRole: null,
      roles: ['agent'],
      businessName: 'Mansa Plate Shop',
    });
    idleShop = idle?.id ?? '';
  }, 60_000);
  afterAll(() => app.close());

  it('lists the approved, active plate shops with address, hours and coordinates, and the delivery setting', async () => {
    const response = await get('/api/plate-shops');
    expect(response.statusCode).toBe(200);
    const { shops, delivery } = response.json() as { shops: Shop[]; delivery: object };
    expect(shops).toContainEqual({
      id: cairoRoad,
      name: 'Cairo Road Plates',
      address: 'Shop 14, Cairo Road, Lusaka',
      hours: 'Mon–Fri 08:00–17:00, Sat 08:00–13:00',
      lat: -15.4207,
      lng: 28.2826,
    });
    // Kitwe Plate Works is still waiting for approval: not a shop a buyer can choose.
    expect(shops.map((shop) => shop.name)).not.toContain('Kitwe Plate Works');
    expect(delivery).toEqual(DEFAULT_DELIVERY);
  });

  it('gives an approved application to the shop the applicant chose, not the least-loaded one', async () => {
    const submitted = await post('/api/applications', cookies.buyer ?? '', application({ shopId: cairoRoad }));
    expect(submitted.statusCode).toBe(201);
    const outcome = await approve(submitted.json().requestId);
    expect(outcome).toMatchObject({ ok: true, agent: { id: cairoRoad, name: 'Cairo Road Plates' } });
    expect((await ordersOf(outcome.plates)).map((order) => order.agent_id)).toEqual([cairoRoad]);
  });

  it('leaves it to the administrator when no shop is chosen: the shop with the least work makes it', async () => {
    const submitted = await post('/api/applications', cookies.buyer ?? '', application({ shopId: null }));
    expect(submitted.statusCode).toBe(201);
    expect(await approve(submitted.json().requestId)).toMatchObject({ ok: true, agent: { id: idleShop } });
  });

  it('refuses an unknown or suspended shop with 400 and says why, charging nothing', async () => {
    const unknown = await post('/api/applications', cookies.buyer ?? '', application({ shopId: 'USR-999' }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      message: SHOP_NOT_TAKING_ORDERS,
      fields: { shopId: SHOP_NOT_TAKING_ORDERS },
    });
    const suspended = await userRepository(db).create({
      email: 'closed-plates@test.zm',
      name: 'Closed Plates',
      passwordHash: 'x',
      accountType: 'agent',
      userType: 'AGENT',
      status: 'Suspended',
      requestedRole: null,
      roles: ['agent'],
      businessName: 'Closed Plate Shop',
    });
    const id = randomUUID();
    const refused = await post('/api/applications', cookies.buyer ?? '', application({ id, shopId: suspended?.id }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(SHOP_NOT_TAKING_ORDERS);
    expect(await db.query('SELECT 1 FROM plate_requests WHERE application_id = $1', [id])).toHaveLength(0);
    const listing = await availableListing();
    const bought = await post(`/api/listings/${listing}/buy`, cookies.buyer ?? '', {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      ownerName: 'Mwila Banda',
      ownerNrc: '123456/78/9',
      vehicleNotYetKnown: true,
      shopId: suspended?.id,
    });
    expect(bought.statusCode).toBe(400);
    expect(bought.json().message).toBe(SHOP_NOT_TAKING_ORDERS);
  });

  it('prices delivery into the payment when asked for, and the approval says it will be delivered', async () => {
    const plain = (await post('/api/applications', cookies.buyer ?? '', application())).json();
    const delivered = await post(
      '/api/applications',
      cookies.buyer ?? '',
      application({ shopId: cairoRoad, delivery: true, deliveryAddress: '12 Kabulonga Road, Lusaka' }),
    );
    expect(delivered.statusCode).toBe(201);
    const { payment, requestId } = delivered.json();
    expect(payment.amount).toBe(plain.payment.amount + DEFAULT_DELIVERY.fee);
    expect(payment.lines).toContainEqual(
      expect.objectContaining({ label: 'Delivery fee', amount: DEFAULT_DELIVERY.fee }),
    );
    await approve(requestId);
    const request = (await get('/api/admin/requests', cookies.admin ?? ''))
      .json()
      .requests.find((candidate: { id: string }) => candidate.id === requestId);
    expect(request.orderInfo.deliveryAddress).toBe('12 Kabulonga Road, Lusaka');
    // The applicant is told once the approval can no longer be undone.
    await releaseDueDecisions(db, new Date(Date.now() + UNDO_WINDOW_MS));
    const notices = (await get('/api/notifications', cookies.buyer ?? '')).json();
    expect(JSON.stringify(notices)).toContain('delivered to 12 Kabulonga Road, Lusaka');
  });

  it('asks for the delivery address, and refuses delivery while it is not offered', async () => {
    const noAddress = await post('/api/applications', cookies.buyer ?? '', application({ delivery: true }));
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().fields).toEqual({ deliveryAddress: DELIVERY_ADDRESS_REQUIRED });

    expect((await setDelivery({ offered: false, fee: 7500 })).statusCode).toBe(200);
    try {
      const refused = await post(
        '/api/applications',
        cookies.buyer ?? '',
        application({ delivery: true, deliveryAddress: '12 Kabulonga Road, Lusaka' }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(DELIVERY_NOT_OFFERED);
      expect((await get('/api/plate-shops')).json().delivery).toEqual({ offered: false, fee: 7500 });
    } finally {
      await setDelivery(DEFAULT_DELIVERY);
    }
  });

  it('lets only an administrator change the delivery setting, within bounds', async () => {
    expect((await setDelivery({ offered: true, fee: -1 })).statusCode).toBe(400);
    expect((await setDelivery({ offered: 'yes', fee: 100 })).statusCode).toBe(400);
    expect((await put('/api/admin/settings/delivery', cookies.buyer ?? '', DEFAULT_DELIVERY)).statusCode).toBe(403);
    expect((await get('/api/admin/settings/delivery', cookies.admin ?? '')).json().settings).toEqual(DEFAULT_DELIVERY);
  });

  it('Buy Now carries the vehicle, the chosen shop and delivery onto the order, the shop’s order and the price', async () => {
    const listing = await availableListing();
    const quote = (await get(`/api/listings/${listing}/quote`, cookies.buyer ?? '')).json();
    const cardTotal = quote.buyNow.find((entry: { method: string }) => entry.method === 'card').total as number;
    const bought = await post(`/api/listings/${listing}/buy`, cookies.buyer ?? '', {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      amount: cardTotal + DEFAULT_DELIVERY.fee,
      ownerName: 'Mwila Banda',
      ownerNrc: '123456/78/9',
      vehicleMake: 'Toyota',
      vehicleModel: 'Hilux',
      vehicleRegistration: 'bak 1234',
      shopId: cairoRoad,
      delivery: true,
      deliveryAddress: '3 Lubu Road, Lusaka',
    });
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toMatchObject({
      payment: { status: 'approved', amount: cardTotal + DEFAULT_DELIVERY.fee },
      order: { vehicle: 'Toyota Hilux, BAK 1234', shopId: cairoRoad, deliveryAddress: '3 Lubu Road, Lusaka' },
    });
    const plate = bought.json().order.plateNumber as string;
    expect(await ordersOf([plate])).toEqual([{ agent_id: cairoRoad, vehicle: 'Toyota Hilux, BAK 1234' }]);
  });

  it('asks Buy Now for the vehicle as the wizard does, or “Vehicle not yet known”', async () => {
    const listing = await availableListing();
    const body = {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      ownerName: 'Mwila Banda',
      ownerNrc: '123456/78/9',
    };
    const incomplete = await post(`/api/listings/${listing}/buy`, cookies.buyer ?? '', {
      ...body,
      vehicleMake: 'Toyota',
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json().fields).toMatchObject({
      vehicleModel: 'Vehicle model is required',
      vehicleRegistration: REGISTRATION_REQUIRED,
    });
    const unknown = await post(`/api/listings/${listing}/buy`, cookies.buyer ?? '', {
      ...body,
      vehicleNotYetKnown: true,
    });
    expect(unknown.statusCode).toBe(201);
    expect(unknown.json().order).toMatchObject({
      vehicle: 'Vehicle not yet known',
      shopId: null,
      deliveryAddress: null,
    });
  });
});

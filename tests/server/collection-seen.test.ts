/**
 * The buyer's choice of plate shop and delivery, read back by everyone who needs it: the
 * administrator's Plate Requests before approval, the buyer's My Plates & Orders, and the plate
 * shop's order on its devices (which must know where to deliver).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb, cardApplication, postPayingByCard } from './test-app';

const APPROVE_CARD = { number: '4242 4242 4242 4242' };
const ADDRESS = '12 Kabulonga Road, Lusaka';

const application = cardApplication;

interface Change {
  entity: string;
  id: string;
  data: Record<string, unknown> | null;
}

describe('the buyer’s choice of shop and delivery, as others read it', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<string, string> = {};
  let cairoRoad = '';

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  // A payment started by card is paid on the card provider's page with the body's `card` (never sent to Nambala).
  const post = (url: string, cookie: string, payload: object) =>
    postPayingByCard(app, url, cookie, payload as Record<string, unknown>);
  const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const submit = async (overrides: object) => {
    const response = await post('/api/applications', cookies.buyer ?? '', application(overrides));
    expect(response.statusCode).toBe(201);
    return response.json() as { requestId: string; reference: string };
  };
  const adminRequest = async (requestId: string) =>
    (await get('/api/admin/requests', cookies.admin ?? ''))
      .json()
      .requests.find((candidate: { id: string }) => candidate.id === requestId);
  const approve = async (requestId: string) => {
    const response = await post('/api/admin/requests/decide', cookies.admin ?? '', {
      ids: [requestId],
      decision: 'approve',
    });
    expect(response.statusCode).toBe(200);
    return response.json().outcomes[0] as { ok: boolean; plates: string[] };
  };
  async function pullAll(cookie: string): Promise<Change[]> {
    const changes: Change[] = [];
    let cursor = '';
    for (let page = 0; page < 100; page += 1) {
      const body = (
        await get(`/api/sync/pull?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, cookie)
      ).json();
      changes.push(...body.changes);
      cursor = body.cursor;
      if (!body.hasMore) return changes;
    }
    throw new Error('pull never finished');
  }
  const shopOrderOf = async (plateNumber: string) =>
    (await pullAll(cookies.agent ?? '')).findLast(
      (change) => change.entity === 'agentOrder' && change.data?.plateNumber === plateNumber,
    )?.data;

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    cairoRoad = (await userRepository(db).findCredentials('agent@nambala.zm'))?.user.id ?? '';
  }, 60_000);
  afterAll(() => app.close());

  it('shows the administrator, before approval, the shop the buyer chose and where to deliver', async () => {
    const chosen = await submit({ shopId: cairoRoad, delivery: true, deliveryAddress: ADDRESS });
    expect(await adminRequest(chosen.requestId)).toMatchObject({
      status: 'Pending',
      chosenShop: { id: cairoRoad, name: 'Cairo Road Plates' },
      deliverTo: ADDRESS,
    });
    const left = await submit({ shopId: null });
    expect(await adminRequest(left.requestId)).toMatchObject({ chosenShop: null, deliverTo: null });
  });

  it('names the chosen shop and the delivery address on the buyer’s order in My Plates & Orders', async () => {
    const chosen = await submit({ shopId: cairoRoad, delivery: true, deliveryAddress: ADDRESS });
    const left = await submit({ shopId: null });
    const orders = (await get('/api/me/orders', cookies.buyer ?? '')).json().orders as Array<{ id: string }>;
    expect(orders.find((order) => order.id === chosen.requestId)).toMatchObject({
      chosenShop: 'Cairo Road Plates',
      deliveryAddress: ADDRESS,
    });
    expect(orders.find((order) => order.id === left.requestId)).toMatchObject({
      chosenShop: null,
      deliveryAddress: null,
    });
  });

  it('gives the buyer’s order the chosen shop’s id and the chosen numbers, for the receipt’s Next Steps', async () => {
    const chosen = await submit({ shopId: cairoRoad, plateNumbers: ['ZM-611-RCT'] });
    const left = await submit({ shopId: null });
    const orders = (await get('/api/me/orders', cookies.buyer ?? '')).json().orders as Array<{ id: string }>;
    expect(orders.find((order) => order.id === chosen.requestId)).toMatchObject({
      chosenShopId: cairoRoad,
      requestedNumbers: ['ZM-611-RCT'],
    });
    expect(orders.find((order) => order.id === left.requestId)).toMatchObject({
      chosenShopId: null,
      requestedNumbers: [],
    });
  });

  it('sends the shop’s order the address to deliver to, through sync, for an application', async () => {
    const { requestId } = await submit({ shopId: cairoRoad, delivery: true, deliveryAddress: ADDRESS });
    const [plate] = (await approve(requestId)).plates;
    expect(await shopOrderOf(plate ?? '')).toMatchObject({ requestId, deliveryAddress: ADDRESS });
    const collected = await submit({ shopId: cairoRoad });
    const [collectedPlate] = (await approve(collected.requestId)).plates;
    expect(await shopOrderOf(collectedPlate ?? '')).toMatchObject({ deliveryAddress: null });
  });

  it('sends the shop’s order the address to deliver to, for a marketplace purchase', async () => {
    const listings = (await get('/api/listings')).json().listings as Array<{ id: string; status: string }>;
    const listing = listings.find((candidate) => candidate.status === 'Available');
    const quote = (await get(`/api/listings/${listing?.id}/quote`, cookies.buyer ?? '')).json();
    const cardTotal = quote.buyNow.find((entry: { method: string }) => entry.method === 'card').total as number;
    const bought = await post(`/api/listings/${listing?.id}/buy`, cookies.buyer ?? '', {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      amount: cardTotal + 5000,
      ownerName: 'Mwila Banda',
      ownerNrc: '123456/78/9',
      vehicleNotYetKnown: true,
      shopId: cairoRoad,
      delivery: true,
      deliveryAddress: '3 Lubu Road, Lusaka',
    });
    expect(bought.statusCode).toBe(201);
    const { plateNumber, id } = bought.json().order as { plateNumber: string; id: string };
    expect(await shopOrderOf(plateNumber)).toMatchObject({ reference: id, deliveryAddress: '3 Lubu Road, Lusaka' });
  });
});

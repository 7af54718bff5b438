/**
 * Cards are paid on the card provider's own page (a hosted checkout): Nambala's API takes
 * no card number, the sandbox serves its page at /sandbox/pay/:token, and Nambala learns
 * the outcome by asking the provider when the payer comes back — never from the address.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { paymentService } from '../../src/server/payments/payment-service';
import {
  CARD_PAGE_EXPIRED,
  SANDBOX_CHECKOUT_LIFETIME_MS,
  sandboxProvider,
} from '../../src/server/payments/sandbox-provider';
import { registerAuth } from '../../src/server/plugins/auth';
import { registerErrorHandler } from '../../src/server/plugins/error-handler';
import { registerJsonBody } from '../../src/server/plugins/json-body';
import { listingRepository } from '../../src/server/repositories/listing-repository';
import { applicationRoutes } from '../../src/server/routes/application-routes';
import { listingRoutes } from '../../src/server/routes/listing-routes';
import { paymentRoutes } from '../../src/server/routes/payment-routes';
import { purchaseRoutes } from '../../src/server/routes/purchase-routes';
import { renewalRoutes } from '../../src/server/routes/renewal-routes';
import { sandboxCardPageRoutes } from '../../src/server/routes/sandbox-card-page-routes';
import { DEMO_LISTINGS } from '../../src/server/seed/demo-listings';
import { openTestDatabase, payOnCardPage, sessionForNewAccount } from './test-app';

const CARD_ON_PROVIDER_PAGE = "Card numbers are entered on the card provider's page, not here.";
const OWNER = { ownerName: 'Mwila Banda', ownerNrc: '123456/78/9' };

const application = (overrides: object = {}) => ({
  id: randomUUID(),
  fullName: 'Mwila Banda',
  nrcNumber: '123456/78/9',
  phoneNumber: '+260 96 1234567',
  email: 'mwila@example.zm',
  address: 'Plot 12, Kabulonga Road, Lusaka',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  registrationNotYetKnown: true,
  numberOfPlates: 1,
  paymentMethod: 'card',
  ...overrides,
});

describe('card payments on the card provider’s page', () => {
  let app: FastifyInstance;
  let db: Database;
  let payer: { id: string; cookie: string };
  let other: { id: string; cookie: string };
  let accounts = 0;
  /** The server's clock runs this far ahead of the real one. */
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);

  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const get = (url: string, cookie: string) => app.inject({ method: 'GET', url, headers: { cookie } });
  const apply = async (overrides: object = {}) => {
    const response = await post('/api/applications', payer.cookie, application(overrides));
    expect(response.statusCode).toBe(201);
    return response.json().payment;
  };
  const storedStatus = async (id: string) =>
    (await db.query<{ status: string }>('SELECT status FROM payments WHERE id = $1', [id]))[0]?.status;
  const newAccount = () =>
    sessionForNewAccount(db, {
      email: `card${(accounts += 1)}@test.zm`,
      name: `Card payer ${accounts}`,
      userType: 'Customer',
      roles: ['buyer'],
    });

  beforeAll(async () => {
    db = await openTestDatabase();
    await migrate(db);
    await listingRepository(db).insertMany(DEMO_LISTINGS);
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerJsonBody(app);
    registerAuth(app, db);
    const provider = sandboxProvider(db, now);
    await app.register(listingRoutes, { db, now });
    await app.register(purchaseRoutes, { db, provider, now });
    await app.register(paymentRoutes, { db, provider, now });
    await app.register(applicationRoutes, { db, provider, now });
    await app.register(renewalRoutes, { db, provider, now });
    await app.register(sandboxCardPageRoutes, { provider });
    app.addHook('onClose', () => db.close());
    payer = await newAccount();
    other = await newAccount();
  });
  afterAll(() => app.close());

  it('takes no card number in any of its API bodies, and has no card step', async () => {
    const card = { number: '4242 4242 4242 4242' };
    const listing = DEMO_LISTINGS[0]?.id ?? '';
    const bodies: Array<[string, object]> = [
      ['/api/applications', application({ card })],
      ['/api/listings/' + listing + '/buy', { idempotencyKey: randomUUID(), method: 'card', card, ...OWNER }],
      ['/api/listings/' + listing + '/reserve', { idempotencyKey: randomUUID(), method: 'card', card }],
      ['/api/plates/ZM-100-AAA/renewals', { idempotencyKey: randomUUID(), method: 'card', card }],
    ];
    for (const [url, body] of bodies) {
      const refused = await post(url, payer.cookie, body);
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json().message, url).toContain(CARD_ON_PROVIDER_PAGE);
    }
    const payment = await apply();
    const again = await post(`/api/applications/${payment.requestId}/payments`, payer.cookie, {
      idempotencyKey: randomUUID(),
      method: 'card',
      card,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toContain(CARD_ON_PROVIDER_PAGE);
    expect((await post(`/api/payments/${payment.id}/card`, payer.cookie, { card })).statusCode).toBe(404);
    expect(await db.query('SELECT 1 FROM payments WHERE card_last4 IS NOT NULL')).toEqual([]);
  });

  it("serves the provider's page, and settles the payment when the payer comes back and Nambala asks", async () => {
    const payment = await apply({ numberOfPlates: 2 });
    expect(payment).toMatchObject({ status: 'pending', method: 'card', card: null });
    expect(payment.checkoutUrl).toMatch(/^\/sandbox\/pay\/[A-Za-z0-9_-]{32,}$/);

    const page = await app.inject({ method: 'GET', url: payment.checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    for (const text of [
      'Sandbox card payment',
      'Nambala',
      payment.reference,
      'Card number',
      'Expiry',
      'CVC',
      'Pay',
      'Cancel',
    ])
      expect(page.body).toContain(text);

    // Not a card: refused on the page itself, which stays open; nothing is recorded.
    const invalid = await payOnCardPage(app, payment.checkoutUrl, '4242 4242 4242 4241');
    expect(invalid.page.statusCode).toBe(400);
    expect(invalid.page.body).toContain('Card number is not valid');

    const paid = await payOnCardPage(app, payment.checkoutUrl, '4242 4242 4242 4242');
    expect(paid.page.statusCode).toBe(303);
    expect(paid.page.location).toBe(`/dashboard/user/payments/${payment.id}`);
    // The page recorded it in the sandbox; Nambala's row changes only once Nambala asks the provider.
    expect(await storedStatus(payment.id)).toBe('pending');
    const read = (await get(`/api/payments/${payment.id}`, payer.cookie)).json().payment;
    expect(read).toMatchObject({ status: 'approved', card: { brand: 'Visa', last4: '4242' }, checkoutUrl: null });
    expect(await storedStatus(payment.id)).toBe('approved');

    // Single use: the page is gone once paid.
    const reused = await payOnCardPage(app, payment.checkoutUrl, '4000 0000 0000 0002');
    expect(reused.page.statusCode).toBe(410);
    expect((await app.inject({ method: 'GET', url: payment.checkoutUrl })).statusCode).toBe(410);
  });

  it('declines with the reason, and cancels, as the payer did on the page', async () => {
    const declined = await payOnCardPage(app, (await apply()).checkoutUrl, '4000 0000 0000 0069', payer);
    expect(declined.payment).toMatchObject({
      status: 'declined',
      declineReason: 'Card expired',
      card: { last4: '0069' },
    });
    const cancelled = await payOnCardPage(app, (await apply()).checkoutUrl, 'cancel', payer);
    expect(cancelled.payment).toMatchObject({ status: 'cancelled', card: null });
  });

  it('believes no return address: a forged outcome in the query changes nothing', async () => {
    const payment = await apply();
    for (const query of ['?status=approved', '?outcome=approved&event=approve', '?paid=1'])
      expect((await get(`/api/payments/${payment.id}${query}`, payer.cookie)).json().payment.status).toBe('pending');
    expect(await storedStatus(payment.id)).toBe('pending');
    // Someone else cannot read it (or settle it by reading).
    expect((await get(`/api/payments/${payment.id}`, other.cookie)).statusCode).toBe(404);
  });

  it('answers a guessed page address with nothing to pay', async () => {
    const guessed = `/sandbox/pay/${randomBytes(24).toString('base64url')}`;
    expect((await app.inject({ method: 'GET', url: guessed })).statusCode).toBe(410);
    expect((await payOnCardPage(app, guessed, '4242424242424242')).page.statusCode).toBe(410);
  });

  it('holds a plate bought by card until the page reports, then sells it or releases it', async () => {
    const [buyer, unlucky] = [await newAccount(), await newAccount()];
    const listing = DEMO_LISTINGS.find((candidate) => candidate.number === 'ZM-202-BUS')?.id ?? '';
    const buy = (cookie: string) =>
      post(`/api/listings/${listing}/buy`, cookie, { idempotencyKey: randomUUID(), method: 'card', ...OWNER });
    const first = (await buy(unlucky.cookie)).json();
    expect(first.payment).toMatchObject({ status: 'pending' });
    const declined = await payOnCardPage(app, first.payment.checkoutUrl, '4000 0000 0000 0002', unlucky);
    expect(declined.payment).toMatchObject({ status: 'declined', declineReason: 'Insufficient funds' });
    const second = (await buy(buyer.cookie)).json();
    expect(second.payment.status).toBe('pending');
    const approved = await payOnCardPage(app, second.payment.checkoutUrl, '5555 5555 5555 4444', buyer);
    expect(approved.payment).toMatchObject({ status: 'approved', card: { brand: 'Mastercard', last4: '4444' } });
  });

  it('closes a page left unused for 30 minutes: the payment times out and the plate it held is free again', async () => {
    const [leaver, next] = [await newAccount(), await newAccount()];
    const listing = DEMO_LISTINGS.find((candidate) => candidate.number === 'ZM-310-TRK')?.id ?? '';
    const buy = (cookie: string) =>
      post(`/api/listings/${listing}/buy`, cookie, { idempotencyKey: randomUUID(), method: 'card', ...OWNER });
    const left = (await buy(leaver.cookie)).json().payment;
    const application = await apply();
    expect((await buy(next.cookie)).statusCode).toBe(409);
    try {
      ahead = SANDBOX_CHECKOUT_LIFETIME_MS - 1000;
      expect((await app.inject({ method: 'GET', url: left.checkoutUrl })).statusCode).toBe(200);
      ahead = SANDBOX_CHECKOUT_LIFETIME_MS;
      // Nobody looks: the lapsed-payments job asks the provider, which reports both pages expired.
      const service = paymentService({ db, provider: sandboxProvider(db, now), now, log: app.log });
      expect(await service.recordLapsed()).toBeGreaterThanOrEqual(2);
      expect(await storedStatus(left.id)).toBe('timed_out');
      expect(await storedStatus(application.id)).toBe('timed_out');
      const page = await app.inject({ method: 'GET', url: left.checkoutUrl });
      expect(page.statusCode).toBe(410);
      expect(page.body).toContain(CARD_PAGE_EXPIRED);
      expect((await payOnCardPage(app, left.checkoutUrl, '4242 4242 4242 4242')).page.statusCode).toBe(410);
      expect((await get(`/api/payments/${left.id}`, leaver.cookie)).json().payment).toMatchObject({
        status: 'timed_out',
        checkoutUrl: null,
      });
      // The plate is free for the next buyer.
      const bought = (await buy(next.cookie)).json().payment;
      expect(bought.status).toBe('pending');
      expect((await payOnCardPage(app, bought.checkoutUrl, '4242 4242 4242 4242', next)).payment?.status).toBe(
        'approved',
      );
    } finally {
      ahead = 0;
    }
  });
});

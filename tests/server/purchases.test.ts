/**
 * Reserving and buying marketplace plates over HTTP, on a clock the test moves: the hold
 * while a payment is pending, the reservation that lapses by time alone (6 days 23 hours
 * still Reserved, 7 days Available), the fee deducted from Buy Now, idempotent payments,
 * declines and time-outs releasing the plate, and many buyers racing for one plate.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '#domain/pricing/pricing';
import { formatReservationDate } from '#domain/purchases/reservation';
import { type Database } from '../../src/server/db/database';
import { openTestDatabase, payOnCardPage, postPayingByCard } from './test-app';
import { sandboxCardPageRoutes } from '../../src/server/routes/sandbox-card-page-routes';
import { CARD_ON_PROVIDER_PAGE } from '../../src/server/routes/schemas';
import { migrate } from '../../src/server/db/migrate';
import { BANK_TRANSFER_HOLD_MS } from '#domain/payments/payment-outcome';
import {
  HELD_BY_ANOTHER,
  HELD_BY_YOU,
  heldForTransfer,
  heldForYourTransfer,
  KEY_REUSED,
} from '../../src/server/payments/marketplace-checkout';
import { sandboxProvider } from '../../src/server/payments/sandbox-provider';
import { registerAuth } from '../../src/server/plugins/auth';
import { registerErrorHandler } from '../../src/server/plugins/error-handler';
import { registerJsonBody } from '../../src/server/plugins/json-body';
import { listingRepository } from '../../src/server/repositories/listing-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { settingsRepository } from '../../src/server/repositories/settings-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { listingRoutes } from '../../src/server/routes/listing-routes';
import { paymentRoutes } from '../../src/server/routes/payment-routes';
import { purchaseRoutes } from '../../src/server/routes/purchase-routes';
import { DEMO_LISTINGS } from '../../src/server/seed/demo-listings';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const APPROVE_CARD = { number: '4242 4242 4242 4242' };
const DECLINE_CARD = { number: '4000 0000 0000 0002' };
const MTN_PHONE = '0961234567';
/** Whose a bought plate is to be: Buy Now asks for the owner's full name and NRC number. */
const OWNER = { ownerName: 'Mwila Banda', ownerNrc: '123456/78/9' };

/** The server's payment and purchase routes on an in-memory database, with a clock the test sets. */
async function buildHarness() {
  const db = await openTestDatabase();
  await migrate(db);
  await listingRepository(db).insertMany(DEMO_LISTINGS);
  const clock = { ms: Date.now() };
  const now = () => new Date(clock.ms);
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerJsonBody(app);
  registerAuth(app, db);
  const provider = sandboxProvider(db, now);
  await app.register(listingRoutes, { db, now });
  await app.register(purchaseRoutes, { db, provider, now });
  await app.register(paymentRoutes, { db, provider, now });
  await app.register(sandboxCardPageRoutes, { provider });
  app.addHook('onClose', () => db.close());
  return { app, db, clock };
}

async function signedIn(
  db: Database,
  name: string,
  roles: Array<'buyer' | 'admin'> = ['buyer'],
): Promise<{ id: string; cookie: string }> {
  const user = await userRepository(db).create({
    email: `${name}@test.zm`,
    name,
    passwordHash: 'x',
    accountType: 'individual',
    userType: 'Customer',
    status: 'Active',
    requestedRole: null,
    roles,
  });
  if (!user) throw new Error(`could not create ${name}`);
  const token = `session-${name}-${randomUUID()}`;
  await sessionRepository(db).create(token, user.id, new Date(Date.now() + 3600_000));
  return { id: user.id, cookie: `nambala_session=${token}` };
}

describe('marketplace purchases and reservations', () => {
  let app: FastifyInstance;
  let db: Database;
  let clock: { ms: number };
  let start: number;
  let buyers = 0;

  const newBuyer = () => signedIn(db, `buyer${(buyers += 1)}`);
  const post = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const listingId = (number: string) => DEMO_LISTINGS.find((listing) => listing.number === number)?.id ?? '';
  const statusOf = async (number: string) =>
    (await get('/api/listings')).json().listings.find((listing: { number: string }) => listing.number === number);
  const paymentRows = async (listing: string) =>
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE listing_id = $1', [listing]))[0]?.n;
  const checkout = (url: string, cookie: string, body: Record<string, unknown>) =>
    postPayingByCard(app, url, cookie, body);
  const reserve = (listing: string, cookie: string, body: object = {}) =>
    checkout(`/api/listings/${listing}/reserve`, cookie, {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      ...body,
    });
  const buy = (listing: string, cookie: string, body: object = {}) =>
    checkout(`/api/listings/${listing}/buy`, cookie, {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
      ...OWNER,
      ...body,
    });

  beforeAll(async () => {
    ({ app, db, clock } = await buildHarness());
  });
  beforeEach(() => {
    start = Date.now();
    clock.ms = start;
  });
  afterAll(() => app.close());

  it('holds a plate while a mobile-money reservation is pending, then reserves it for 7 days once approved', async () => {
    const [first, second] = [await newBuyer(), await newBuyer()];
    const id = listingId('ZM-777-VIP');
    const started = await reserve(id, first.cookie, { method: 'mtn', phone: MTN_PHONE, card: undefined });
    expect(started.statusCode).toBe(201);
    expect(started.json().payment).toMatchObject({
      status: 'pending',
      amount: DEFAULT_PRICING.reservationFee,
      method: 'mtn',
      payerPhone: '+260961234567',
      purpose: 'reservation',
    });
    expect(started.json().listing).toMatchObject({ status: 'Reserved' });

    // While the first buyer's phone shows the prompt, nobody else can pay for the plate.
    const blocked = await reserve(id, second.cookie);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(HELD_BY_ANOTHER);
    const again = await reserve(id, first.cookie, { method: 'mtn', phone: MTN_PHONE, card: undefined });
    expect(again.json().message).toBe(HELD_BY_YOU);
    expect(await paymentRows(id)).toBe(1);

    clock.ms = start + 30_000;
    const approved = await post(`/api/payments/${started.json().payment.id}/sandbox-prompt`, first.cookie, {
      answer: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().payment.status).toBe('approved');
    const listing = await statusOf('ZM-777-VIP');
    expect(listing).toMatchObject({
      status: 'Reserved',
      reservedUntil: new Date(start + 30_000 + 7 * DAY).toISOString(),
    });
    expect(
      (await get('/api/purchases', first.cookie))
        .json()
        .reservations.map((reserved: { number: string }) => reserved.number),
    ).toEqual(['ZM-777-VIP']);
  });

  it('keeps a reservation at 6 days 23 hours and lets the plate go at exactly 7 days, with no job run', async () => {
    const [holder, other] = [await newBuyer(), await newBuyer()];
    const id = listingId('ZM-888-GLD');
    expect((await reserve(id, holder.cookie)).statusCode).toBe(201);
    const until = start + 7 * DAY;

    clock.ms = start + 6 * DAY + 23 * HOUR;
    expect(await statusOf('ZM-888-GLD')).toMatchObject({
      status: 'Reserved',
      reservedUntil: new Date(until).toISOString(),
    });
    const refused = await reserve(id, other.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `This plate is reserved by another buyer until ${formatReservationDate(new Date(until))}.`,
    );
    expect((await buy(id, other.cookie)).statusCode).toBe(409);
    const own = await reserve(id, holder.cookie);
    expect(own.json().message).toBe(
      `You have already reserved this plate until ${formatReservationDate(new Date(until))}.`,
    );

    clock.ms = until;
    expect(await statusOf('ZM-888-GLD')).toMatchObject({ status: 'Available', reservedUntil: null });
    const taken = await reserve(id, other.cookie);
    expect(taken.statusCode).toBe(201);
    expect(taken.json().listing.status).toBe('Reserved');
  });

  it('deducts the reservation fee the buyer paid when they buy within the reservation, and sells the plate with an order', async () => {
    const holder = await newBuyer();
    const id = listingId('ZM-001-ABC');
    const price = 350_000;
    expect((await reserve(id, holder.cookie)).statusCode).toBe(201);

    clock.ms = start + 3 * DAY;
    const quote = (await get(`/api/listings/${id}/quote`, holder.cookie)).json();
    const mtnQuote = quote.buyNow.find((line: { method: string }) => line.method === 'mtn');
    expect(mtnQuote).toMatchObject({
      price,
      processingFee: 1000,
      gatewayFee: 7000,
      reservationCredit: 20_000,
      total: price + 1000 + 7000 - 20_000,
    });
    expect(quote.mayBuy).toEqual({ ok: true });

    const bought = await buy(id, holder.cookie, {
      method: 'mtn',
      phone: MTN_PHONE,
      card: undefined,
      amount: mtnQuote.total,
    });
    expect(bought.statusCode).toBe(201);
    const payment = bought.json().payment;
    expect(payment).toMatchObject({ amount: 338_000, status: 'pending', purpose: 'purchase' });
    expect(payment.lines).toEqual([
      { kind: 'price', label: 'Plate ZM-001-ABC', amount: price },
      { kind: 'processing', label: 'Processing fee', amount: 1000 },
      { kind: 'gateway', label: 'Gateway fee (MTN Mobile Money, 2%)', amount: 7000 },
      { kind: 'reservation-credit', label: 'Reservation fee deducted', amount: -20_000 },
    ]);
    expect(
      (await post(`/api/payments/${payment.id}/sandbox-prompt`, holder.cookie, { answer: 'approve' })).json().payment
        .status,
    ).toBe('approved');
    expect(await statusOf('ZM-001-ABC')).toMatchObject({ status: 'Sold' });
    const { orders, reservations } = (await get('/api/purchases', holder.cookie)).json();
    expect(reservations).toEqual([]);
    expect(orders).toEqual([
      expect.objectContaining({
        plateNumber: 'ZM-001-ABC',
        price,
        reservationCredit: 20_000,
        total: 338_000,
        paymentId: payment.id,
        status: 'Pending',
      }),
    ]);
  });

  it('credits what the reservation really cost, not the fee as it is now, and no credit once the reservation lapsed', async () => {
    const holder = await newBuyer();
    const id = listingId('ZM-100-LSK');
    expect((await reserve(id, holder.cookie)).statusCode).toBe(201);
    await settingsRepository(db).setPricing(
      { ...DEFAULT_PRICING, reservationFee: 50_000 as typeof DEFAULT_PRICING.reservationFee },
      holder.id,
      new Date(),
    );
    try {
      const quote = (await get(`/api/listings/${id}/quote`, holder.cookie)).json();
      expect(quote.reservation.amount).toBe(50_000);
      expect(quote.buyNow.find((line: { method: string }) => line.method === 'card').reservationCredit).toBe(20_000);
      clock.ms = start + 7 * DAY;
      const lapsed = (await get(`/api/listings/${id}/quote`, holder.cookie)).json();
      expect(lapsed.buyNow.find((line: { method: string }) => line.method === 'card').reservationCredit).toBe(0);
    } finally {
      await settingsRepository(db).setPricing(DEFAULT_PRICING, holder.id, new Date());
    }
  });

  it('returns the same payment for the same key, charging once, and refuses the key for another payment', async () => {
    const buyer = await newBuyer();
    const id = listingId('ZM-123-CBU');
    const body = { idempotencyKey: randomUUID(), method: 'card', ...OWNER };
    const first = await post(`/api/listings/${id}/buy`, buyer.cookie, body);
    expect(first.statusCode).toBe(201);
    const paid = await payOnCardPage(app, first.json().payment.checkoutUrl, APPROVE_CARD.number, buyer);
    const second = await post(`/api/listings/${id}/buy`, buyer.cookie, body);
    const third = await post(`/api/listings/${id}/buy`, buyer.cookie, body);
    expect(second.statusCode).toBe(200);
    expect(second.json().payment).toEqual({ ...paid.payment, refund: null });
    expect(second.json().payment.id).toBe(first.json().payment.id);
    expect(third.json().order.id).toBe(second.json().order.id);
    expect(await paymentRows(id)).toBe(1);

    const otherMethod = await post(`/api/listings/${id}/buy`, buyer.cookie, {
      ...body,
      method: 'mtn',
      phone: MTN_PHONE,
    });
    expect(otherMethod.statusCode).toBe(409);
    expect(otherMethod.json().message).toBe(KEY_REUSED);
    const otherAmount = await post(`/api/listings/${id}/buy`, buyer.cookie, { ...body, amount: 1 });
    expect(otherAmount.json().message).toBe(KEY_REUSED);
    const otherPlate = await post(`/api/listings/${listingId('ZM-555-NDL')}/buy`, buyer.cookie, body);
    expect(otherPlate.json().message).toBe(KEY_REUSED);
    const otherOwner = await post(`/api/listings/${id}/buy`, buyer.cookie, { ...body, ownerNrc: '654321/87/1' });
    expect(otherOwner.statusCode).toBe(409);
    expect(otherOwner.json().message).toBe(KEY_REUSED);
    // The same NRC written another way is the same person: the same payment.
    expect(
      (await post(`/api/listings/${id}/buy`, buyer.cookie, { ...body, ownerNrc: ' 123456/78/9 ' })).statusCode,
    ).toBe(200);
    expect(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE payer_id = $1', [buyer.id]))[0]?.n,
    ).toBe(1);
  });

  it('sells a plate by bank transfer: held for the buyer for 3 days with the bank details, sold once an administrator marks the money received', async () => {
    const [payer, other, admin] = [
      await newBuyer(),
      await newBuyer(),
      await signedIn(db, `admin${(buyers += 1)}`, ['admin']),
    ];
    const id = listingId('ZM-444-CHP');
    const quoted = (await get(`/api/listings/${id}/quote`, payer.cookie))
      .json()
      .buyNow.find((line: { method: string }) => line.method === 'bank');
    expect(quoted).toMatchObject({ gatewayFee: 0 });
    const started = await buy(id, payer.cookie, { method: 'bank', card: undefined, amount: quoted.total });
    expect(started.statusCode).toBe(201);
    const payment = started.json().payment;
    expect(payment).toMatchObject({ status: 'pending', method: 'bank', purpose: 'purchase', amount: quoted.total });
    expect(payment.instructions).toContain(payment.reference);
    const heldUntil = new Date(start + BANK_TRANSFER_HOLD_MS).toISOString();
    expect(started.json().listing).toMatchObject({ status: 'Reserved', reservedUntil: heldUntil });

    // Longer than a phone prompt waits: the plate is still held for the transfer two days on.
    clock.ms = start + 2 * DAY;
    const blocked = await buy(id, other.cookie);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(heldForTransfer(heldUntil));
    expect((await buy(id, payer.cookie, { method: 'bank', card: undefined })).json().message).toBe(
      heldForYourTransfer(heldUntil),
    );

    const received = await post(`/api/admin/payments/${payment.id}/received`, admin.cookie, {});
    expect(received.statusCode).toBe(200);
    expect(received.json().payment.status).toBe('approved');
    expect(await statusOf('ZM-444-CHP')).toMatchObject({ status: 'Sold' });
    expect(await paymentRows(id)).toBe(1);
  });

  it('lets a plate go when the bank transfer has not arrived within its hold', async () => {
    const [payer, other] = [await newBuyer(), await newBuyer()];
    const id = listingId('ZM-666-KAB');
    expect((await reserve(id, payer.cookie, { method: 'bank', card: undefined })).statusCode).toBe(201);
    clock.ms = start + BANK_TRANSFER_HOLD_MS - 60_000;
    expect(await statusOf('ZM-666-KAB')).toMatchObject({ status: 'Reserved' });
    clock.ms = start + BANK_TRANSFER_HOLD_MS;
    expect(await statusOf('ZM-666-KAB')).toMatchObject({ status: 'Available', reservedUntil: null });
    expect((await reserve(id, other.cookie)).statusCode).toBe(201);
  });

  it('leaves the plate Available when the card is declined', async () => {
    const [unlucky, next] = [await newBuyer(), await newBuyer()];
    const id = listingId('ZM-202-BUS');
    const declined = await buy(id, unlucky.cookie, { card: DECLINE_CARD });
    expect(declined.statusCode).toBe(201);
    expect(declined.json().payment).toMatchObject({
      status: 'declined',
      declineReason: 'Insufficient funds',
      card: { brand: 'Visa', last4: '0002' },
    });
    expect(declined.json().listing.status).toBe('Available');
    expect(declined.json().order).toBeNull();
    expect((await buy(id, next.cookie)).json().payment.status).toBe('approved');
  });

  it('releases the hold when nobody answers the prompt in time, and refuses the late answer', async () => {
    const [slow, quick] = [await newBuyer(), await newBuyer()];
    const id = listingId('ZM-310-TRK');
    const pending = (await buy(id, slow.cookie, { method: 'airtel', phone: '0971234567', card: undefined })).json()
      .payment;
    expect(pending.expiresAt).toBe(new Date(start + 2 * 60_000).toISOString());

    clock.ms = start + 2 * 60_000 - 1;
    expect((await buy(id, quick.cookie)).json().message).toBe(HELD_BY_ANOTHER);
    clock.ms = start + 2 * 60_000;
    expect(await statusOf('ZM-310-TRK')).toMatchObject({ status: 'Available' });
    expect((await get(`/api/payments/${pending.id}`, slow.cookie)).json().payment).toMatchObject({
      status: 'timed_out',
      settledAt: pending.expiresAt,
    });
    const late = await post(`/api/payments/${pending.id}/sandbox-prompt`, slow.cookie, { answer: 'approve' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payment request timed out. Please start a new payment.');
    expect((await buy(id, quick.cookie)).json()).toMatchObject({
      payment: { status: 'approved' },
      listing: { status: 'Sold' },
    });
  });

  it('refuses a sold plate and a reserved one with the domain’s words, taking no payment', async () => {
    const buyer = await newBuyer();
    const sold = await buy(listingId('ZM-450-CAB'), buyer.cookie);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe('This plate has already been sold.');
    // A plate the seed lists as Reserved with no end date stays Reserved.
    expect((await reserve(listingId('ZM-999-KTW'), buyer.cookie)).json().message).toBe(
      'This plate is reserved by another buyer.',
    );
    expect(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payments WHERE payer_id = $1', [buyer.id]))[0]?.n,
    ).toBe(0);
  });

  it('lets exactly one of many concurrent buyers have a plate; the others get 409 and pay nothing', async () => {
    const contenders = await Promise.all(Array.from({ length: 12 }, () => newBuyer()));
    const id = listingId('ZM-000-GRZ');
    const answers = await Promise.all(
      contenders.map((buyer, index) => (index % 2 === 0 ? buy(id, buyer.cookie) : reserve(id, buyer.cookie))),
    );
    const won = answers.filter((answer) => answer.statusCode === 201);
    const lost = answers.filter((answer) => answer.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(contenders.length - 1);
    for (const answer of lost)
      expect(answer.json().message).toMatch(
        /^(This plate has already been sold\.|This plate is reserved by another buyer until .+\.|Another buyer is paying for this plate right now\. .+)$/,
      );
    expect(await paymentRows(id)).toBe(1);
  });

  it('checks the payment details before recording anything', async () => {
    const buyer = await newBuyer();
    const id = listingId('ZM-610-GOV');
    const wrongNetwork = await reserve(id, buyer.cookie, { method: 'mtn', phone: '0971234567', card: undefined });
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json().fields).toEqual({
      phone: 'This number is not on MTN Mobile Money. MTN numbers start with 096 or 076.',
    });
    // A card is entered on the card provider's page, never sent here.
    const withCard = await post(`/api/listings/${id}/reserve`, buyer.cookie, {
      idempotencyKey: randomUUID(),
      method: 'card',
      card: APPROVE_CARD,
    });
    expect(withCard.statusCode).toBe(400);
    expect(withCard.json().fields).toEqual({ card: CARD_ON_PROVIDER_PAGE });
    const cash = await reserve(id, buyer.cookie, { method: 'cash', card: undefined });
    expect(cash.statusCode).toBe(400);
    expect(cash.json().fields.method).toBe('Choose MTN Mobile Money, Airtel Money, a card or a bank transfer');
    const staleKey = await reserve(id, buyer.cookie, { idempotencyKey: 'not-a-uuid' });
    expect(staleKey.json().fields.idempotencyKey).toMatch(/UUID/);
    const changedPrice = await buy(id, buyer.cookie, { amount: 280_000 });
    expect(changedPrice.statusCode).toBe(409);
    expect(changedPrice.json().message).toBe(
      'The price has changed: the total is now K2,894.00. Please check it and try again.',
    );
    expect(await paymentRows(id)).toBe(0);
    expect(
      (
        await post(`/api/listings/nope/buy`, buyer.cookie, {
          idempotencyKey: randomUUID(),
          method: 'card',
          ...OWNER,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses Buy Now without the owner’s full name and NRC number, or with a malformed NRC, with the wizard’s words and nothing recorded', async () => {
    const buyer = await newBuyer();
    const id = listingId('ZM-610-GOV');
    const noOwner = await post(`/api/listings/${id}/buy`, buyer.cookie, {
      idempotencyKey: randomUUID(),
      method: 'card',
    });
    expect(noOwner.statusCode).toBe(400);
    expect(noOwner.json().fields).toEqual({ ownerName: 'Full name is required', ownerNrc: 'NRC number is required' });
    const noNrc = await buy(id, buyer.cookie, { ownerNrc: undefined });
    expect(noNrc.statusCode).toBe(400);
    expect(noNrc.json()).toMatchObject({
      message: 'NRC number is required',
      fields: { ownerNrc: 'NRC number is required' },
    });
    const blankNrc = await buy(id, buyer.cookie, { ownerNrc: '   ' });
    expect(blankNrc.json()).toMatchObject({
      message: 'NRC number is required',
      fields: { ownerNrc: 'NRC number is required' },
    });
    for (const malformed of ['12345678', '123456-78-9', '1234567/78/9', 12345678]) {
      const refused = await buy(id, buyer.cookie, { ownerNrc: malformed });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields.ownerNrc).toBe(
        typeof malformed === 'string' ? 'NRC number must look like 123456/78/9' : 'NRC number is required',
      );
    }
    const badName = await buy(id, buyer.cookie, { ownerName: '7' });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().fields).toEqual({ ownerName: expect.stringMatching(/^Full name /) });
    expect(await paymentRows(id)).toBe(0);
    expect(await statusOf('ZM-610-GOV')).toMatchObject({ status: 'Available' });
  });

  it('keeps the owner named at Buy Now with the payment, and puts them on the order once the payment is approved', async () => {
    const buyer = await newBuyer();
    const id = listingId('ZM-610-GOV');
    const pending = await buy(id, buyer.cookie, {
      method: 'mtn',
      phone: MTN_PHONE,
      card: undefined,
      ownerName: '  Chanda   Mulenga ',
      ownerNrc: ' 234567/89/1 ',
    });
    expect(pending.statusCode).toBe(201);
    expect(pending.json().payment).toMatchObject({
      status: 'pending',
      owner: { name: 'Chanda Mulenga', nrc: '234567/89/1' },
    });
    expect(pending.json().order).toBeNull();
    const approved = await post(`/api/payments/${pending.json().payment.id}/sandbox-prompt`, buyer.cookie, {
      answer: 'approve',
    });
    expect(approved.json().payment).toMatchObject({
      status: 'approved',
      owner: { name: 'Chanda Mulenga', nrc: '234567/89/1' },
    });
    const { orders } = (await get('/api/purchases', buyer.cookie)).json();
    expect(orders).toEqual([
      expect.objectContaining({ plateNumber: 'ZM-610-GOV', ownerName: 'Chanda Mulenga', ownerNrc: '234567/89/1' }),
    ]);
    // A reservation names no one: its later purchase does.
    const reservation = await reserve(listingId('ZM-333-LIV'), buyer.cookie);
    expect(reservation.json().payment.owner).toBeNull();
  });

  it('names the account holder, with no NRC, on a purchase paid for before Buy Now asked', async () => {
    const buyer = await newBuyer();
    const id = listingId('ZM-555-NDL');
    const pending = (await buy(id, buyer.cookie, { method: 'mtn', phone: MTN_PHONE, card: undefined })).json().payment;
    // As a payment started by the earlier app, which sent no owner, is stored.
    await db.query('UPDATE payments SET owner_name = NULL, owner_nrc = NULL WHERE id = $1', [pending.id]);
    expect(
      (await post(`/api/payments/${pending.id}/sandbox-prompt`, buyer.cookie, { answer: 'approve' })).json().payment,
    ).toMatchObject({ status: 'approved', owner: null });
    const { orders } = (await get('/api/purchases', buyer.cookie)).json();
    expect(orders).toEqual([
      expect.objectContaining({ plateNumber: 'ZM-555-NDL', ownerName: `buyer${buyers}`, ownerNrc: '' }),
    ]);
  });

  it('suggests the account’s name, with the NRC the buyer last gave under it at Buy Now or on an application', async () => {
    const buyer = await newBuyer();
    const name = 'Chipo Zulu';
    await db.query('UPDATE users SET name = $2 WHERE id = $1', [buyer.id, name]);
    const id = listingId('ZM-708-SOL');
    const suggestion = async () => (await get(`/api/listings/${id}/quote`, buyer.cookie)).json().owner;
    expect((await get(`/api/listings/${id}/quote`)).json().owner).toBeNull();
    expect(await suggestion()).toEqual({ name, nrc: '' });
    // Bought for someone else: their NRC is never offered beside the buyer's own name.
    await buy(id, buyer.cookie, { card: DECLINE_CARD, ownerName: 'Chanda Mulenga', ownerNrc: '234567/89/1' });
    expect(await suggestion()).toEqual({ name, nrc: '' });
    clock.ms = start + 60_000;
    await buy(id, buyer.cookie, { card: DECLINE_CARD, ownerName: name.toUpperCase(), ownerNrc: '234567/89/2' });
    expect(await suggestion()).toEqual({ name, nrc: '234567/89/2' });
    clock.ms = start + 120_000;
    const application = async (applicantName: string, nrc: string) =>
      db.query(
        `INSERT INTO plate_requests (id, application_id, reference, applicant_id, applicant_name, nrc_number, phone, email, address, quantity, payment_method, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, '+260971234567', 'c@test.zm', 'Lusaka', 1, 'mtn', 'Pending', $7)`,
        [`REQ-${randomUUID()}`, randomUUID(), `LP-${randomUUID()}`, buyer.id, applicantName, nrc, new Date(clock.ms)],
      );
    await application('Bupe Tembo', '456789/01/2');
    expect(await suggestion()).toEqual({ name, nrc: '234567/89/2' });
    clock.ms = start + 180_000;
    await application(name, '345678/90/1');
    expect(await suggestion()).toEqual({ name, nrc: '345678/90/1' });
  });

  it('needs a signed-in buyer to reserve or buy, and shows visitors a quote without credit', async () => {
    const id = listingId('ZM-222-MAX');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/listings/${id}/reserve`,
          payload: { idempotencyKey: randomUUID(), method: 'card' },
        })
      ).statusCode,
    ).toBe(401);
    const quote = (await get(`/api/listings/${id}/quote`)).json();
    expect(quote).toMatchObject({
      reservation: { amount: 20_000, days: 7 },
      mayBuy: null,
      mayReserve: null,
      listing: { number: 'ZM-222-MAX', status: 'Available' },
    });
    expect(quote.buyNow.map((line: { method: string }) => line.method)).toEqual(['mtn', 'airtel', 'card', 'bank']);
  });

  it('lets an administrator find a marketplace order by its PO- reference with its buyer, owner, payment and refund; nobody else', async () => {
    const buyer = await newBuyer();
    const admin = await signedIn(db, `orders-admin-${randomUUID().slice(0, 8)}`, ['admin']);
    const listing = listingId('ZM-512-KSM');
    const started = await post(`/api/listings/${listing}/buy`, buyer.cookie, {
      idempotencyKey: randomUUID(),
      method: 'mtn',
      phone: MTN_PHONE,
      ...OWNER,
    });
    expect(started.statusCode).toBe(201);
    const paid = await post(`/api/payments/${started.json().payment.id}/sandbox-prompt`, buyer.cookie, {
      answer: 'approve',
    });
    const order = paid.json().order ?? (await get('/api/purchases', buyer.cookie)).json().orders[0];
    expect(order.id).toMatch(/^PO-\d{6}$/);

    const listed = await get('/api/admin/orders', admin.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().orders.find((candidate: { id: string }) => candidate.id === order.id)).toEqual({
      id: order.id,
      plateNumber: 'ZM-512-KSM',
      status: 'Pending',
      total: expect.any(Number),
      createdAt: expect.any(String),
      buyerName: expect.stringMatching(/^buyer\d+$/),
      buyerEmail: expect.stringMatching(/^buyer\d+@test\.zm$/),
      buyerPhone: null,
      ownerName: OWNER.ownerName,
      ownerNrc: OWNER.ownerNrc,
      paymentReference: expect.stringMatching(/^PAY-\d{6}$/),
      paymentStatus: 'approved',
      refundStatus: null,
    });
    expect((await get('/api/admin/orders', buyer.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/orders')).statusCode).toBe(401);
  });
});

/**
 * Choosing a number (docs/plate-numbers.md): the availability check answers only for plate
 * numbers (HELLO gets a message), says free / for sale / held / registered / not offered; an
 * application for a chosen number holds exactly that number, refuses a taken, offensive or
 * look-alike one before any payment is recorded, and approval allocates exactly it — or
 * records the failure when the number is gone by then.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ngwee } from '#domain/money/money';
import { NUMBER_NOT_OFFERED_WORD } from '#domain/plates/number-choice';
import type { Database } from '../../src/server/db/database';
import { listingRepository } from '../../src/server/repositories/listing-repository';
import { numberNotFree } from '../../src/server/numbers/chosen-numbers';
import { buildTestAppWithDb, postPayingByCard } from './test-app';

const application = (overrides: object = {}) => ({
  id: randomUUID(),
  fullName: 'Chanda Mwale',
  nrcNumber: '456789/12/3',
  phoneNumber: '+260 97 4567890',
  email: 'chanda@example.zm',
  address: '12 Cairo Road, Lusaka',
  vehicleMake: 'Nissan',
  vehicleModel: 'Hardbody',
  registrationNotYetKnown: true,
  numberOfPlates: 1,
  paymentMethod: 'card',
  card: { number: '4242 4242 4242 4242' },
  ...overrides,
});

describe('choosing a number', () => {
  let app: FastifyInstance;
  let db: Database;
  const cookies: Record<string, string> = {};

  async function signIn(email: string, password: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }
  const get = (url: string, cookie = '') => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  // A payment started by card is paid on the card provider's page with the body's `card` (never sent to Nambala).
  const post = (url: string, cookie: string, payload: object) =>
    postPayingByCard(app, url, cookie, payload as Record<string, unknown>);
  const put = (url: string, cookie: string, payload: object) =>
    app.inject({ method: 'PUT', url, headers: { cookie }, payload });
  const check = async (number: string) => get(`/api/plates/${encodeURIComponent(number)}/availability`);
  const stored = async (applicationId: string) =>
    db.query<{ id: string }>('SELECT id FROM plate_requests WHERE application_id = $1', [applicationId]);
  const paymentsFor = async (key: string) =>
    db.query<{ id: string }>('SELECT id FROM payments WHERE idempotency_key = $1', [key]);
  const decide = async (ids: string[]) =>
    (await post('/api/admin/requests/decide', cookies.admin ?? '', { ids, decision: 'approve' })).json() as {
      outcomes: Array<{ requestId: string; ok: boolean; plates?: string[]; reason?: string; message?: string }>;
    };
  const adminView = async (requestId: string) =>
    ((await get('/api/admin/requests', cookies.admin)).json().requests as Array<Record<string, unknown>>).find(
      (request) => request.id === requestId,
    );

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
  }, 60_000);
  afterAll(() => app.close());

  describe('the availability check', () => {
    it('refuses text that is not a plate number, with a message saying what one looks like', async () => {
      const response = await check('HELLO');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(
        /^HELLO is not a plate number you can apply for\. Numbers look like ZM-001-ABC/,
      );
      expect(response.json().fields).toEqual({ plateNumber: response.json().message });
    });

    it('says a free number is free, with no reason', async () => {
      expect((await check('ZM-500-MWB')).json()).toEqual({
        plateNumber: 'ZM-500-MWB',
        availability: 'free',
        listing: null,
        reason: null,
      });
    });

    it('says a listed number is for sale, with its listing, and a registered one is registered', async () => {
      expect((await check('ZM-777-VIP')).json()).toMatchObject({
        availability: 'for-sale',
        listing: { status: 'Available' },
      });
      expect((await check('ZM-123-ABC')).json().availability).toBe('registered');
    });

    it('answers for a registered number of an older form it would not accept as a new one', async () => {
      const [old] = await db.query<{ plate_number: string }>(
        "SELECT plate_number FROM registered_plates WHERE plate_number NOT LIKE 'ZM-%' LIMIT 1",
      );
      if (old) expect((await check(old.plate_number)).json().availability).toBe('registered');
    });

    it('does not offer a number spelling a listed word, nor a look-alike of a taken number', async () => {
      expect((await check('ZM-100-ASS')).json()).toMatchObject({
        availability: 'not-offered',
        reason: NUMBER_NOT_OFFERED_WORD,
      });
      // ZM-777-V1P reads like the listed ZM-777-VIP.
      expect((await check('ZM-777-V1P')).json()).toMatchObject({
        availability: 'not-offered',
        reason: expect.stringContaining('looks like ZM-777-VIP'),
      });
    });
  });

  describe('applying for a chosen number', () => {
    it('holds exactly the chosen number: the administrator sees it, the check says held, and approval allocates it', async () => {
      const body = application({ plateNumbers: ['ZM-501-MWB'] });
      const submitted = await post('/api/applications', cookies.buyer ?? '', body);
      expect(submitted.statusCode).toBe(201);
      const { requestId } = submitted.json();
      expect(await adminView(requestId)).toMatchObject({ requestedNumbers: ['ZM-501-MWB'], allocationFailure: null });
      expect((await check('ZM-501-MWB')).json().availability).toBe('held');

      const again = await post('/api/applications', cookies.buyer ?? '', application({ plateNumbers: ['ZM-501-MWB'] }));
      expect(again.statusCode).toBe(409);
      expect(again.json().fields).toEqual({ plateNumbers: numberNotFree('ZM-501-MWB') });

      const { outcomes } = await decide([requestId]);
      expect(outcomes[0]).toMatchObject({ ok: true, plates: ['ZM-501-MWB'] });
      expect(await adminView(requestId)).toMatchObject({ plates: ['ZM-501-MWB'], requestedNumbers: ['ZM-501-MWB'] });
      expect((await check('ZM-501-MWB')).json().availability).toBe('allocated');
    });

    it('allocates the chosen numbers and random ones for the other plates', async () => {
      const submitted = await post(
        '/api/applications',
        cookies.buyer ?? '',
        application({ numberOfPlates: 3, plateNumbers: ['ZM-BWALYA', 'ZM-502-MWB'] }),
      );
      expect(submitted.statusCode).toBe(201);
      const [outcome] = (await decide([submitted.json().requestId])).outcomes;
      expect(outcome?.plates).toHaveLength(3);
      expect(outcome?.plates).toEqual(expect.arrayContaining(['ZM-BWALYA', 'ZM-502-MWB']));
    });

    it('refuses, before any payment is recorded, a number that is listed, held, offensive, a look-alike or not a number', async () => {
      const cases: Array<[string[], number, RegExp | string]> = [
        [['ZM-777-VIP'], 409, numberNotFree('ZM-777-VIP')],
        [['ZM-123-ABC'], 409, numberNotFree('ZM-123-ABC')],
        [['ZM-100-ASS'], 400, NUMBER_NOT_OFFERED_WORD],
        [['ZM-777-V1P'], 409, /looks like ZM-777-VIP/],
        [['HELLO'], 400, /HELLO is not a plate number/],
      ];
      for (const [plateNumbers, status, message] of cases) {
        const body = application({ plateNumbers });
        const response = await post('/api/applications', cookies.buyer ?? '', body);
        expect(response.statusCode, plateNumbers.join()).toBe(status);
        expect(JSON.stringify(response.json())).toMatch(message);
        expect(await stored(body.id)).toHaveLength(0);
        expect(await paymentsFor(body.id)).toHaveLength(0);
      }
    });

    it('refuses more chosen numbers than plates, and the same number twice', async () => {
      const more = await post(
        '/api/applications',
        cookies.buyer ?? '',
        application({ plateNumbers: ['ZM-503-MWB', 'ZM-504-MWB'] }),
      );
      expect(more.statusCode).toBe(400);
      expect(more.json().fields.plateNumbers).toBe('Choose at most one number for each plate');
      const twice = await post(
        '/api/applications',
        cookies.buyer ?? '',
        application({ numberOfPlates: 2, plateNumbers: ['ZM-503-MWB', 'ZM-503-MWB'] }),
      );
      expect(twice.statusCode).toBe(400);
    });

    it('lets a rejected application’s number go to the next buyer', async () => {
      const first = await post('/api/applications', cookies.buyer ?? '', application({ plateNumbers: ['ZM-505-MWB'] }));
      await post('/api/admin/requests/decide', cookies.admin ?? '', {
        ids: [first.json().requestId],
        decision: 'reject',
        reason: 'Duplicate application',
      });
      expect((await check('ZM-505-MWB')).json().availability).toBe('free');
    });

    it('records the failure when the chosen number is gone by approval, allocates nothing, and rejects and refunds the application', async () => {
      const submitted = await post(
        '/api/applications',
        cookies.buyer ?? '',
        application({ plateNumbers: ['ZM-506-MWB'] }),
      );
      const { requestId } = submitted.json();
      // An administrator lists the number in the marketplace meanwhile.
      await listingRepository(db).insertMany([
        {
          id: 'chosen-gone',
          number: 'ZM-506-MWB',
          price: ngwee(250_000),
          type: 'Personalized',
          status: 'Available',
          featured: false,
          description: '',
        },
      ]);
      const [outcome] = (await decide([requestId])).outcomes;
      expect(outcome).toMatchObject({ ok: false, reason: 'allocation-failed' });
      expect(outcome?.message).toContain('ZM-506-MWB');
      expect(outcome?.message).toContain('It was rejected and its payment is being refunded.');
      const view = await adminView(requestId);
      expect(view).toMatchObject({
        status: 'Rejected',
        plates: [],
        allocationFailure: { message: expect.any(String) },
      });
      expect(view?.rejectionReason).toContain('ZM-506-MWB, chosen with this application, is no longer free');
      const { refunds } = (await get('/api/admin/refunds', cookies.admin)).json() as {
        refunds: Array<{ reason: string; paymentReference: string; status: string }>;
      };
      expect(refunds.filter((refund) => refund.reason === 'allocation-failed')).toHaveLength(1);
    });
  });

  describe('the offensive-word list', () => {
    it('is an administrator’s setting that the check follows at once', async () => {
      expect((await get('/api/admin/settings/numbers', cookies.buyer)).statusCode).toBe(403);
      const before = (await get('/api/admin/settings/numbers', cookies.admin)).json();
      expect(before.settings.offensiveWords).toContain('ASS');
      const changed = await put('/api/admin/settings/numbers', cookies.admin ?? '', {
        offensiveWords: [...before.settings.offensiveWords, 'mbuzi'],
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().settings.offensiveWords).toContain('MBUZI');
      expect((await check('ZM-MBUZI')).json().availability).toBe('not-offered');
      expect(
        (await put('/api/admin/settings/numbers', cookies.admin ?? '', { offensiveWords: 'MBUZI' })).statusCode,
      ).toBe(400);
    });
  });
});

/**
 * Partner webhooks (docs/partner-api.md, "Webhooks"): an event queued with the change that
 * makes it (and not without it), delivered to a receiver on 127.0.0.1 signed with HMAC-SHA256
 * over timestamp and body, a delivery older than five minutes refused by a receiver following
 * the docs, retries with backoff for a day on an injected clock, the delivery log and replay,
 * and one delivery across two instances (on PostgreSQL when TEST_DATABASE_URL is set).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { type Database, openPostgres } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { plateLifecycle } from '../../src/server/lifecycle/plate-lifecycle';
import { deliverDue, queuePlateEvent, sendWithFetch, verifyWebhook } from '../../src/server/partners/webhooks';
import { partnerRepository } from '../../src/server/repositories/partner-repository';
import { partnerWebhookRepository } from '../../src/server/repositories/partner-webhook-repository';
import { openTestDatabase, signIn } from './test-app';
import { throwawayDatabase, type ThrowawayDatabase } from './throwaway-postgres';
import { checkWordsPeopleRead } from './words-people-read';

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver on 127.0.0.1 that records what it gets and answers the status it is told to. */
async function receiver(): Promise<{
  url: string;
  received: Received[];
  answer: { status: number };
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const answer = { status: 200 };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response
        .writeHead(answer.status, { 'content-type': 'text/plain' })
        .end(answer.status < 300 ? 'thanks' : 'down for maintenance');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/nambala-events`,
    received,
    answer,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('partner webhooks', () => {
  let app: FastifyInstance;
  let db: Database;
  let admin = '';
  let target: Awaited<ReturnType<typeof receiver>>;
  let organisationId = '';
  let secret = '';
  const t0 = new Date('2026-12-06T08:00:00Z');

  beforeAll(async () => {
    // The delivery job is off: each run below is made by hand, on the test's clock.
    db = await openTestDatabase();
    const config = loadConfig(
      {},
      {
        dataDir: 'memory://',
        seedDemo: true,
        appDir: '/nonexistent',
        logLevel: 'silent',
        demoRegistryPlates: 300,
        authRateLimit: 0,
        webhookIntervalMs: 0,
      },
    );
    app = await buildApp({ config, db, logger: false, now: () => t0 });
    checkWordsPeopleRead(app, db, () => db.close());
    admin = await signIn(app, 'admin@nambala.zm', 'Admin#2026');
    target = await receiver();
    const made = await app.inject({
      method: 'POST',
      url: '/api/admin/partners',
      headers: { cookie: admin },
      payload: { name: 'Zanaco Auto Finance', kind: 'bank', contactEmail: 'hooks@zanaco.example' },
    });
    organisationId = made.json().organisation.id;
    const subscribed = await app.inject({
      method: 'POST',
      url: `/api/admin/partners/${organisationId}/webhooks`,
      headers: { cookie: admin },
      payload: { url: target.url, events: ['plate.stolen', 'plate.revoked'] },
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    secret = subscribed.json().secret;
    const followed = await app.inject({
      method: 'POST',
      url: `/api/admin/partners/${organisationId}/followed-plates`,
      headers: { cookie: admin },
      payload: { plates: ['ZM-123-ABC'] },
    });
    expect(followed.json().plates).toEqual(['ZM-123-ABC']);
  }, 60_000);
  afterAll(async () => {
    await target.close();
    await app.close();
  });

  const log = async () =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/admin/partners/${organisationId}/webhooks`,
        headers: { cookie: admin },
      })
    ).json();

  it('refuses an address that is not https (or this machine)', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/partners/${organisationId}/webhooks`,
      headers: { cookie: admin },
      payload: { url: 'http://partner.example/hook', events: ['plate.stolen'] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/https/);
  });

  it('queues nothing when the change that makes the event is undone', async () => {
    await expect(
      db.transaction(async (tx) => {
        await plateLifecycle(tx).changeStanding('ZM-123-ABC', 'Stolen', t0);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect((await log()).deliveries).toEqual([]);
  });

  it('delivers a signed event once; a receiver refuses it when replayed after five minutes', async () => {
    await db.transaction((tx) => plateLifecycle(tx).changeStanding('ZM-123-ABC', 'Stolen', t0));
    expect(await deliverDue(db, sendWithFetch, t0)).toBe(1);
    expect(await deliverDue(db, sendWithFetch, t0)).toBe(0);
    expect(target.received).toHaveLength(1);
    const [delivery] = target.received;
    if (!delivery) throw new Error('nothing was received');
    expect(JSON.parse(delivery.body)).toMatchObject({ event: 'plate.stolen', plateNumber: 'ZM-123-ABC' });
    const header = String(delivery.headers['nambala-signature']);
    expect(verifyWebhook(secret, header, delivery.body, new Date(t0.getTime() + 60_000))).toBe('ok');
    expect(verifyWebhook(secret, header, delivery.body, new Date(t0.getTime() + 5 * 60_000 + 1000))).toBe('replayed');
    expect(
      verifyWebhook(secret, header, delivery.body.replace('Stolen', 'Valid').replace('stolen', 'renewed'), t0),
    ).toBe('bad-signature');
    expect(verifyWebhook('whsec_other', header, delivery.body, t0)).toBe('bad-signature');
    const [logged] = (await log()).deliveries;
    expect(logged).toMatchObject({
      event: 'plate.stolen',
      deliveredAt: t0.toISOString(),
      lastAttempt: { status: 200, response: 'thanks' },
    });
  });

  it('retries a failed delivery with backoff for a day, then gives up; the administrator replays it', async () => {
    target.answer.status = 503;
    target.received.length = 0;
    await db.transaction((tx) => queuePlateEvent(tx, 'plate.revoked', 'ZM-123-ABC', t0));
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await deliverDue(db, sendWithFetch, t0)).toBe(1);
    expect(await deliverDue(db, sendWithFetch, at(59_000))).toBe(0);
    expect(await deliverDue(db, sendWithFetch, at(60_000))).toBe(1);
    expect(await deliverDue(db, sendWithFetch, at(60_000 + 4 * 60_000))).toBe(0);
    expect(await deliverDue(db, sendWithFetch, at(60_000 + 5 * 60_000))).toBe(1);
    // Past the day: each later attempt is due after the last wait, until one would fall beyond the day.
    let attempts = 3;
    for (let ms = 6 * 60_000; ms < 26 * 3600_000; ms += 15 * 60_000)
      attempts += await deliverDue(db, sendWithFetch, at(ms));
    const [failed] = (await log()).deliveries.filter((row: { event: string }) => row.event === 'plate.revoked');
    expect(failed).toMatchObject({
      attempts,
      deliveredAt: null,
      lastAttempt: { status: 503, response: 'down for maintenance' },
    });
    expect(failed.gaveUpAt).not.toBeNull();
    expect(attempts).toBeGreaterThanOrEqual(7);
    expect(target.received).toHaveLength(attempts);

    target.answer.status = 200;
    const later = at(27 * 3600_000);
    const replayed = await app.inject({
      method: 'POST',
      url: `/api/admin/partners/${organisationId}/deliveries/${failed.id}/replay`,
      headers: { cookie: admin },
    });
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(await deliverDue(db, sendWithFetch, later)).toBe(1);
    const [done] = (await log()).deliveries.filter((row: { id: string }) => row.id === failed.id);
    expect(done).toMatchObject({ deliveredAt: later.toISOString(), lastAttempt: { status: 200 } });
  });

  it('tells an insurer about the plates it insures without a list', async () => {
    const [insured] = await db.query<{ plate_number: string; insurer: string }>(
      'SELECT plate_number, insurer FROM insurance_policies WHERE cancelled_at IS NULL AND start_date <= $1 AND end_date >= $1 LIMIT 1',
      [t0.toISOString().slice(0, 10)],
    );
    if (!insured) throw new Error('the demo data has no insured plate');
    const insurer = await partnerRepository(db).addOrganisation(
      {
        id: 'org-insurer-hooks',
        name: 'Hooked Insurer',
        kind: 'insurer',
        insurerName: insured.insurer,
        contactEmail: 'x@y.zm',
      },
      'test',
      t0,
    );
    await partnerWebhookRepository(db).addWebhook(
      {
        id: 'hook-insurer',
        organisationId: insurer?.id ?? '',
        url: target.url,
        events: ['plate.renewed'],
        createdAt: t0.toISOString(),
      },
      'whsec_test',
    );
    expect(await db.transaction((tx) => queuePlateEvent(tx, 'plate.renewed', insured.plate_number, t0))).toBe(1);
    expect(await db.transaction((tx) => queuePlateEvent(tx, 'plate.stolen', insured.plate_number, t0))).toBe(0);
  });

  it('finds the plates that expired in the last week and that a subscription to expiries follows, by list or as their insurer, and no others', async () => {
    const today = t0.toISOString().slice(0, 10);
    const daysAgo = (days: number) => new Date(t0.getTime() - days * 86_400_000).toISOString().slice(0, 10);
    const valid = await db.query<{ plate_number: string }>(
      "SELECT plate_number FROM registered_plates WHERE standing = 'Valid' AND plate_number NOT IN (SELECT plate_number FROM insurance_policies) ORDER BY plate_number LIMIT 4",
    );
    const [listed, longAgo, unfollowed, stolen] = valid.map((row) => row.plate_number);
    const [insured] = await db.query<{ plate_number: string; insurer: string }>(
      "SELECT p.plate_number, p.insurer FROM insurance_policies p JOIN registered_plates r USING (plate_number) WHERE p.cancelled_at IS NULL AND r.standing = 'Valid' LIMIT 1",
    );
    if (!listed || !longAgo || !unfollowed || !stolen || !insured) throw new Error('the demo data is too small');
    const organisation = await partnerRepository(db).addOrganisation(
      { id: 'org-expiries', name: 'Expiry Watch', kind: 'bank', insurerName: null, contactEmail: 'e@x.zm' },
      'test',
      t0,
    );
    const insurer = await partnerRepository(db).addOrganisation(
      {
        id: 'org-expiries-insurer',
        name: 'Expiry Insurer',
        kind: 'insurer',
        insurerName: insured.insurer,
        contactEmail: 'i@x.zm',
      },
      'test',
      t0,
    );
    for (const [id, owner] of [
      ['hook-expiries', organisation?.id],
      ['hook-expiries-insurer', insurer?.id],
    ] as const)
      await partnerWebhookRepository(db).addWebhook(
        { id, organisationId: owner ?? '', url: target.url, events: ['plate.expired'], createdAt: t0.toISOString() },
        'whsec_test',
      );
    await db.query(
      "INSERT INTO partner_followed_plates (organisation_id, plate_number, added_at) SELECT 'org-expiries', unnest($1::text[]), now()",
      [[listed, longAgo, stolen]],
    );
    const expire = (plate: string, day: string) =>
      db.query('UPDATE registered_plates SET expiry_date = $2::date WHERE plate_number = $1', [plate, day]);
    await expire(listed, daysAgo(1));
    await expire(longAgo, daysAgo(10));
    await expire(unfollowed, daysAgo(1));
    await expire(stolen, daysAgo(2));
    await expire(insured.plate_number, daysAgo(3));
    await db.query("UPDATE registered_plates SET standing = 'Stolen' WHERE plate_number = $1", [stolen]);

    const found = await partnerWebhookRepository(db).expiredFollowed(today, daysAgo(7), 500);
    expect(found).toEqual(
      [
        { plateNumber: listed, expiryDate: daysAgo(1) },
        { plateNumber: insured.plate_number, expiryDate: daysAgo(3) },
      ].sort((a, b) => a.plateNumber.localeCompare(b.plateNumber)),
    );
  });
});

const baseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!baseUrl)('partner webhooks on two instances of one PostgreSQL database', () => {
  let throwaway: ThrowawayDatabase;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    throwaway = await throwawayDatabase(baseUrl ?? '', 'nambala_webhooks');
    first = await openPostgres(throwaway.url);
    second = await openPostgres(throwaway.url);
    await migrate(first);
  }, 60_000);
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await throwaway?.drop();
  });

  it('sends each delivery once although both instances run the job at the same moment', async () => {
    const at = new Date();
    await partnerRepository(first).addOrganisation(
      { id: 'org-pg', name: 'Two Instance Bank', kind: 'bank', insurerName: null, contactEmail: 'a@b.zm' },
      'test',
      at,
    );
    await partnerWebhookRepository(first).addWebhook(
      {
        id: 'hook-pg',
        organisationId: 'org-pg',
        url: 'http://127.0.0.1:9/unused',
        events: ['plate.stolen'],
        createdAt: at.toISOString(),
      },
      'whsec_pg',
    );
    const plates = Array.from({ length: 60 }, (_, n) => `ZM-${String(100 + n)}-PGX`);
    await partnerWebhookRepository(first).follow('org-pg', plates, at);
    await first.transaction(async (tx) => {
      for (const plate of plates) await queuePlateEvent(tx, 'plate.stolen', plate, at);
    });
    const sent: string[] = [];
    // A slow receiver: both instances are mid-run at once.
    const send = async (_url: string, headers: Record<string, string>) => {
      sent.push(headers['nambala-delivery'] ?? '');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { status: 200, response: 'ok' };
    };
    for (let round = 0; round < 4; round += 1)
      await Promise.all([deliverDue(first, send, at), deliverDue(second, send, at)]);
    expect(sent).toHaveLength(60);
    expect(new Set(sent).size).toBe(60);
  });
});

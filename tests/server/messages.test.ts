/**
 * SMS and email to users: what notify() queues per channel, the dispatcher that sends
 * the queue through the message provider (once, retried with backoff, given up after the
 * last try, safe with two dispatchers), the embedded sandbox provider, choosing the
 * provider by configuration, and the administrators' record of sent messages.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { CLAIM_MS, MAX_ATTEMPTS, messageDispatcher, retryDelayMs } from '../../src/server/messages/dispatcher';
import type { MessageProvider, OutgoingMessage } from '../../src/server/messages/message-provider';
import { messageProviderFromEnv } from '../../src/server/messages/message-provider-from-env';
import { messagesFor, SMS_MAX_CHARACTERS, smsText, textToSend } from '../../src/server/messages/message-text';
import { sandboxMessageProvider } from '../../src/server/messages/sandbox-message-provider';
import { notify } from '../../src/server/notifications/notify';
import { messageRepository } from '../../src/server/repositories/message-repository';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb, openTestDatabase } from './test-app';

const ORIGIN = 'https://nambala.example.zm';
const silent = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

async function createUser(
  db: Database,
  name: string,
  options: { phone?: string; roles?: Array<'buyer' | 'admin'> } = {},
): Promise<string> {
  const user = await userRepository(db).create({
    email: `${name}@example.zm`,
    name,
    phone: options.phone ?? null,
    passwordHash: 'x',
    accountType: 'individual',
    userType: 'Customer',
    status: 'Active',
    requestedRole: null,
    roles: options.roles ?? ['buyer'],
  });
  if (!user) throw new Error(`could not create ${name}`);
  return user.id;
}

async function outbox(db: Database) {
  return db.query<{
    id: string;
    channel: string;
    recipient: string;
    status: string;
    attempts: number;
    error: string | null;
    provider_ref: string | null;
    next_attempt_at: Date | null;
  }>(
    'SELECT id::text, channel, recipient, status, attempts, error, provider_ref, next_attempt_at FROM message_outbox ORDER BY id',
  );
}

/** A provider that records what it is given and fails while `failing` is true. */
function recordingProvider(options: { failing?: boolean; delayMs?: number } = {}) {
  const sent: OutgoingMessage[] = [];
  const state = { failing: options.failing ?? false };
  const provider: MessageProvider = {
    name: 'recording',
    async send(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      if (state.failing) throw new Error('gateway unavailable');
      sent.push(message);
      return { providerRef: `ref-${message.id}` };
    },
  };
  return { provider, sent, state };
}

describe('messages for a notification', () => {
  const notice = {
    kind: 'plate-ready',
    title: 'Plate ABC 1234 is ready for collection',
    body: 'Collect it at Lusaka Plates.',
    link: '/dashboard/user/plates',
  };

  it('sends email to every account, and SMS only to an account with a Zambian phone number', () => {
    const withoutPhone = messagesFor({ id: 'USR-001', name: 'Mwila', email: 'mwila@example.zm', phone: null }, notice);
    expect(withoutPhone).toEqual([
      {
        userId: 'USR-001',
        kind: 'plate-ready',
        channel: 'email',
        recipient: 'mwila@example.zm',
        subject: notice.title,
        body: 'Hello Mwila,\n\nCollect it at Lusaka Plates.',
        link: notice.link,
      },
    ]);
    const withPhone = messagesFor(
      { id: 'USR-002', name: 'Chanda', email: 'chanda@example.zm', phone: '097 123 4567' },
      notice,
    );
    expect(withPhone.map((message) => [message.channel, message.recipient])).toEqual([
      ['email', 'chanda@example.zm'],
      ['sms', '+260971234567'],
    ]);
    expect(withPhone[1]?.body).toBe('Nambala: Plate ABC 1234 is ready for collection. Collect it at Lusaka Plates.');
    expect(
      messagesFor({ id: 'USR-003', name: 'Bwalya', email: 'b@example.zm', phone: '12345' }, notice).map(
        (message) => message.channel,
      ),
    ).toEqual(['email']);
  });

  it('sends SMS plain and short: one line, straight quotes and dashes, cut at a word', () => {
    expect(
      smsText('Plate ZM-101-ABC “ready”', 'Collect it at Cairo Road Plates — from Monday.\n\nBring your NRC.'),
    ).toBe('Nambala: Plate ZM-101-ABC "ready". Collect it at Cairo Road Plates - from Monday. Bring your NRC.');
    const long = smsText('Plate ZM-101-ABC registered', 'word '.repeat(200));
    expect(long.length).toBeLessThanOrEqual(SMS_MAX_CHARACTERS);
    expect(long).toMatch(/ word\.\.\.$/);
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 2000 }), (title, body) => {
        const text = smsText(title, body);
        expect(text.length).toBeLessThanOrEqual(SMS_MAX_CHARACTERS);
        expect(text).not.toMatch(/[\n\r\t‘’“”–—…]/);
        expect(text.startsWith('Nambala:')).toBe(true);
      }),
    );
  });

  it('gives the provider the link as an address on this server', () => {
    expect(
      textToSend({ kind: 'plate.ready', channel: 'email', body: 'Hello', link: '/dashboard/user/plates' }, ORIGIN),
    ).toBe(`Hello\n\nSee it in your Nambala dashboard: ${ORIGIN}/dashboard/user/plates`);
    expect(
      textToSend(
        { kind: 'plate.ready', channel: 'sms', body: 'Nambala: Ready.', link: '/dashboard/user/plates' },
        ORIGIN,
      ),
    ).toBe(`Nambala: Ready. ${ORIGIN}/dashboard/user/plates`);
    expect(textToSend({ kind: 'plate.ready', channel: 'sms', body: 'No link', link: null }, ORIGIN)).toBe('No link');
  });

  it('sends an SMS and its link in two segments at most, the text cut at a word to make room', () => {
    const body = smsText('Plate ZM-101-ABC registered', 'word '.repeat(200));
    const link = '/dashboard/user/plates?plate=ZM-101-ABC';
    const sent = textToSend({ kind: 'plate.ready', channel: 'sms', body, link }, 'https://nambala.example.zm');
    expect(sent.length).toBeLessThanOrEqual(SMS_MAX_CHARACTERS);
    expect(sent).toMatch(/ word\.\.\. https:\/\/nambala\.example\.zm\/dashboard\/user\/plates\?plate=ZM-101-ABC$/);
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.webPath({ size: 'small' }), (text, path) => {
        const message = { kind: 'plate.ready', channel: 'sms' as const, body: smsText('Ready', text), link: path };
        expect(textToSend(message, ORIGIN).length).toBeLessThanOrEqual(SMS_MAX_CHARACTERS);
      }),
    );
  });
});

describe('retry backoff', () => {
  it('waits longer after each failed try, up to two hours', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map(retryDelayMs);
    expect(waits.slice(0, 4)).toEqual([30_000, 120_000, 480_000, 1_920_000]);
    expect(waits.every((wait, index) => index === 0 || wait >= (waits[index - 1] ?? 0))).toBe(true);
    expect(Math.max(...waits)).toBe(2 * 3600_000);
  });
});

describe('the message provider by configuration', () => {
  it('is the sandbox unless MESSAGE_PROVIDER names another, and refuses an unknown name', async () => {
    const db = await openTestDatabase();
    try {
      expect(messageProviderFromEnv(db, {}).name).toBe('sandbox');
      expect(messageProviderFromEnv(db, { MESSAGE_PROVIDER: 'sandbox' }).name).toBe('sandbox');
      expect(() => messageProviderFromEnv(db, { MESSAGE_PROVIDER: 'zamtel-sms' })).toThrow(
        /MESSAGE_PROVIDER 'zamtel-sms' is not known/,
      );
    } finally {
      await db.close();
    }
  });
});

describe('the dispatcher', () => {
  let db: Database;
  let userId: string;
  let userName: string;
  const clock = { ms: Date.parse('2026-11-24T08:00:00.000Z') };
  const now = () => new Date(clock.ms);

  beforeEach(async () => {
    db = await openTestDatabase();
    await migrate(db);
    userName = `user${randomBytes(3).toString('hex')}`;
    userId = await createUser(db, userName, { phone: '+260971234567' });
  });
  afterEach(() => db.close());

  const notifyInTransaction = () =>
    db.transaction((tx) =>
      notify(tx, userId, {
        kind: 'test',
        title: 'Payment PAY-000001 received',
        body: 'Thank you.',
        link: '/dashboard/user/payments/1',
      }),
    );

  it('queues one message per channel with the notification, in the same transaction', async () => {
    await notifyInTransaction();
    expect((await outbox(db)).map((message) => [message.channel, message.status, message.attempts])).toEqual([
      ['email', 'queued', 0],
      ['sms', 'queued', 0],
    ]);
    await expect(
      db.transaction(async (tx) => {
        await notify(tx, userId, { kind: 'test', title: 'Never', body: 'Rolled back.' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await outbox(db)).toHaveLength(2);
    const [notifications] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notifications');
    expect(notifications?.n).toBe(1);
  });

  it('tells nobody about an account that no longer exists', async () => {
    await db.transaction((tx) => notify(tx, 'USR-999', { kind: 'test', title: 'Hello', body: 'Nobody.' }));
    expect(await outbox(db)).toEqual([]);
  });

  it('sends each queued message once, with the provider’s reference, and never again', async () => {
    await notifyInTransaction();
    const { provider, sent } = recordingProvider();
    const dispatcher = messageDispatcher({ db, provider, publicOrigin: ORIGIN, now, log: silent });
    expect(await dispatcher.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(await dispatcher.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sent.map((message) => [message.channel, message.to, message.subject])).toEqual([
      ['email', `${userName}@example.zm`, 'Payment PAY-000001 received'],
      ['sms', '+260971234567', undefined],
    ]);
    expect(sent[0]?.body).toContain(`${ORIGIN}/dashboard/user/payments/1`);
    // An email carries its HTML part too, the link an anchor; an SMS is text only.
    expect(sent[0]?.html).toContain(`<a href="${ORIGIN}/dashboard/user/payments/1"`);
    expect(sent[0]?.html).toContain('Thank you.');
    expect(sent[1]?.html).toBeUndefined();
    const stored = await outbox(db);
    expect(stored.map((message) => [message.status, message.attempts, message.provider_ref])).toEqual([
      ['sent', 1, `ref-${stored[0]?.id}`],
      ['sent', 1, `ref-${stored[1]?.id}`],
    ]);
  });

  it('retries a failed message after a growing wait, and gives up after the last try', async () => {
    await db.transaction((tx) => notify(tx, userId, { kind: 'test', title: 'Hello', body: 'Email and SMS.' }));
    await db.query("DELETE FROM message_outbox WHERE channel = 'sms'");
    const { provider, state, sent } = recordingProvider({ failing: true });
    const dispatcher = messageDispatcher({ db, provider, publicOrigin: ORIGIN, now, log: silent });

    expect(await dispatcher.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    let [message] = await outbox(db);
    expect(message).toMatchObject({ status: 'queued', attempts: 1, error: 'gateway unavailable' });
    expect(message?.next_attempt_at && new Date(message.next_attempt_at).getTime()).toBe(clock.ms + retryDelayMs(1));

    // Not due yet: nothing is tried.
    clock.ms += retryDelayMs(1) - 1;
    expect(await dispatcher.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.ms += 1;
    for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await dispatcher.drain()).toEqual({ sent: 0, retrying: 1, failed: 0 });
      clock.ms += retryDelayMs(attempt);
    }
    expect(await dispatcher.drain()).toEqual({ sent: 0, retrying: 0, failed: 1 });
    [message] = await outbox(db);
    expect(message).toMatchObject({
      status: 'failed',
      attempts: MAX_ATTEMPTS,
      error: 'gateway unavailable',
      next_attempt_at: null,
    });

    // Given up means given up: a provider that works again is not handed it.
    state.failing = false;
    clock.ms += 24 * 3600_000;
    expect(await dispatcher.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(sent).toEqual([]);
  });

  it('sends a message that failed once when its retry is due', async () => {
    await notifyInTransaction();
    const { provider, state, sent } = recordingProvider({ failing: true });
    const dispatcher = messageDispatcher({ db, provider, publicOrigin: ORIGIN, now, log: silent });
    await dispatcher.drain();
    state.failing = false;
    clock.ms += retryDelayMs(1);
    expect(await dispatcher.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(sent).toHaveLength(2);
    expect((await outbox(db)).map((message) => [message.status, message.attempts, message.error])).toEqual([
      ['sent', 2, null],
      ['sent', 2, null],
    ]);
  });

  it('never sends a message twice when two dispatchers drain at the same time', async () => {
    for (let i = 0; i < 6; i += 1) await notifyInTransaction();
    const { provider, sent } = recordingProvider({ delayMs: 5 });
    const first = messageDispatcher({ db, provider, publicOrigin: ORIGIN, now, log: silent });
    const second = messageDispatcher({ db, provider, publicOrigin: ORIGIN, now, log: silent });
    const [a, b] = await Promise.all([first.drain(), second.drain()]);
    expect((a.sent ?? 0) + (b.sent ?? 0)).toBe(12);
    expect(new Set(sent.map((message) => message.id)).size).toBe(12);
    expect(sent).toHaveLength(12);
  });

  it('joins a drain already running, then looks again for what was queued meanwhile', async () => {
    await notifyInTransaction();
    const { provider, sent } = recordingProvider({ delayMs: 20 });
    const dispatcher = messageDispatcher({ db, provider, publicOrigin: ORIGIN, now, log: silent });
    const running = dispatcher.drain();
    await notifyInTransaction();
    const joined = dispatcher.drain();
    expect(joined).toBe(running);
    expect(await joined).toEqual({ sent: 4, retrying: 0, failed: 0 });
    expect(sent).toHaveLength(4);
  });

  it('tries again a message whose dispatcher stopped mid-send, and the sandbox still stores it once', async () => {
    await notifyInTransaction();
    // A dispatcher claimed both and stopped before recording anything; the sandbox had already taken the email.
    const claimed = await messageRepository(db).claimDue(now(), new Date(clock.ms + CLAIM_MS), 10);
    const email = claimed.find((message) => message.channel === 'email');
    if (!email) throw new Error('no email claimed');
    const sandbox = sandboxMessageProvider(db);
    const first = await sandbox.send({
      id: email.id,
      channel: 'email',
      to: email.recipient,
      subject: email.subject ?? '',
      body: email.body,
    });

    const dispatcher = messageDispatcher({ db, provider: sandbox, publicOrigin: ORIGIN, now, log: silent });
    expect(await dispatcher.drain()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.ms += CLAIM_MS;
    expect(await dispatcher.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const mailbox = await db.query<{
      message_key: string;
      channel: string;
      recipient: string;
      subject: string | null;
      body: string;
    }>('SELECT message_key, channel, recipient, subject, body FROM sandbox_messages ORDER BY id');
    expect(mailbox.map((message) => message.message_key)).toEqual([
      email.id,
      claimed.find((message) => message.channel === 'sms')?.id,
    ]);
    expect(mailbox[1]).toMatchObject({ channel: 'sms', recipient: '+260971234567', subject: null });
    const stored = await outbox(db);
    expect(stored.find((message) => message.id === email.id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      provider_ref: first.providerRef,
    });
  });

  it('stores an email in the sandbox with its text and HTML parts, an SMS with text only', async () => {
    await notifyInTransaction();
    const dispatcher = messageDispatcher({
      db,
      provider: sandboxMessageProvider(db),
      publicOrigin: ORIGIN,
      now,
      log: silent,
    });
    expect(await dispatcher.drain()).toEqual({ sent: 2, retrying: 0, failed: 0 });
    const mailbox = await db.query<{ channel: string; body: string; html: string | null }>(
      'SELECT channel, body, html FROM sandbox_messages ORDER BY id',
    );
    expect(mailbox[0]?.body).toBe(
      `Hello ${userName},\n\nThank you.\n\nSee it in your Nambala dashboard: ${ORIGIN}/dashboard/user/payments/1`,
    );
    expect(mailbox[0]?.html).toContain(`<p style="margin:0 0 16px">Hello ${userName},</p>`);
    expect(mailbox[0]?.html).toContain(`<a href="${ORIGIN}/dashboard/user/payments/1"`);
    expect(mailbox[1]).toMatchObject({ channel: 'sms', html: null });
  });

  it('stops its timer and sends nothing more once stopped', async () => {
    const { provider, sent } = recordingProvider();
    const dispatcher = messageDispatcher({ db, provider, publicOrigin: ORIGIN, now, log: silent, intervalMs: 10 });
    dispatcher.start();
    await dispatcher.stop();
    await notifyInTransaction();
    dispatcher.kick();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(sent).toEqual([]);
    expect((await outbox(db)).every((message) => message.status === 'queued')).toBe(true);
  });

  it('sends on its timer what was queued outside any request', async () => {
    const { provider, sent } = recordingProvider();
    const dispatcher = messageDispatcher({ db, provider, publicOrigin: ORIGIN, now, log: silent, intervalMs: 10 });
    dispatcher.start();
    try {
      await notifyInTransaction();
      await expect.poll(() => sent.length, { timeout: 5000 }).toBe(2);
    } finally {
      await dispatcher.stop();
    }
  });
});

describe('sent messages for administrators (GET /api/admin/messages)', () => {
  let app: FastifyInstance;
  let db: Database;
  let adminCookie: string;
  let buyerCookie: string;
  let buyerId: string;

  async function cookieFor(id: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await sessionRepository(db).create(token, id, new Date(Date.now() + 3600_000));
    return `nambala_session=${token}`;
  }
  const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb());
    adminCookie = await cookieFor(await createUser(db, 'admin', { roles: ['admin'] }));
    buyerId = await createUser(db, 'buyer', { phone: '+260961234567' });
    buyerCookie = await cookieFor(buyerId);
  });
  afterAll(() => app.close());

  it('is for administrators only', async () => {
    expect((await get('/api/admin/messages')).statusCode).toBe(401);
    expect((await get('/api/admin/messages', buyerCookie)).statusCode).toBe(403);
    expect((await get('/api/admin/messages', adminCookie)).statusCode).toBe(200);
  });

  it('lists messages newest first, a page at a time, with what was sent, to whom and how it went', async () => {
    for (let i = 1; i <= 3; i += 1)
      await db.transaction((tx) =>
        notify(tx, buyerId, {
          kind: 'test',
          title: `Notice ${i}`,
          body: `Body ${i}.`,
          link: i === 3 ? '/dashboard/user' : null,
        }),
      );
    const first = (await get('/api/admin/messages?limit=4', adminCookie)).json();
    expect(first.total).toBe(6);
    expect(
      first.messages.map((message: { channel: string; subject: string | null }) => [message.channel, message.subject]),
    ).toEqual([
      ['sms', null],
      ['email', 'Notice 3'],
      ['sms', null],
      ['email', 'Notice 2'],
    ]);
    expect(first.messages[1]).toMatchObject({
      to: 'buyer@example.zm',
      body: expect.stringMatching(
        /^Hello buyer,\n\nBody 3\.\n\nSee it in your Nambala dashboard: http:\/\/localhost:\d+\/dashboard\/user$/,
      ),
      html: expect.stringMatching(/<p[^>]*>Body 3\.<\/p>[\s\S]*<a href="http:\/\/localhost:\d+\/dashboard\/user"/),
    });
    expect(first.messages[0].html).toBeNull();
    expect(first.messages[0]).toMatchObject({
      to: '+260961234567',
      kind: 'test',
      status: expect.stringMatching(/^(queued|sent)$/),
      createdAt: expect.any(String),
    });
    const second = (await get(`/api/admin/messages?limit=4&before=${first.nextBefore}`, adminCookie)).json();
    expect(second.messages.map((message: { subject: string | null }) => message.subject)).toEqual([null, 'Notice 1']);
    expect(second.nextBefore).toBeNull();
  });

  it.each([['limit=0'], ['limit=500'], ['limit=x'], ['before=abc']])('answers %s with a clear 400', async (query) => {
    const response = await get(`/api/admin/messages?${query}`, adminCookie);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/limit|before/);
  });
});

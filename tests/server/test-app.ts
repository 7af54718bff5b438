/** Builds the server in-process on a fresh in-memory PGlite (or DATABASE_URL when a test asks for it). */
import { randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Role } from '../../src/domain/accounts/permissions';
import type { UserType } from '../../src/domain/statuses/statuses';
import { buildApp } from '../../src/server/app';
import { loadConfig, type ServerConfig } from '../../src/server/config';
import { type Database, openPglite } from '../../src/server/db/database';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { reusedDatabases } from './reused-databases';
import { checkWordsPeopleRead } from './words-people-read';

let migratedCopy: Promise<Blob> | undefined;

/**
 * An in-memory database, as the migrations left it: a copy of the one the run's global setup
 * made (tests/setup/migrated-database.ts), as fresh as a new one and a third of the time to
 * open; or one an earlier test in this worker closed, put back as the copy was
 * (reused-databases.ts), in a tenth of that again.
 */
export const openTestDatabase: () => Promise<Database> = reusedDatabases(openMigratedCopy);

/** A new copy of the migrated database, never one used before. */
export async function openMigratedCopy(): Promise<Database> {
  migratedCopy ??= readFile(inject('migratedDatabase')).then((bytes) => new Blob([bytes]));
  return openPglite('memory://', await migratedCopy);
}

export async function buildTestApp(
  overrides: {
    appDir?: string;
    seedDemo?: boolean;
    tls?: ServerConfig['tls'];
    tlsCheckMs?: number;
    /** How long public verdicts are kept in memory; 0 (none kept) by default. */
    publicVerdictCacheMs?: number;
    /** The database to build on (closed with the app); a test database by default. */
    db?: Database;
  } = {},
): Promise<FastifyInstance> {
  const db = overrides.db ?? (await openTestDatabase());
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      seedDemo: overrides.seedDemo ?? true,
      appDir: overrides.appDir ?? '/nonexistent',
      logLevel: 'silent',
      demoRegistryPlates: 300,
      publicVerdictCacheMs: overrides.publicVerdictCacheMs ?? 0,
      authRateLimit: 0,
      tls: overrides.tls,
      ...(overrides.tlsCheckMs === undefined ? {} : { tlsCheckMs: overrides.tlsCheckMs }),
    },
  );
  const app = await buildApp({ config, db, logger: false });
  checkWordsPeopleRead(app, db, () => db.close());
  return app;
}

/** The same, with the database at hand for checks a route does not expose. */
/** The account routes' per-address limit is off unless a test sets `authRateLimit`: the suites sign in many times from one address. */
export async function buildTestAppWithDb(
  overrides: { seedDemo?: boolean; now?: () => Date; authRateLimit?: number } = {},
): Promise<{ app: FastifyInstance; db: Database }> {
  const db = await openTestDatabase();
  const config = loadConfig(
    {},
    {
      dataDir: 'memory://',
      seedDemo: overrides.seedDemo ?? false,
      appDir: '/nonexistent',
      logLevel: 'silent',
      demoRegistryPlates: 300,
      publicVerdictCacheMs: 0,
      authRateLimit: overrides.authRateLimit ?? 0,
    },
  );
  const app = await buildApp({ config, db, logger: false, now: overrides.now });
  checkWordsPeopleRead(app, db, () => db.close());
  return { app, db };
}

/**
 * Signs up as a person does: the sign-up (202), then the link from the message it sent,
 * read from the answer's test message (messages go to the sandbox in tests). Returns the
 * confirmation's answer (201 with the user and the session cookie), or the sign-up's own
 * answer when it was refused.
 */
export async function signUp(
  app: FastifyInstance,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const asked = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body, headers });
  if (asked.statusCode !== 202) return asked;
  const link = (asked.json() as { testMessage?: { link: string } }).testMessage?.link ?? '';
  const token = /[?&]token=([\w-]+)/.exec(link)?.[1];
  if (!token) throw new Error(`The sign-up sent no link to finish it (the email may have an account): ${asked.body}`);
  return app.inject({ method: 'POST', url: '/api/auth/signup/confirm', payload: { token }, headers });
}

/** An account made straight in the database, with a session: its cookie, for tests that need a role but not the sign-in. */
export async function sessionForNewAccount(
  db: Database,
  account: { email: string; name: string; userType: UserType; roles: Role[]; passwordHash?: string },
): Promise<{ id: string; cookie: string }> {
  const created = await userRepository(db).create({
    email: account.email,
    name: account.name,
    passwordHash: account.passwordHash ?? 'no-password',
    accountType: 'individual',
    userType: account.userType,
    status: 'Active',
    requestedRole: null,
    roles: account.roles,
  });
  if (!created) throw new Error(`${account.email} has an account already`);
  const token = randomBytes(32).toString('base64url');
  await sessionRepository(db).create(token, created.id, new Date(Date.now() + 3600_000));
  return { id: created.id, cookie: `nambala_session=${token}` };
}

/** A session cookie for a demo or test account signed in with its password. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200)
    throw new Error(`sign-in as ${email} answered ${response.statusCode}: ${response.body}`);
  return String(response.headers['set-cookie']).split(';')[0] ?? '';
}

/** A push's answer for one change, as a device reads it. */
export interface PushAnswer {
  id: string;
  outcome: string;
  status?: number;
  message?: string;
  fields?: Record<string, string>;
  data?: unknown;
}

/** Changes pushed in one request from a device of their own, and the answer for each. */
export async function pushChanges(
  app: FastifyInstance,
  cookie: string,
  changes: Array<{ intent: string; payload: unknown }>,
): Promise<PushAnswer[]> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: { cookie },
    payload: {
      clientId: `device-${randomUUID()}`,
      mutations: changes.map((change) => ({ id: randomUUID(), ...change })),
    },
  });
  if (response.statusCode !== 200) throw new Error(`the push answered ${response.statusCode}: ${response.body}`);
  return (response.json() as { results: PushAnswer[] }).results;
}

/** One change pushed, and its answer. */
export async function pushChange(
  app: FastifyInstance,
  cookie: string,
  intent: string,
  payload: unknown,
): Promise<PushAnswer> {
  const [answer] = await pushChanges(app, cookie, [{ intent, payload }]);
  if (!answer) throw new Error('the push gave no answer');
  return answer;
}

/**
 * The token of the newest invitation sent to an email: read from the outbox when the test holds
 * the database, else from the sandbox's Sent messages as an administrator reads them.
 */
export async function invitationToken(
  app: FastifyInstance,
  from: Database | { adminCookie: string },
  email: string,
): Promise<string> {
  let link: string;
  if ('adminCookie' in from) {
    const answer = await app.inject({
      method: 'GET',
      url: '/api/admin/messages',
      headers: { cookie: from.adminCookie },
    });
    const messages = answer.json().messages as { to: string; body: string }[];
    link = messages.find((message) => message.to.toLowerCase() === email.toLowerCase())?.body ?? '';
  } else {
    const [message] = await from.query<{ link: string }>(
      "SELECT link FROM message_outbox WHERE kind = 'account.invitation' AND lower(recipient) = lower($1) ORDER BY id DESC LIMIT 1",
      [email],
    );
    link = message?.link ?? '';
  }
  return /[?&]token=([\w-]+)/.exec(link)?.[1] ?? '';
}

/**
 * An invited user (added by an administrator) choosing their password through the link in
 * their invitation, as they would from the message. Answers the completion's response.
 */
export async function acceptInvitation(
  app: FastifyInstance,
  from: Database | { adminCookie: string },
  email: string,
  password: string,
) {
  const token = await invitationToken(app, from, email);
  return app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/complete',
    payload: { token, newPassword: password, confirmPassword: password },
  });
}

/** What the sandbox card page answered, and the payment as the payer then reads it (when a payer is given). */
export interface CardPageResult {
  /** 303 back to Nambala once the payer paid or cancelled; 400 with the page again for a number that cannot be a card. */
  page: { statusCode: number; location: string | null; body: string };
  /** The receipt read on return (GET /api/payments/:id), which asks the provider how it went; null without a payer. */
  // The receipt's shape is the route's to check; tests read the fields they assert on.
  payment: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/**
 * Pays on the sandbox card provider's page, as the payer's browser does: the page's form
 * posted to `checkoutUrl` with `number` (any future expiry, any CVC), or its Cancel for
 * 'cancel'. With a payer's cookie it then follows the way back: the receipt is read, which
 * asks the provider for the outcome (the return address itself carries nothing).
 */
export async function payOnCardPage(
  app: FastifyInstance,
  checkoutUrl: string | null | undefined,
  number: string | 'cancel',
  payer?: { cookie: string },
): Promise<CardPageResult> {
  if (!checkoutUrl) throw new Error('the payment has no card page to pay on (checkoutUrl is empty)');
  const form: Record<string, string> =
    number === 'cancel' ? { action: 'cancel' } : { action: 'pay', number, expiry: '12/49', cvc: '123' };
  const answer = await app.inject({
    method: 'POST',
    url: checkoutUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
  const location = typeof answer.headers.location === 'string' ? answer.headers.location : null;
  const page = { statusCode: answer.statusCode, location, body: answer.body };
  const id = location?.match(/^\/dashboard\/user\/payments\/([^/?#]+)$/)?.[1];
  if (answer.statusCode !== 303 || !payer || !id) return { page, payment: null };
  const read = await app.inject({ method: 'GET', url: `/api/payments/${id}`, headers: { cookie: payer.cookie } });
  return { page, payment: read.statusCode === 200 ? read.json().payment : null };
}

/**
 * A request that starts a payment (an application, Buy Now, Reserve, a renewal), made as
 * the buyer makes it: `card` in the body is the card the buyer then uses on the card
 * provider's page (payOnCardPage), never sent to Nambala. Once paid there, the same request
 * again (a replay of its key) answers what was paid for as it now stands; the status code
 * is the first answer's.
 */
export async function postPayingByCard(
  app: FastifyInstance,
  url: string,
  cookie: string,
  body: { card?: { number: string } | undefined } & Record<string, unknown>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the route's answer, read as tests read inject's json()
): Promise<{ statusCode: number; json: () => any }> {
  const { card, ...sent } = body;
  const first = await app.inject({ method: 'POST', url, headers: { cookie }, payload: sent });
  const checkoutUrl = first.statusCode === 201 ? first.json().payment?.checkoutUrl : null;
  if (!checkoutUrl || !card) return first;
  await payOnCardPage(app, checkoutUrl, card.number, { cookie });
  const now = await app.inject({ method: 'POST', url, headers: { cookie }, payload: sent });
  return { statusCode: first.statusCode, json: () => now.json() };
}

/** A one-plate application paid by card, as the wizard sends it (the card itself is entered on the provider's page). */
export const applicationBody = (overrides: object = {}) => ({
  id: randomUUID(),
  fullName: 'Mapalo Daka',
  nrcNumber: '890123/45/6',
  phoneNumber: '+260 96 8901234',
  email: 'mapalo@example.zm',
  address: '9 Great East Road, Lusaka',
  vehicleMake: 'Toyota',
  vehicleModel: 'Corolla',
  registrationNotYetKnown: true,
  numberOfPlates: 1,
  paymentMethod: 'card',
  ...overrides,
});

/** The same with the sandbox's approving test card, for postPayingByCard to pay with on the card page. */
export const cardApplication = (overrides: object = {}) =>
  applicationBody({ card: { number: '4242 4242 4242 4242' }, ...overrides });

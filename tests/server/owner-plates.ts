/**
 * A server on a clock the test moves, with accounts made directly in the database and
 * plates registered to their owners the one way Nambala registers them: held for the
 * owner, then sold in a shop's whitebook (pushed by the agent), which issues the credential.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '#domain/accounts/permissions';
import { digitsToBytes } from '#domain/credential/numeric';
import { type Revocation, type TrustedKey, verifyCredential } from '#domain/credential/verdict';
import type { Database } from '../../src/server/db/database';
import { plateLifecycle } from '../../src/server/lifecycle/plate-lifecycle';
import { sessionRepository } from '../../src/server/repositories/session-repository';
import { userRepository } from '../../src/server/repositories/user-repository';
import { buildTestAppWithDb } from './test-app';

export const DAY_MS = 86_400_000;

export interface Account {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

export interface OwnerPlatesHarness {
  app: FastifyInstance;
  db: Database;
  /** The server's clock: tests move it by setting ms. */
  clock: { ms: number };
  today: () => string;
  account: (name: string, options?: { roles?: Role[]; phone?: string | null }) => Promise<Account>;
  /** Registers a fresh plate to the owner through a whitebook sale dated `saleDate`; returns its number. */
  registerPlate: (owner: Account, saleDate: string) => Promise<string>;
  post: (url: string, cookie: string, payload?: object) => Promise<LightMyRequestResponse>;
  get: (url: string, cookie?: string) => Promise<LightMyRequestResponse>;
  /** The owner's view of their plate (GET /api/me/plates). */
  ownedPlate: (
    owner: Account,
    plateNumber: string,
  ) => Promise<
    | {
        ownerId: string;
        registration: {
          registrationDate: string;
          expiryDate: string;
          ownerName: string;
          ownerNrc: string;
          credentialDigits: string;
        } | null;
      }
    | undefined
  >;
  /** What a device that synced just now says of a scanned credential (keys and revocation list from the server). */
  scan: (credentialDigits: string) => Promise<ReturnType<typeof verifyCredential>>;
}

/** A day `days` after `date` (YYYY-MM-DD). */
export const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export async function ownerPlatesHarness(): Promise<OwnerPlatesHarness> {
  // Real time to start with: a whitebook sale may not be dated after the real day.
  const clock = { ms: Date.now() };
  const { app, db } = await buildTestAppWithDb({ now: () => new Date(clock.ms) });
  const today = () => new Date(clock.ms).toISOString().slice(0, 10);
  let accounts = 0;
  let plates = 0;

  const account: OwnerPlatesHarness['account'] = async (name, options = {}) => {
    accounts += 1;
    const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${accounts}@test.zm`;
    const roles = options.roles ?? ['buyer'];
    const user = await userRepository(db).create({
      email,
      name,
      phone: options.phone ?? null,
      passwordHash: 'x',
      accountType: 'individual',
      userType: 'Customer',
      status: 'Active',
      requestedRole: null,
      roles,
      businessName: roles.includes('agent') ? `${name} Plates` : null,
    });
    if (!user) throw new Error(`could not create ${name}`);
    const token = `session-${randomUUID()}`;
    await sessionRepository(db).create(token, user.id, new Date(Date.now() + 3600_000));
    return { id: user.id, name, email, cookie: `nambala_session=${token}` };
  };

  const post: OwnerPlatesHarness['post'] = (url, cookie, payload = {}) =>
    app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const get: OwnerPlatesHarness['get'] = (url, cookie) =>
    app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  const agent = await account('Lusaka Agent', { roles: ['agent'] });
  const registerPlate: OwnerPlatesHarness['registerPlate'] = async (owner, saleDate) => {
    plates += 1;
    const plateNumber = `TR ${String(plates).padStart(4, '0')}`;
    await db.transaction((tx) =>
      plateLifecycle(tx).hold(
        {
          plateNumber,
          ownerId: owner.id,
          ownerName: 'Mwila Banda',
          ownerNrc: '123456/78/9',
          source: 'marketplace',
          sourceRef: `PO-${plates}`,
          agentId: null,
          orderId: null,
          at: new Date(clock.ms),
        },
        { id: null },
      ),
    );
    const entry = {
      id: randomUUID(),
      plateNumber,
      vehicleMake: 'Toyota',
      vehicleModel: 'Corolla',
      vehicleColour: 'White',
      vehicleYear: 2019,
      chassisNumber: `JTDBR32E72012${String(plates).padStart(4, '0')}`,
      ownerName: owner.name,
      ownerNrc: '123456/78/9',
      saleDate,
      registrationNumber: `BAK ${plates}`,
      entitlementReference: `PO-${plates}`,
    };
    const pushed = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: agent.cookie },
      payload: {
        clientId: 'shop-tablet',
        mutations: [{ id: randomUUID(), intent: 'recordWhitebookEntry', payload: entry }],
      },
    });
    expect(pushed.json().results[0]).toMatchObject({ outcome: 'applied' });
    return plateNumber;
  };

  const ownedPlate: OwnerPlatesHarness['ownedPlate'] = async (owner, plateNumber) => {
    const response = await get('/api/me/plates', owner.cookie);
    expect(response.statusCode).toBe(200);
    return response.json().plates.find((plate: { plateNumber: string }) => plate.plateNumber === plateNumber);
  };

  const scan: OwnerPlatesHarness['scan'] = async (credentialDigits) => {
    const keys = (await get('/api/credentials/keys')).json().keys as Array<{
      keyId: number;
      publicKey: string;
      status: TrustedKey['status'];
    }>;
    const list = (await get('/api/credentials/revocations')).json().revocations as Revocation[];
    const bytes = digitsToBytes(credentialDigits);
    if (!bytes) throw new Error('credential digits do not decode');
    return verifyCredential(bytes, {
      keys: new Map(
        keys.map((key) => [
          key.keyId,
          { keyId: key.keyId, status: key.status, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')) },
        ]),
      ),
      revocations: new Map(list.map((revocation) => [revocation.plateNumber, revocation])),
      today: today(),
    });
  };

  return { app, db, clock, today, account, registerPlate, post, get, ownedPlate, scan };
}

/**
 * Ownership transfers over HTTP: who may start, cancel, accept and decline at each state;
 * the plates that cannot be transferred, with their reasons; and what acceptance does — the
 * registration re-issued to the new owner with the same expiry, the old QR code Revoked
 * (replaced) on every device while the new one is Valid, the police verdict naming the new
 * owner, the plate moved between the two people's devices and fleets, both told, audited.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatDay } from '../../src/domain/dates/calendar-day';
import {
  INVITATION_UNUSABLE,
  NOT_TO_YOURSELF,
  NOT_YOUR_PLATE,
  ONLY_RECIPIENT_DECIDES,
  ONLY_SENDER_CANCELS,
  OWN_INVITATION,
  TRANSFER_INVITATION_KIND,
  TRANSFER_NOT_FOUND,
  TRANSFER_START_LIMIT,
  tooManyTransfers,
} from '#domain/plates/transfer';
import type { Database } from '../../src/server/db/database';
import { registryRepository } from '../../src/server/repositories/registry-repository';
import { type Account, DAY_MS, dayAfter, type OwnerPlatesHarness, ownerPlatesHarness } from './owner-plates';

describe('ownership transfers', () => {
  let harness: OwnerPlatesHarness;
  let app: FastifyInstance;
  let db: Database;
  let owner: Account;
  let recipient: Account;
  let stranger: Account;
  let officer: Account;

  const start = (plateNumber: string, toContact: unknown, by: Account = owner) =>
    harness.post(`/api/plates/${encodeURIComponent(plateNumber)}/transfers`, by.cookie, { toContact });
  const act = (id: string, action: 'cancel' | 'decline' | 'accept', by: Account, body: object = {}) =>
    harness.post(`/api/transfers/${id}/${action}`, by.cookie, body);
  const acceptance = { ownerName: 'Chanda Mulenga', ownerNrc: '234567/89/1' };
  const notifications = async (userId: string) =>
    (
      await db.query<{ kind: string; title: string }>(
        'SELECT kind, title FROM notifications WHERE user_id = $1 ORDER BY created_at',
        [userId],
      )
    ).map((row) => row.kind);
  const changesFor = async (userId: string, entity: string) =>
    db.query<{ entity_id: string; op: string; data: Record<string, unknown> | null }>(
      'SELECT entity_id, op, data FROM change_log WHERE $1 = ANY(scopes) AND entity = $2 ORDER BY seq',
      [`user:${userId}`, entity],
    );

  beforeAll(async () => {
    harness = await ownerPlatesHarness();
    ({ app, db } = harness);
    owner = await harness.account('Mwila Banda');
    recipient = await harness.account('Chanda Mulenga', { phone: '0977123456' });
    stranger = await harness.account('Bupe Tembo');
    officer = await harness.account('Officer Phiri', { roles: ['police'] });
  }, 60_000);
  afterAll(() => app.close());
  // Each test starts its own hour of the per-account limit on starting transfers.
  beforeEach(async () => {
    await db.query("DELETE FROM rate_limit_hits WHERE key LIKE 'transfer-start:%'");
  });

  /** The invitation sent to a contact: its channel, and the token its link carries. */
  const invitationsTo = async (contact: string) =>
    (
      await db.query<{ channel: string; body: string; link: string }>(
        'SELECT channel, body, link FROM message_outbox WHERE recipient = $1 AND kind = $2 ORDER BY id',
        [contact, TRANSFER_INVITATION_KIND],
      )
    ).map((message) => ({
      ...message,
      token: new URL(`http://x${message.link}`).searchParams.get('invitation') ?? '',
    }));
  const claim = (token: string, by: Account) => harness.post('/api/transfers/claim', by.cookie, { token });

  describe('starting a transfer', () => {
    it('invites the account with that email: Pending on both devices, the recipient told, the owner shown only the contact', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const response = await start(plate, recipient.email.toUpperCase());
      expect(response.statusCode).toBe(201);
      const transfer = response.json().transfer;
      // Whether the contact has an account, and whose, is not the owner's to learn before acceptance.
      expect(transfer).toMatchObject({
        plateNumber: plate,
        fromUserId: owner.id,
        fromName: owner.name,
        toUserId: null,
        toName: null,
        toContact: recipient.email,
        status: 'Pending',
        decidedAt: null,
      });
      expect(
        (await changesFor(owner.id, 'plateTransfer')).find((change) => change.entity_id === transfer.id)?.data,
      ).toMatchObject({ status: 'Pending', toUserId: null, toName: null });
      expect(
        (await changesFor(recipient.id, 'plateTransfer')).find((change) => change.entity_id === transfer.id)?.data,
      ).toMatchObject({ status: 'Pending', toUserId: recipient.id, fromName: owner.name });
      expect(await changesFor(stranger.id, 'plateTransfer')).toEqual([]);
      expect(await notifications(recipient.id)).toContain('transfer-offered');
      const [invitation] = await invitationsTo(recipient.email);
      expect(invitation).toMatchObject({
        channel: 'email',
        link: expect.stringMatching(/^\/dashboard\/user\/plates\?invitation=[\w-]{43}$/),
      });
      expect(invitation?.body).not.toContain(owner.name);
      const listed = await harness.get('/api/me/transfers', recipient.cookie);
      expect(listed.json().transfers.map((item: { id: string }) => item.id)).toContain(transfer.id);
      expect(
        (await harness.get('/api/me/transfers', owner.cookie))
          .json()
          .transfers.find((item: { id: string }) => item.id === transfer.id),
      ).toMatchObject({ toUserId: null, toName: null });
      expect((await harness.get('/api/me/transfers', stranger.cookie)).json().transfers).toEqual([]);
    });

    it('finds the recipient by phone number, however it is written, and texts the invitation there', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const response = await start(plate, '+260 97 712 3456');
      expect(response.statusCode).toBe(201);
      expect(response.json().transfer).toMatchObject({ toUserId: null, toContact: '+260977123456' });
      expect(
        await db.query('SELECT to_user_id FROM plate_transfers WHERE id = $1', [response.json().transfer.id]),
      ).toEqual([{ to_user_id: recipient.id }]);
      expect((await invitationsTo('+260977123456')).map((message) => message.channel)).toEqual(['sms']);
    });

    it('answers a contact nobody uses, a phone two accounts share and an inactive account exactly as it answers an account', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      await harness.account('Twin One', { phone: '0966000111' });
      await harness.account('Twin Two', { phone: '+260966000111' });
      const inactive = await harness.account('Gone Away');
      await db.query("UPDATE users SET status = 'Inactive' WHERE id = $1", [inactive.id]);
      const shape = (body: { transfer: Record<string, unknown> }) => ({
        ...body.transfer,
        id: 'id',
        createdAt: 'at',
        toContact: 'contact',
      });
      const answers = [];
      for (const contact of [recipient.email, 'nobody@nowhere.zm', '0966000111', inactive.email]) {
        const answer = await start(plate, contact);
        expect(answer.statusCode).toBe(201);
        answers.push(shape(answer.json()));
        expect(await invitationsTo(answer.json().transfer.toContact)).not.toEqual([]);
        expect((await act(answer.json().transfer.id, 'cancel', owner)).statusCode).toBe(200);
      }
      expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    });

    it('refuses the owner’s own email or phone, and text that is neither', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      expect((await start(plate, owner.email)).json()).toMatchObject({ statusCode: 400, message: NOT_TO_YOURSELF });
      const garbled = await start(plate, 'call me');
      expect(garbled.statusCode).toBe(400);
      expect(garbled.json().fields.toContact).toMatch(/email address or Zambian phone number/);
    });

    it('gives the plate to whoever follows the invitation signed in, once: someone who signs up with the email accepts it', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const id = (await start(plate, 'new.owner@example.zm')).json().transfer.id;
      const [invitation] = await invitationsTo('new.owner@example.zm');
      const newcomer = await harness.account('Natasha Zulu');
      expect((await claim(invitation?.token ?? '', owner)).json()).toMatchObject({
        statusCode: 409,
        message: OWN_INVITATION,
      });
      expect((await claim('not-a-token', newcomer)).json()).toMatchObject({
        statusCode: 404,
        message: INVITATION_UNUSABLE,
      });
      const claimed = await claim(invitation?.token ?? '', newcomer);
      expect(claimed.statusCode).toBe(200);
      expect(claimed.json().transfer).toMatchObject({
        id,
        toUserId: newcomer.id,
        fromName: owner.name,
        status: 'Pending',
      });
      expect((await changesFor(newcomer.id, 'plateTransfer')).some((change) => change.entity_id === id)).toBe(true);
      // The link is spent on the first account: nobody else can take the plate with it.
      expect((await claim(invitation?.token ?? '', stranger)).json()).toMatchObject({
        statusCode: 404,
        message: INVITATION_UNUSABLE,
      });
      expect(
        (await act(id, 'accept', newcomer, { ownerName: 'Natasha Zulu', ownerNrc: '345678/90/1' })).json().transfer
          .status,
      ).toBe('Accepted');
      // Accepted, the owner learns who took it.
      expect(
        (await harness.get('/api/me/transfers', owner.cookie))
          .json()
          .transfers.find((item: { id: string }) => item.id === id),
      ).toMatchObject({ toUserId: newcomer.id, toName: 'Natasha Zulu' });
      expect((await claim(invitation?.token ?? '', newcomer)).json()).toMatchObject({
        statusCode: 404,
        message: INVITATION_UNUSABLE,
      });
    });

    it(`lets one account start at most ${TRANSFER_START_LIMIT.max} transfers an hour`, async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      for (let index = 0; index < TRANSFER_START_LIMIT.max; index += 1) {
        const started = await start(plate, `contact-${index}@example.zm`);
        expect(started.statusCode).toBe(201);
        await act(started.json().transfer.id, 'cancel', owner);
      }
      const refused = await start(plate, 'one-more@example.zm');
      expect(refused.json()).toMatchObject({ statusCode: 429, message: tooManyTransfers(60) });
      expect(await invitationsTo('one-more@example.zm')).toEqual([]);
    });

    it('lets only the plate’s owner start one (a stranger, an unknown plate, a bad number)', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      expect((await start(plate, recipient.email, stranger)).json()).toMatchObject({
        statusCode: 403,
        message: NOT_YOUR_PLATE,
      });
      expect((await start('ZZ 9999', recipient.email)).json()).toMatchObject({
        statusCode: 403,
        message: NOT_YOUR_PLATE,
      });
      expect((await start('***', recipient.email)).statusCode).toBe(400);
      expect(
        (
          await app.inject({
            method: 'POST',
            url: `/api/plates/${encodeURIComponent(plate)}/transfers`,
            payload: { toContact: recipient.email },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('refuses a plate already being transferred, one flagged by the police, a revoked one and an expired one, each saying why', async () => {
      const waiting = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      expect((await start(waiting, recipient.email)).statusCode).toBe(201);
      expect((await start(waiting, stranger.email)).json()).toMatchObject({
        statusCode: 409,
        message: `A transfer of plate ${waiting} is already waiting to be accepted. Cancel it first to start another.`,
      });

      const flagged = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      await db.query(
        "INSERT INTO plate_flags (id, officer_id, plate_number, suspicion, note, status) VALUES ('flag-1', $1, $2, 'Suspected fake', 'Paint differs', 'Open')",
        [officer.id, flagged],
      );
      expect((await start(flagged, recipient.email)).json()).toMatchObject({
        statusCode: 409,
        message: `Plate ${flagged} has been flagged by the police and cannot be transferred until the registry has decided the flag.`,
      });

      const revoked = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      await registryRepository(db).setStanding(revoked, 'Revoked');
      expect((await start(revoked, recipient.email)).json()).toMatchObject({
        statusCode: 409,
        message: `Plate ${revoked} has been revoked, so it cannot be transferred.`,
      });

      const expiring = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const expiry = (await harness.ownedPlate(owner, expiring))?.registration?.expiryDate ?? '';
      const before = harness.clock.ms;
      harness.clock.ms = Date.parse(`${dayAfter(expiry, 1)}T09:00:00Z`);
      try {
        expect((await start(expiring, recipient.email)).json()).toMatchObject({
          statusCode: 409,
          message: `Plate ${expiring}'s registration expired on ${formatDay(expiry)}. Renew it before transferring it.`,
        });
      } finally {
        harness.clock.ms = before;
      }
    });
  });

  describe('who may act on a transfer, and when', () => {
    it('lets only the sender cancel, only the recipient accept or decline, and tells anyone else nothing', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const id = (await start(plate, recipient.email)).json().transfer.id;
      expect((await act(id, 'cancel', recipient)).json()).toMatchObject({
        statusCode: 403,
        message: ONLY_SENDER_CANCELS,
      });
      expect((await act(id, 'accept', owner, acceptance)).json()).toMatchObject({
        statusCode: 403,
        message: ONLY_RECIPIENT_DECIDES,
      });
      expect((await act(id, 'decline', owner)).json()).toMatchObject({
        statusCode: 403,
        message: ONLY_RECIPIENT_DECIDES,
      });
      for (const action of ['cancel', 'decline', 'accept'] as const)
        expect((await act(id, action, stranger, acceptance)).json()).toMatchObject({
          statusCode: 404,
          message: TRANSFER_NOT_FOUND,
        });
      expect((await act('no-such-transfer', 'cancel', owner)).statusCode).toBe(404);
    });

    it('cancels before acceptance: the recipient is told, and can no longer accept', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const id = (await start(plate, recipient.email)).json().transfer.id;
      const cancelled = await act(id, 'cancel', owner);
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().transfer).toMatchObject({ status: 'Cancelled', decidedAt: expect.any(String) });
      expect(await notifications(recipient.id)).toContain('transfer-cancelled');
      expect((await act(id, 'accept', recipient, acceptance)).json()).toMatchObject({
        statusCode: 409,
        message: `This transfer of plate ${plate} was cancelled.`,
      });
      expect((await act(id, 'cancel', owner)).statusCode).toBe(409);
      // Cancelled, the plate may be offered again.
      expect((await start(plate, recipient.email)).statusCode).toBe(201);
    });

    it('declines: the owner is told and keeps the plate', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const id = (await start(plate, recipient.email)).json().transfer.id;
      expect((await act(id, 'decline', recipient)).json().transfer.status).toBe('Declined');
      expect(await notifications(owner.id)).toContain('transfer-declined');
      expect((await harness.ownedPlate(owner, plate))?.ownerId).toBe(owner.id);
      expect((await act(id, 'accept', recipient, acceptance)).statusCode).toBe(409);
    });

    it('checks the plate again on acceptance: a flag raised meanwhile stops it', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const id = (await start(plate, recipient.email)).json().transfer.id;
      await db.query(
        "INSERT INTO plate_flags (id, officer_id, plate_number, suspicion, note, status) VALUES ('flag-2', $1, $2, 'Suspected stolen', 'Reported', 'Open')",
        [officer.id, plate],
      );
      const refused = await act(id, 'accept', recipient, acceptance);
      expect(refused.json()).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('flagged by the police'),
      });
      expect((await harness.ownedPlate(owner, plate))?.ownerId).toBe(owner.id);
    });

    it('asks the new owner for their name and an NRC number as on the ID', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const id = (await start(plate, recipient.email)).json().transfer.id;
      const refused = await act(id, 'accept', recipient, { ownerName: ' ', ownerNrc: '1234' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toMatchObject({
        ownerName: 'Full name is required',
        ownerNrc: 'NRC number must look like 123456/78/9',
      });
    });
  });

  describe('accepting a transfer', () => {
    it('re-issues the registration to the new owner: old QR code Revoked, new one Valid, police see the new owner, both told, audited', async () => {
      const registered = dayAfter(harness.today(), -10);
      const plate = await harness.registerPlate(owner, registered);
      const before = await harness.ownedPlate(owner, plate);
      const oldDigits = before?.registration?.credentialDigits ?? '';
      expect(await harness.scan(oldDigits)).toMatchObject({ verdict: 'Valid' });
      const id = (await start(plate, recipient.email)).json().transfer.id;

      const accepted = await act(id, 'accept', recipient, acceptance);
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json().transfer).toMatchObject({ status: 'Accepted' });

      // The registry: new owner, dated today, the same vehicle and expiry.
      const row = await registryRepository(db).find(plate);
      expect(row).toMatchObject({
        ownerName: 'Chanda Mulenga',
        ownerNrc: '234567/89/1',
        registrationDate: harness.today(),
        expiryDate: before?.registration?.expiryDate,
        make: 'Toyota',
        standing: 'Valid',
      });
      const [owners] = await db.query<{ registry: string; plates: string }>(
        'SELECT r.owner_id AS registry, p.owner_id AS plates FROM registered_plates r JOIN plates p USING (plate_number) WHERE plate_number = $1',
        [plate],
      );
      expect(owners).toEqual({ registry: recipient.id, plates: recipient.id });

      // The plate left the old owner's dashboard and is in the new owner's, with a new credential.
      expect(await harness.ownedPlate(owner, plate)).toBeUndefined();
      const after = await harness.ownedPlate(recipient, plate);
      expect(after?.registration).toMatchObject({ ownerName: 'Chanda Mulenga', registrationDate: harness.today() });
      const ownedChanges = await changesFor(owner.id, 'ownedPlate');
      expect(ownedChanges.filter((change) => change.entity_id === plate).at(-1)?.op).toBe('delete');

      // Every device: the old QR code reads Revoked (replaced), the new one Valid.
      const oldVerdict = await harness.scan(oldDigits);
      expect(oldVerdict).toMatchObject({
        verdict: 'Revoked',
        revocation: { plateNumber: plate, status: 'Revoked', supersededBefore: harness.today() },
      });
      expect(await harness.scan(after?.registration?.credentialDigits ?? '')).toMatchObject({
        verdict: 'Valid',
        credential: { registrationDate: harness.today() },
      });

      // A typed check: Valid, and an officer sees the new owner.
      const check = await harness.get(`/api/verification/${encodeURIComponent(plate)}`, officer.cookie);
      expect(check.json()).toMatchObject({ verdict: 'Valid', tier: 'police', owner: { name: 'Chanda Mulenga' } });
      const publicCheck = await harness.get(`/api/verification/${encodeURIComponent(plate)}`);
      expect(publicCheck.json().verdict).toBe('Valid');
      expect(publicCheck.json().owner).toBeUndefined();

      // Both told, the vehicle moved with its plate, audited.
      expect(await notifications(owner.id)).toContain('transfer-completed');
      expect(await notifications(recipient.id)).toContain('transfer-completed');
      const vehicles = await db.query<{ owner_id: string; plate_number: string | null }>(
        'SELECT owner_id, plate_number FROM vehicles WHERE plate_number = $1',
        [plate],
      );
      expect(vehicles).toEqual([{ owner_id: recipient.id, plate_number: plate }]);
      const [audit] = await db.query<{ actor_id: string; detail: Record<string, unknown> }>(
        "SELECT actor_id, detail FROM audit_log WHERE action = 'plate.transferred' AND target = $1",
        [plate],
      );
      expect(audit).toMatchObject({
        actor_id: recipient.id,
        detail: {
          transferId: id,
          fromUserId: owner.id,
          toUserId: recipient.id,
          previousOwnerName: owner.name,
          ownerName: 'Chanda Mulenga',
        },
      });

      // The plate is the new owner's to hand on; the old owner can no longer.
      expect((await act(id, 'accept', recipient, acceptance)).statusCode).toBe(409);
      expect((await start(plate, stranger.email, owner)).json()).toMatchObject({
        statusCode: 403,
        message: NOT_YOUR_PLATE,
      });
      expect((await start(plate, stranger.email, recipient)).statusCode).toBe(201);
    });

    it('tells the old QR code from the new one when the plate is registered and transferred the same day: the new one is dated the next day', async () => {
      const plate = await harness.registerPlate(owner, harness.today());
      const oldDigits = (await harness.ownedPlate(owner, plate))?.registration?.credentialDigits ?? '';
      const id = (await start(plate, recipient.email)).json().transfer.id;
      expect((await act(id, 'accept', recipient, acceptance)).statusCode).toBe(200);
      const after = await harness.ownedPlate(recipient, plate);
      expect(after?.registration?.registrationDate).toBe(dayAfter(harness.today(), 1));
      expect(await harness.scan(oldDigits)).toMatchObject({ verdict: 'Revoked' });
      expect(await harness.scan(after?.registration?.credentialDigits ?? '')).toMatchObject({ verdict: 'Valid' });
    });

    it('keeps another plate’s revocation unaffected', async () => {
      const stolen = await harness.registerPlate(stranger, dayAfter(harness.today(), -10));
      await registryRepository(db).setStanding(stolen, 'Stolen');
      const digits = (await harness.ownedPlate(stranger, stolen))?.registration?.credentialDigits ?? '';
      expect(await harness.scan(digits)).toMatchObject({ verdict: 'Stolen' });
      const list = (await harness.get('/api/credentials/revocations')).json().revocations as Array<{
        plateNumber: string;
        supersededBefore?: string;
      }>;
      expect(list.find((entry) => entry.plateNumber === stolen)?.supersededBefore).toBeUndefined();
    });

    it('refuses acceptance once the registration has expired (a transfer left waiting), saying so', async () => {
      const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -10));
      const id = (await start(plate, recipient.email)).json().transfer.id;
      const before = harness.clock.ms;
      harness.clock.ms += 5 * 366 * DAY_MS;
      try {
        expect((await act(id, 'accept', recipient, acceptance)).json()).toMatchObject({
          statusCode: 409,
          message: expect.stringContaining('Renew it before transferring it.'),
        });
      } finally {
        harness.clock.ms = before;
      }
    });
  });
});

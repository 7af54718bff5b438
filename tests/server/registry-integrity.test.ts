/**
 * No insider can put a false fact into the registry: each attempt a tester made against the
 * shop's records is refused with its reason, undone, and reaches the administrators as an
 * integrity alert; an administrator reviews alerts and can suspend a shop, whose records are
 * then refused with the reason. One failing change never fails the push around it.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlementNotFound } from '#domain/agent/workspace';
import {
  ALERT_ALREADY_REVIEWED,
  manufacturingNotGiven,
  recordingSuspended,
  saleNrcMismatch,
  saleWrongNumber,
} from '#domain/integrity/integrity-alert';
import { nothingToRevoke, REVOCATION_REASON_REQUIRED } from '#domain/integrity/integrity-decisions';
import type { Database } from '../../src/server/db/database';
import { applicationRepository } from '../../src/server/repositories/application-repository';
import { blanksOf, demoSale, plateBlanks } from './shop-orders';
import { buildTestAppWithDb, pushChange, pushChanges, signIn as signInAs } from './test-app';

describe('registry integrity against the shop’s insiders', () => {
  let app: FastifyInstance;
  let db: Database;
  let blanksFor: (plateNumber: string) => { frontSerial: string; rearSerial: string };
  const cookies: Record<string, string> = {};
  let shopId = '';

  const signIn = (email: string, password: string) => signInAs(app, email, password);
  const pushAll = (cookie: string, changes: Array<{ intent: string; payload: unknown }>) =>
    pushChanges(app, cookie, changes);
  const push = (cookie: string, intent: string, payload: unknown) => pushChange(app, cookie, intent, payload);
  const today = () => new Date().toISOString().slice(0, 10);
  const sale = demoSale;
  const alertsOf = (kind: string) =>
    db.query<{
      kind: string;
      subject_id: string;
      plate_number: string;
      status: string;
      evidence: Record<string, string>;
    }>(
      'SELECT kind, subject_id, plate_number, status, evidence FROM integrity_alerts WHERE kind = $1 ORDER BY created_at',
      [kind],
    );
  const whitebookHas = async (id: string) =>
    (await db.query('SELECT 1 FROM whitebook_entries WHERE id = $1', [id])).length > 0;

  beforeAll(async () => {
    ({ app, db } = await buildTestAppWithDb({ seedDemo: true }));
    blanksFor = plateBlanks(await blanksOf(db, 'agent@nambala.zm'));
    cookies.agent = await signIn('agent@nambala.zm', 'Agent#2026');
    cookies.admin = await signIn('admin@nambala.zm', 'Admin#2026');
    cookies.police = await signIn('police@nambala.zm', 'Police#2026');
    cookies.buyer = await signIn('buyer@nambala.zm', 'Buyer#2026');
    shopId = (await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'agent@nambala.zm'"))[0]?.id ?? '';
  }, 60_000);
  afterAll(() => app.close());

  it('refuses a sale of a buyer’s number to a stranger’s NRC, undoes it, and alerts the administrators', async () => {
    const stranger = sale({ ownerName: 'John Doe', ownerNrc: '999999/99/9' });
    const refused = await push(cookies.agent ?? '', 'recordWhitebookEntry', stranger);
    expect(refused).toMatchObject({
      outcome: 'rejected',
      status: 422,
      message: saleNrcMismatch('ORD-001'),
      fields: { ownerNrc: saleNrcMismatch('ORD-001') },
    });
    expect(refused.message).not.toContain('123456');
    expect(await whitebookHas(stranger.id)).toBe(false);
    expect(await db.query("SELECT stage FROM plates WHERE plate_number = 'ZM-101-ABC'")).toEqual([{ stage: 'Held' }]);
    const [alert] = await alertsOf('nrc-mismatch');
    expect(alert).toMatchObject({
      subject_id: shopId,
      plate_number: 'ZM-101-ABC',
      status: 'Open',
      evidence: { 'Owner NRC recorded': '999999/99/9', 'Entitlement reference': 'ORD-001' },
    });
    const adminNotes = await db.query<{ title: string }>(
      "SELECT n.title FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'admin@nambala.zm' AND n.kind = 'integrity-alert'",
    );
    expect(adminNotes.map((note) => note.title)).toEqual([
      expect.stringMatching(/^Integrity alert: NRC does not match \(.+\)$/),
    ]);
  });

  it('registers the number when the NRC matches, written any way, to the person the order names', async () => {
    const right = sale({ ownerName: 'M. Banda', ownerNrc: ' 123456/78/9 ' });
    expect(await push(cookies.agent ?? '', 'recordWhitebookEntry', right)).toMatchObject({ outcome: 'applied' });
    expect(
      await db.query("SELECT owner_name, owner_nrc FROM registered_plates WHERE plate_number = 'ZM-101-ABC'"),
    ).toEqual([{ owner_name: 'Mwila Banda', owner_nrc: '123456/78/9' }]);
  });

  it('tells the owner where and on which vehicle it was registered, and lets them report it: an alert against the shop', async () => {
    const [told] = await db.query<{ body: string; link: string }>(
      "SELECT n.body, n.link FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'buyer@nambala.zm' AND n.kind = 'plate-registered' AND n.title LIKE '%ZM-101-ABC%'",
    );
    expect(told?.body).toMatch(
      /^ZM-101-ABC was registered to you at .+ with a White Toyota Corolla, valid until \d{1,2} [A-Z][a-z]{2,3} \d{4}\. .* Not you\? Report it from My Plates & Orders\.$/,
    );
    expect(told?.link).toBe('/dashboard/user/plates?report=ZM-101-ABC');
    const report = { id: randomUUID(), plateNumber: 'ZM-101-ABC', note: 'I have not fitted this plate yet.' };
    expect(await push(cookies.police ?? '', 'reportRegistration', report)).toMatchObject({
      outcome: 'rejected',
      status: 403,
    });
    expect(await push(cookies.buyer ?? '', 'reportRegistration', report)).toMatchObject({ outcome: 'applied' });
    expect(await push(cookies.buyer ?? '', 'reportRegistration', { ...report, id: randomUUID() })).toMatchObject({
      outcome: 'applied',
    });
    expect(await alertsOf('registration-reported')).toMatchObject([
      {
        subject_id: shopId,
        plate_number: 'ZM-101-ABC',
        evidence: { Note: 'I have not fitted this plate yet.', 'Owner recorded at the sale': 'M. Banda (123456/78/9)' },
      },
    ]);
  });

  it('revokes a registration the owner reported as made in error: Revoked on every device, nothing re-issued, owner and shop told', async () => {
    const [reported] = await db.query<{ id: string }>(
      "SELECT id FROM integrity_alerts WHERE kind = 'registration-reported' AND plate_number = 'ZM-101-ABC'",
    );
    const [mismatch] = await db.query<{ id: string }>(
      "SELECT id FROM integrity_alerts WHERE kind = 'nrc-mismatch' AND plate_number = 'ZM-101-ABC'",
    );
    const credentialOf = async () =>
      db.query<{ standing: string; credential: string; key_id: number }>(
        "SELECT standing, credential, key_id FROM registered_plates WHERE plate_number = 'ZM-101-ABC'",
      );
    const [before] = await credentialOf();
    const revocation = {
      alertId: reported?.id,
      note: 'The owner had not collected the plate: the sale was recorded in error.',
    };
    expect(await push(cookies.agent ?? '', 'revokeRegistration', revocation)).toMatchObject({
      outcome: 'rejected',
      status: 403,
    });
    expect(await push(cookies.admin ?? '', 'revokeRegistration', { ...revocation, note: '' })).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: { note: REVOCATION_REASON_REQUIRED },
    });
    expect(await push(cookies.admin ?? '', 'revokeRegistration', revocation)).toMatchObject({ outcome: 'applied' });

    expect(await credentialOf()).toEqual([{ ...before, standing: 'Revoked' }]);
    const verdict = (
      await app.inject({
        method: 'GET',
        url: '/api/verification/ZM-101-ABC',
        headers: { cookie: cookies.police ?? '' },
      })
    ).json();
    expect(verdict.verdict).toBe('Revoked');
    expect(await db.query('SELECT status, review_note FROM integrity_alerts WHERE id = $1', [reported?.id])).toEqual([
      { status: 'Reviewed', review_note: `Registration revoked: ${revocation.note}` },
    ]);
    const told = await db.query<{ email: string; body: string }>(
      "SELECT u.email, n.body FROM notifications n JOIN users u ON u.id = n.user_id WHERE n.kind = 'plate-revoked' ORDER BY u.email",
    );
    expect(told.map((note) => note.email)).toEqual(['agent@nambala.zm', 'buyer@nambala.zm']);
    expect(told[1]?.body).toContain(`was made in error and revoked it: ${revocation.note}`);
    // The owner's devices follow: their view of the plate carries the new standing.
    const pulled = (
      await app.inject({ method: 'GET', url: '/api/sync/pull?limit=2500', headers: { cookie: cookies.buyer ?? '' } })
    ).json().changes as Array<{ entity: string; id: string; data: { registration?: { standing: string } } }>;
    expect(
      pulled.filter((change) => change.entity === 'ownedPlate' && change.id === 'ZM-101-ABC').at(-1)?.data.registration
        ?.standing,
    ).toBe('Revoked');
    // Once: the alert is reviewed, and another alert on the plate finds nothing left to revoke.
    expect(await push(cookies.admin ?? '', 'revokeRegistration', revocation)).toMatchObject({
      outcome: 'rejected',
      status: 409,
      message: ALERT_ALREADY_REVIEWED,
    });
    expect(
      await push(cookies.admin ?? '', 'revokeRegistration', { alertId: mismatch?.id, note: 'Again' }),
    ).toMatchObject({ outcome: 'rejected', status: 409, message: nothingToRevoke('ZM-101-ABC') });
    expect(await db.query('SELECT status FROM integrity_alerts WHERE id = $1', [mismatch?.id])).toEqual([
      { status: 'Open' },
    ]);
  });

  it('refuses a sale of a listed number against the shop’s order for another number, and the number stays for sale', async () => {
    const wrong = sale({
      plateNumber: 'ZM-222-MAX',
      entitlementReference: 'ORD-005',
      ownerName: 'Kondwani Phiri',
      ownerNrc: '567890/12/3',
    });
    const refused = await push(cookies.agent ?? '', 'recordWhitebookEntry', wrong);
    const message = saleWrongNumber('ORD-005', 'ZM-222-MAX', ['ZM-777-LCK']);
    expect(refused).toMatchObject({ outcome: 'rejected', status: 422, message, fields: { plateNumber: message } });
    expect(await whitebookHas(wrong.id)).toBe(false);
    expect(await alertsOf('sale-wrong-number')).toMatchObject([
      { subject_id: shopId, plate_number: 'ZM-222-MAX', evidence: { 'The order is for': 'ZM-777-LCK' } },
    ]);
    expect(
      (await db.query<{ status: string }>("SELECT status FROM plate_listings WHERE number = 'ZM-222-MAX'"))[0]?.status,
    ).toBe('Available');
  });

  it('refuses a sale of a number the shop was never given as an attempt, and a mistyped reference for its own number as a slip', async () => {
    const invented = sale({ plateNumber: 'ZM-998-XXX', entitlementReference: 'ORD-777' });
    expect(await push(cookies.agent ?? '', 'recordWhitebookEntry', invented)).toMatchObject({
      outcome: 'rejected',
      status: 422,
      message: entitlementNotFound('ORD-777'),
    });
    expect(await alertsOf('sale-not-given')).toMatchObject([{ plate_number: 'ZM-998-XXX' }]);
    const slip = sale({ plateNumber: 'ZM-104-BPT', entitlementReference: 'ORD-0004', ownerNrc: '456789/01/2' });
    expect(await push(cookies.agent ?? '', 'recordWhitebookEntry', slip)).toMatchObject({
      outcome: 'rejected',
      status: 422,
    });
    expect(await alertsOf('sale-not-given')).toHaveLength(1);
  });

  it('refuses manufacturing of a number no one gave the shop, and tells the administrators', async () => {
    const record = {
      id: randomUUID(),
      plateNumber: 'ZM-999-XXX',
      status: 'Printed',
      batchNumber: 'B-FAKE-1',
      productionDate: today(),
      notes: '',
      ...blanksFor('ZM-999-XXX'),
    };
    const refused = await push(cookies.agent ?? '', 'recordManufacturing', record);
    expect(refused).toMatchObject({
      outcome: 'rejected',
      status: 422,
      message: manufacturingNotGiven('ZM-999-XXX'),
      fields: { plateNumber: manufacturingNotGiven('ZM-999-XXX') },
    });
    expect(await db.query("SELECT 1 FROM manufacturing_records WHERE plate_number = 'ZM-999-XXX'")).toEqual([]);
    expect(await alertsOf('manufacturing-not-given')).toMatchObject([
      { subject_id: shopId, plate_number: 'ZM-999-XXX', evidence: { 'Batch number': 'B-FAKE-1' } },
    ]);
    // A number on the shop's orders is made as before.
    expect(
      await push(cookies.agent ?? '', 'recordManufacturing', {
        ...record,
        id: randomUUID(),
        plateNumber: 'ZM-104-BPT',
        ...blanksFor('ZM-104-BPT'),
      }),
    ).toMatchObject({ outcome: 'applied' });
  });

  it('refuses a vehicle colour longer than the credential holds, alone: the changes around it apply', async () => {
    const stock = () => ({
      id: randomUUID(),
      itemType: 'Plate Blanks',
      quantity: 10,
      batchNumber: 'BLK-COL',
      receivedDate: today(),
      allocationId: null,
    });
    const long = sale({
      plateNumber: 'ZM-106-MDK',
      entitlementReference: 'ORD-008',
      ownerName: 'Mapalo Daka',
      ownerNrc: '890123/45/6',
      vehicleColour: 'Metallic Silver Grey',
    });
    const [before, colour, after] = await pushAll(cookies.agent ?? '', [
      { intent: 'recordInventoryItem', payload: stock() },
      { intent: 'recordWhitebookEntry', payload: long },
      { intent: 'recordInventoryItem', payload: stock() },
    ]);
    expect(before?.outcome).toBe('applied');
    expect(colour).toMatchObject({
      outcome: 'rejected',
      status: 400,
      fields: { vehicleColour: 'Vehicle colour must be at most 16 characters (letters such as ë count as two)' },
    });
    expect(after?.outcome).toBe('applied');
  });

  it('refuses a change whose handler fails alone, with a reason, and applies the changes around it', async () => {
    // A fault the handler does not expect (not a refusal, not a value the database refuses).
    await db.query(
      `CREATE FUNCTION fail_for_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'unexpected fault'; END $$`,
    );
    await db.query(
      "CREATE TRIGGER fail_for_test BEFORE INSERT ON agent_inventory_items FOR EACH ROW WHEN (NEW.batch_number = 'BLK-FAULT') EXECUTE FUNCTION fail_for_test()",
    );
    const stock = (batchNumber: string) => ({
      id: randomUUID(),
      itemType: 'Plate Blanks',
      quantity: 5,
      batchNumber,
      receivedDate: today(),
      allocationId: null,
    });
    const answers = await pushAll(cookies.agent ?? '', [
      { intent: 'recordInventoryItem', payload: stock('BLK-OK-1') },
      { intent: 'recordInventoryItem', payload: stock('BLK-FAULT') },
      { intent: 'recordInventoryItem', payload: stock('BLK-OK-2') },
    ]);
    expect(answers.map((answer) => [answer.outcome, answer.status])).toEqual([
      ['applied', undefined],
      ['rejected', 422],
      ['applied', undefined],
    ]);
    expect(answers[1]?.message).toMatch(/could not apply this change/);
    expect(
      await db.query(
        "SELECT batch_number FROM agent_inventory_items WHERE batch_number LIKE 'BLK-OK-%' ORDER BY batch_number",
      ),
    ).toEqual([{ batch_number: 'BLK-OK-1' }, { batch_number: 'BLK-OK-2' }]);
    await db.query('DROP TRIGGER fail_for_test ON agent_inventory_items');
  });

  it('counts the alerts awaiting review on the System Dashboard', async () => {
    const [{ n: open } = { n: 0 }] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM integrity_alerts WHERE status = 'Open'",
    );
    expect(open).toBeGreaterThan(0);
    const dashboard = (
      await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie: cookies.admin ?? '' } })
    ).json();
    expect(dashboard.summary.health.checks).toContainEqual({
      id: 'integrity',
      label: 'Integrity alerts',
      isOk: false,
      detail: `${open} integrity alert${open === 1 ? '' : 's'} awaiting review`,
    });
  });

  it('lets an administrator review an alert once, with a note, and puts alerts on administrators’ devices only', async () => {
    const [alert] = await db.query<{ id: string }>("SELECT id FROM integrity_alerts WHERE kind = 'nrc-mismatch'");
    expect(
      await push(cookies.agent ?? '', 'reviewIntegrityAlert', { alertId: alert?.id, note: 'Checked' }),
    ).toMatchObject({ outcome: 'rejected', status: 403 });
    expect(await push(cookies.admin ?? '', 'reviewIntegrityAlert', { alertId: alert?.id, note: ' ' })).toMatchObject({
      outcome: 'rejected',
      status: 400,
    });
    expect(
      await push(cookies.admin ?? '', 'reviewIntegrityAlert', {
        alertId: alert?.id,
        note: 'Called the shop: a stranger tried to collect the plate.',
      }),
    ).toMatchObject({ outcome: 'applied' });
    expect(
      await push(cookies.admin ?? '', 'reviewIntegrityAlert', { alertId: alert?.id, note: 'Again' }),
    ).toMatchObject({ outcome: 'rejected', status: 409 });
    const pull = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/api/sync/pull?limit=2500', headers: { cookie } })).json()
        .changes as Array<{ entity: string; id: string; data: Record<string, unknown> }>;
    const seen = (await pull(cookies.admin ?? '')).filter(
      (change) => change.entity === 'integrityAlert' && change.id === alert?.id,
    );
    expect(seen.at(-1)?.data).toMatchObject({
      status: 'Reviewed',
      reviewNote: 'Called the shop: a stranger tried to collect the plate.',
      kind: 'nrc-mismatch',
    });
    expect((await pull(cookies.agent ?? '')).some((change) => change.entity === 'integrityAlert')).toBe(false);
  });

  it('refuses every record of a suspended shop with the reason, tells the shop, and accepts them again once restored', async () => {
    const reason = 'Sales to NRCs that do not match the orders, under review';
    expect(await push(cookies.agent ?? '', 'setShopRecording', { shopId, suspended: true, reason })).toMatchObject({
      outcome: 'rejected',
      status: 403,
    });
    expect(await push(cookies.admin ?? '', 'setShopRecording', { shopId, suspended: true, reason })).toMatchObject({
      outcome: 'applied',
    });
    const record = {
      id: randomUUID(),
      plateNumber: 'ZM-103-TRK',
      status: 'Printed',
      batchNumber: 'B-SUS-1',
      productionDate: today(),
      notes: '',
      ...blanksFor('ZM-103-TRK'),
    };
    expect(await push(cookies.agent ?? '', 'recordManufacturing', record)).toMatchObject({
      outcome: 'rejected',
      status: 403,
      message: recordingSuspended(reason),
    });
    const entry = sale({ plateNumber: 'ZM-103-TRK', entitlementReference: 'ORD-003', ownerNrc: '345678/90/1' });
    expect(await push(cookies.agent ?? '', 'recordWhitebookEntry', entry)).toMatchObject({
      outcome: 'rejected',
      status: 403,
      message: recordingSuspended(reason),
    });
    const told = await db.query<{ kind: string }>('SELECT kind FROM notifications WHERE user_id = $1 AND kind = $2', [
      shopId,
      'shop-suspended',
    ]);
    expect(told).toHaveLength(1);
    // Nor is it given new orders: it could not record making them (the demo shop is the only one).
    expect(await applicationRepository(db).leastLoadedAgent()).toBeUndefined();
    // Only a shop can be suspended.
    const [police] = await db.query<{ id: string }>("SELECT id FROM users WHERE email = 'police@nambala.zm'");
    expect(
      await push(cookies.admin ?? '', 'setShopRecording', { shopId: police?.id, suspended: true, reason }),
    ).toMatchObject({ outcome: 'rejected', status: 422 });

    expect(await push(cookies.admin ?? '', 'setShopRecording', { shopId, suspended: false })).toMatchObject({
      outcome: 'applied',
    });
    expect(await push(cookies.agent ?? '', 'recordManufacturing', { ...record, id: randomUUID() })).toMatchObject({
      outcome: 'applied',
    });
  });
});

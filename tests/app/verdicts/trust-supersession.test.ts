/**
 * A re-issued plate on a device: the revocation list the device keeps carries the
 * supersession, so a scan of the old QR code reads Revoked (replaced) and the new one
 * Valid, with no network once synced.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTrust, refreshTrust } from '../../../src/app/verdicts/trust';
import { verifyCredentialText } from '../../../src/app/verdicts/verify';
import { NambalaDatabase } from '../../../src/app/store/database';
import { dayAfter, type OwnerPlatesHarness, ownerPlatesHarness } from '../../server/owner-plates';

describe('a re-issued plate on the device', () => {
  let harness: OwnerPlatesHarness;
  let database: NambalaDatabase;

  beforeAll(async () => {
    harness = await ownerPlatesHarness();
    database = new NambalaDatabase(`test-${randomUUID()}`);
    vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
      const response = await harness.app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: path,
        payload: init.body as string,
      });
      return new Response(response.body, {
        status: response.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    });
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await database.delete();
    await harness.app.close();
  });

  it('keeps the supersession and reads the old QR code as replaced, offline, and the new one as Valid', async () => {
    const owner = await harness.account('Mwila Banda');
    const recipient = await harness.account('Chanda Mulenga');
    const plate = await harness.registerPlate(owner, dayAfter(harness.today(), -3));
    const oldDigits = (await harness.ownedPlate(owner, plate))?.registration?.credentialDigits ?? '';
    const transfer = (
      await harness.post(`/api/plates/${encodeURIComponent(plate)}/transfers`, owner.cookie, {
        toContact: recipient.email,
      })
    ).json().transfer;
    expect(
      (
        await harness.post(`/api/transfers/${transfer.id}/accept`, recipient.cookie, {
          ownerName: 'Chanda Mulenga',
          ownerNrc: '234567/89/1',
        })
      ).statusCode,
    ).toBe(200);
    const newDigits = (await harness.ownedPlate(recipient, plate))?.registration?.credentialDigits ?? '';

    await refreshTrust(database);
    expect((await loadTrust(database, plate)).revocations.get(plate)).toMatchObject({
      status: 'Revoked',
      supersededBefore: harness.today(),
    });
    vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('Failed to fetch')));

    const old = await verifyCredentialText(database, oldDigits, () => harness.clock.ms);
    expect(old).toMatchObject({
      kind: 'result',
      verdict: 'Revoked',
      reason: `This QR code was replaced by a newer one on ${harness.today()}: the plate's registration was re-issued.`,
    });
    const fresh = await verifyCredentialText(database, newDigits, () => harness.clock.ms);
    expect(fresh).toMatchObject({ kind: 'result', verdict: 'Valid', reason: null });
    // The verdict carries the staleness thresholds the device received with the list.
    expect(fresh.kind === 'result' && fresh.freshness.staleness).toEqual({
      cautionAfterHours: 24,
      unconfirmedAfterHours: 168,
    });
  });
});

/**
 * A typed number checked against the registry over the network, without the device's
 * store: what the screen shows at once, and when it falls back to the device's copy.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registryVerdictOnline } from '../../../src/app/registry/online-verdict';

const VALID = {
  plateNumber: 'ZM-123-ABC',
  verdict: 'Valid',
  vehicle: { make: 'Toyota', model: 'Corolla', colour: 'Silver', year: 2019 },
  registrationDate: '2024-03-15',
  expiryDate: '2029-03-15',
  owner: { name: 'Mwila Banda' },
  insurance: { insurer: 'Madison General', policyNumber: 'POL-2026-000001', until: '2027-01-31' },
};

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (path: string) => {
    asked.push(path);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  });
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe("the registry's verdict on a typed number", () => {
  it('is the registry answer, logged under the given id, with the clock skew taken from its Date header', async () => {
    const deviceNow = Date.parse('2026-11-24T10:00:00Z');
    // The registry's clock is 12 minutes ahead of this device's.
    const asked = answer(200, VALID, { date: new Date(deviceNow + 12 * 60_000).toUTCString() });
    const outcome = await registryVerdictOnline('ZM-123-ABC', { id: 'check-1', method: 'manual', now: () => deviceNow });
    expect(asked).toEqual(['/api/verification/ZM-123-ABC?checkId=check-1&method=manual']);
    expect(outcome).toMatchObject({ kind: 'result', id: 'check-1', verdict: 'Valid', source: 'registry', ownerName: 'Mwila Banda', insurance: VALID.insurance, checkedAt: '2026-11-24T10:00:00.000Z' });
    if (outcome?.kind !== 'result') throw new Error('no result');
    expect(outcome.freshness.clockSkewMs).toBeGreaterThanOrEqual(12 * 60_000 - 1000);
    expect(outcome.freshness.clockSkewMs).toBeLessThanOrEqual(12 * 60_000 + 1000);
    expect(outcome.freshness).toMatchObject({ keysFetchedAt: null, revocationsFetchedAt: null, registryUpdatedAt: null });
  });

  it('knows no clock skew from an answer without a Date header', async () => {
    answer(200, VALID);
    const outcome = await registryVerdictOnline('ZM-123-ABC', { id: 'check-2', method: 'manual' });
    expect(outcome).toMatchObject({ kind: 'result', freshness: { clockSkewMs: null } });
  });

  it('says what is wrong with a number the registry refuses', async () => {
    answer(400, { message: 'Plate numbers look like ZM-123-ABC.' });
    expect(await registryVerdictOnline('ZZ', { id: 'check-3', method: 'manual' })).toEqual({ kind: 'problem', title: 'Check the plate number', detail: 'Plate numbers look like ZM-123-ABC.' });
  });

  it("leaves a server fault and a dropped connection to the device's copy", async () => {
    answer(503, { message: 'down' });
    expect(await registryVerdictOnline('ZM-123-ABC', { id: 'check-4', method: 'manual' })).toBeNull();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await registryVerdictOnline('ZM-123-ABC', { id: 'check-5', method: 'manual' })).toBeNull();
  });
});

/**
 * A typed number checked against the registry over the network, without the device's
 * store: what the screen shows at once, and when it falls back to the device's copy; and
 * the number sent ahead of the app, when Enter is pressed before it has started.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registryVerdictOnline } from '../../../src/app/verdicts/online-verdict';
import {
  sendEarlyVerdictRequest,
  sendVerdictRequest,
  takeEarlyVerdictRequest,
} from '../../../src/app/verdicts/verdict-request';

const ask = (plateNumber: string, id: string) => sendVerdictRequest(plateNumber, { id, method: 'manual' });

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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the registry's verdict on a typed number", () => {
  it('is the registry answer, logged under the given id, with the clock skew taken from its Date header', async () => {
    const deviceNow = Date.parse('2026-11-24T10:00:00Z');
    // The registry's clock is 12 minutes ahead of this device's.
    const asked = answer(200, VALID, { date: new Date(deviceNow + 12 * 60_000).toUTCString() });
    const outcome = await registryVerdictOnline(ask('ZM-123-ABC', 'check-1'), () => deviceNow);
    expect(asked).toEqual(['/api/verification/ZM-123-ABC?checkId=check-1&method=manual']);
    expect(outcome).toMatchObject({
      kind: 'result',
      id: 'check-1',
      verdict: 'Valid',
      source: 'registry',
      ownerName: 'Mwila Banda',
      insurance: VALID.insurance,
      checkedAt: '2026-11-24T10:00:00.000Z',
    });
    if (outcome?.kind !== 'result') throw new Error('no result');
    expect(outcome.freshness.clockSkewMs).toBeGreaterThanOrEqual(12 * 60_000 - 1000);
    expect(outcome.freshness.clockSkewMs).toBeLessThanOrEqual(12 * 60_000 + 1000);
    expect(outcome.freshness).toMatchObject({
      keysFetchedAt: null,
      revocationsFetchedAt: null,
      registryUpdatedAt: null,
    });
  });

  it('knows no clock skew from an answer without a Date header', async () => {
    answer(200, VALID);
    const outcome = await registryVerdictOnline(ask('ZM-123-ABC', 'check-2'));
    expect(outcome).toMatchObject({ kind: 'result', freshness: { clockSkewMs: null } });
  });

  it('says what is wrong with a number the registry refuses', async () => {
    answer(400, { message: 'Plate numbers look like ZM-123-ABC.' });
    expect(await registryVerdictOnline(ask('ZZ', 'check-3'))).toEqual({
      kind: 'problem',
      title: 'Check the plate number',
      detail: 'Plate numbers look like ZM-123-ABC.',
    });
  });

  it("leaves a server fault and a dropped connection to the device's copy", async () => {
    answer(503, { message: 'down' });
    expect(await registryVerdictOnline(ask('ZM-123-ABC', 'check-4'))).toBeNull();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await registryVerdictOnline(ask('ZM-123-ABC', 'check-5'))).toBeNull();
  });

  it('gives the registry 4 s from when the verdict is asked for, then leaves it to the device', async () => {
    vi.useFakeTimers();
    let aborted = false;
    vi.stubGlobal(
      'fetch',
      (_path: string, init: RequestInit) =>
        new Promise((_resolve, reject) =>
          init.signal?.addEventListener(
            'abort',
            () => ((aborted = true), reject(new DOMException('aborted', 'AbortError'))),
          ),
        ),
    );
    const request = ask('ZM-123-ABC', 'check-6');
    // Sent long before anyone waited for it (a number sent ahead of the app): no time limit yet.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(aborted).toBe(false);
    const verdict = registryVerdictOnline(request);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await verdict).toBeNull();
    expect(aborted).toBe(true);
  });
});

describe('a number sent ahead of the app', () => {
  const online = (onLine: boolean) => vi.stubGlobal('navigator', { onLine });

  it('is sent once, as the app would send it, and taken by the app once for the same number', async () => {
    online(true);
    const asked = answer(200, VALID);
    sendEarlyVerdictRequest(' zm-123-abc');
    sendEarlyVerdictRequest('ZM-123-ABC');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^\/api\/verification\/ZM-123-ABC\?checkId=[0-9a-f-]{36}&method=manual$/);
    expect(takeEarlyVerdictRequest('ZM-999-XYZ')).toBeNull();
    const request = takeEarlyVerdictRequest('ZM-123-ABC');
    expect(request).toMatchObject({ plateNumber: 'ZM-123-ABC', method: 'manual' });
    expect(asked[0]).toContain(`checkId=${request?.id}&`);
    expect(takeEarlyVerdictRequest('ZM-123-ABC')).toBeNull();
    if (!request) throw new Error('not taken');
    expect(await registryVerdictOnline(request)).toMatchObject({ kind: 'result', id: request.id, verdict: 'Valid' });
  });

  it('is not sent for what is not a plate number, or from a device that believes it is offline', () => {
    const asked = answer(200, VALID);
    online(true);
    sendEarlyVerdictRequest('');
    sendEarlyVerdictRequest('-ABC');
    sendEarlyVerdictRequest('ZM-123-ABC-TOOLONG');
    online(false);
    sendEarlyVerdictRequest('ZM-555-DEF');
    expect(asked).toEqual([]);
    expect(takeEarlyVerdictRequest('ZM-555-DEF')).toBeNull();
  });

  it('does not answer a check made more than 30 s after it was sent', () => {
    online(true);
    answer(200, VALID);
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    sendEarlyVerdictRequest('ZM-777-VIP');
    now.mockReturnValue(31_001);
    expect(takeEarlyVerdictRequest('ZM-777-VIP')).toBeNull();
  });
});

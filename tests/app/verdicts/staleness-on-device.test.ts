/**
 * The staleness thresholds on a police device: received with the revocation list and kept,
 * a changed threshold is the one the verdict is weakened by; a device that has none yet (or
 * was sent settings outside the bounds) keeps to the defaults, 24 hours and 7 days.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outcomeStanding } from '../../../src/app/verdicts/outcome-standing';
import { loadTrust, refreshTrust } from '../../../src/app/verdicts/trust';
import { NambalaDatabase } from '../../../src/app/store/database';

const HOUR_MS = 3_600_000;
const SERVER_TIME = '2026-11-24T08:00:00.000Z';

/** The server's answers to a trust refresh, with `staleness` as the revocation list carries it. */
function stubServer(staleness: unknown) {
  vi.stubGlobal('fetch', async (path: string) => {
    const body = path.startsWith('/api/credentials/keys')
      ? { keys: [], serverTime: SERVER_TIME }
      : { version: 1, unchanged: false, revocations: [], serverTime: SERVER_TIME, staleness };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

/** A Valid verdict from a scanned code, made `hoursOld` hours after the device's list was fetched. */
function standingAfter(hoursOld: number, staleness: Awaited<ReturnType<typeof loadTrust>>['meta']) {
  return outcomeStanding({
    verdict: 'Valid',
    source: 'credential',
    checkedAt: new Date(Date.parse(SERVER_TIME) + hoursOld * HOUR_MS).toISOString(),
    freshness: {
      keysFetchedAt: SERVER_TIME,
      revocationsFetchedAt: SERVER_TIME,
      registryUpdatedAt: null,
      clockSkewMs: 0,
      staleness: staleness?.staleness ?? null,
    },
  }).standing;
}

describe('staleness thresholds on the device', () => {
  let database: NambalaDatabase;
  beforeAll(() => {
    database = new NambalaDatabase(`test-${randomUUID()}`);
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await database.delete();
  });

  it('uses the defaults before it has received any: caution past 24 hours, not confirmed past 7 days', () => {
    expect(standingAfter(23, undefined)).toBe('current');
    expect(standingAfter(25, undefined)).toBe('caution');
    expect(standingAfter(7 * 24 + 1, undefined)).toBe('unconfirmed');
  });

  it('weakens the verdict by the thresholds it received with the revocation list', async () => {
    stubServer({ cautionAfterHours: 2, unconfirmedAfterHours: 12 });
    await refreshTrust(database, () => Date.parse(SERVER_TIME));
    const { meta } = await loadTrust(database);
    expect(meta?.staleness).toEqual({ cautionAfterHours: 2, unconfirmedAfterHours: 12 });
    expect(standingAfter(1, meta)).toBe('current');
    expect(standingAfter(3, meta)).toBe('caution');
    expect(standingAfter(13, meta)).toBe('unconfirmed');
  });

  it('keeps the last good thresholds when a refresh brings none or ones outside the bounds', async () => {
    stubServer({ cautionAfterHours: 0, unconfirmedAfterHours: 100_000 });
    await refreshTrust(database, () => Date.parse(SERVER_TIME));
    expect((await loadTrust(database)).meta?.staleness).toEqual({ cautionAfterHours: 2, unconfirmedAfterHours: 12 });
    stubServer(undefined);
    await refreshTrust(database, () => Date.parse(SERVER_TIME));
    expect((await loadTrust(database)).meta?.staleness).toEqual({ cautionAfterHours: 2, unconfirmedAfterHours: 12 });
    // Settings a device holds that are out of bounds count as none.
    expect(
      standingAfter(25, {
        keysFetchedAt: SERVER_TIME,
        revocationsVersion: 1,
        revocationsFetchedAt: SERVER_TIME,
        clockSkewMs: 0,
        staleness: { cautionAfterHours: 0, unconfirmedAfterHours: 1 },
      }),
    ).toBe('caution');
  });
});

/** The partner API's pure rules: scopes by kind, the answer's tier, limits' windows, the usage CSV in Lusaka time. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  keyState,
  lusakaDayStart,
  lusakaTime,
  overlapEnd,
  partnerTier,
  scopeProblem,
  secondsUntil,
  usageCsv,
  usageCsvFileName,
} from '#domain/partners/partner-api';

describe('partner API rules', () => {
  it('gives the owner scope only to police systems and insurers, and every key the public verdict', () => {
    expect(scopeProblem('police', ['verdict', 'owner', 'bulk'])).toBeNull();
    expect(scopeProblem('insurer', ['verdict', 'owner'])).toBeNull();
    for (const kind of ['dealer', 'bank', 'government'] as const)
      expect(scopeProblem(kind, ['verdict', 'owner'])).toMatch(/cannot be given the Owner and insurance scope/);
    expect(scopeProblem('dealer', ['bulk'])).toMatch(/Public verdict/);
    expect(scopeProblem('dealer', [])).toMatch(/at least one/);
  });

  it('answers an insurer at the owner tier only on plates covered under its own name', () => {
    const insurer = { kind: 'insurer' as const, insurerName: 'Madison', scopes: ['verdict', 'owner'] as const };
    expect(partnerTier(insurer, 'Madison')).toBe('owner');
    expect(partnerTier(insurer, 'Hollard')).toBe('public');
    expect(partnerTier(insurer, null)).toBe('public');
    expect(partnerTier({ ...insurer, scopes: ['verdict'] }, 'Madison')).toBe('public');
    expect(partnerTier({ kind: 'police', insurerName: null, scopes: ['verdict', 'owner'] }, null)).toBe('owner');
    expect(partnerTier({ kind: 'bank', insurerName: null, scopes: ['verdict', 'owner'] }, 'Madison')).toBe('public');
  });

  it('ends a rotated key at the overlap, never after its own expiry', () => {
    const now = new Date('2026-12-06T08:00:00Z');
    expect(overlapEnd(now, 24, new Date('2027-01-01T00:00:00Z')).toISOString()).toBe('2026-12-07T08:00:00.000Z');
    expect(overlapEnd(now, 24, new Date('2026-12-06T12:00:00Z')).toISOString()).toBe('2026-12-06T12:00:00.000Z');
    expect(keyState({ revokedAt: null, expiresAt: '2026-12-06T08:00:00Z' }, now)).toBe('expired');
    expect(keyState({ revokedAt: '2026-12-01T00:00:00Z', expiresAt: '2027-01-01T00:00:00Z' }, now)).toBe('revoked');
    expect(keyState({ revokedAt: null, expiresAt: '2027-01-01T00:00:00Z' }, now)).toBe('active');
  });

  it('counts a day from midnight in Lusaka (UTC+2), for any instant', () => {
    expect(lusakaDayStart(new Date('2026-12-06T21:59:59Z')).toISOString()).toBe('2026-12-05T22:00:00.000Z');
    expect(lusakaDayStart(new Date('2026-12-06T22:00:00Z')).toISOString()).toBe('2026-12-06T22:00:00.000Z');
    fc.assert(
      fc.property(fc.date({ min: new Date('1971-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }), (at) => {
        const start = lusakaDayStart(at);
        expect(start.getTime()).toBeLessThanOrEqual(at.getTime());
        expect(at.getTime() - start.getTime()).toBeLessThan(86_400_000);
        expect(lusakaTime(start.toISOString()).slice(11)).toBe('00:00:00 CAT');
      }),
    );
    expect(secondsUntil(new Date('2026-12-06T08:01:00Z'), new Date('2026-12-06T08:00:10Z'))).toBe(50);
    expect(secondsUntil(new Date('2026-12-06T08:00:00Z'), new Date('2026-12-06T08:00:10Z'))).toBe(1);
  });

  it('writes the usage CSV in Lusaka time with the zone named', () => {
    const csv = usageCsv([
      { id: '1', at: '2026-12-06T23:30:00.000Z', keyPrefix: 'nmb_abcdefgh', route: 'GET /x', plates: 1, status: 429 },
    ]);
    expect(csv).toBe(
      '\uFEFFTime in Lusaka (CAT = UTC+02:00),Key,Route,Plates,Status\r\n2026-12-07 01:30:00 CAT,nmb_abcdefgh…,GET /x,1,429\r\n',
    );
    expect(usageCsvFileName('Madison General Insurance', '2026-12-06')).toBe(
      'nambala-partner-usage-madison-general-insurance-2026-12-06.csv',
    );
  });
});

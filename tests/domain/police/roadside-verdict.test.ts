// The verdict read at a glance: its word, what to do now (one rule, the same online and
// offline), the stop buzz, and how out-of-date data on the device weakens a Valid verdict.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_TOLERANCE_MS } from '#domain/credential/freshness';
import type { VerdictName } from '#domain/credential/presentation';
import { OFFICER_INSTRUCTIONS } from '#domain/police/officer-instructions';
import {
  bandWord,
  DEFAULT_STALENESS,
  isStopVerdict,
  standingText,
  verdictInstruction,
  verdictStanding,
  vibrationPattern,
  type FreshnessInput,
} from '#domain/police/roadside-verdict';

const VERDICTS: VerdictName[] = [
  'Valid',
  'Expired',
  'Revoked',
  'Stolen',
  'Not authentic',
  'Unknown plate',
  'Not yet issued',
];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = '2026-12-06T12:00:00.000Z';
const ago = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
const day = (iso: string) => iso.slice(0, 10);

const scanned = (listAge: number, skew: number | null = 0): FreshnessInput => ({
  source: 'credential',
  revocationsFetchedAt: ago(listAge),
  registryUpdatedAt: null,
  clockSkewMs: skew,
  checkedAt: NOW,
});

describe('the band and what to do now', () => {
  it('gives every verdict a word of at most two, and every verdict but Valid an instruction for the officer', () => {
    for (const verdict of VERDICTS) {
      expect(bandWord(verdict).split(' ').length).toBeLessThanOrEqual(2);
      const instruction = verdictInstruction(verdict, OFFICER_INSTRUCTIONS);
      if (verdict === 'Valid') expect(instruction).toBeNull();
      else expect(instruction).toMatch(/^[A-Z].*stop|Stop/);
    }
    expect(bandWord('Stolen')).toBe('Stolen');
    expect(bandWord('Unknown plate')).toBe('Unknown');
  });

  it('writes each instruction from the verdict’s own words', () => {
    expect(verdictInstruction('Stolen', OFFICER_INSTRUCTIONS)).toMatch(/^Reported stolen: stop the vehicle/);
    expect(verdictInstruction('Revoked', OFFICER_INSTRUCTIONS)).toMatch(/^Plate revoked:/);
    expect(verdictInstruction('Not authentic', OFFICER_INSTRUCTIONS)).toMatch(/^Not authentic:/);
    expect(verdictInstruction('Expired', OFFICER_INSTRUCTIONS)).toMatch(/^Registration expired:/);
    expect(verdictInstruction('Not yet issued', OFFICER_INSTRUCTIONS)).toMatch(/^Not yet issued:/);
    expect(verdictInstruction('Unknown plate', OFFICER_INSTRUCTIONS)).toMatch(/^Unknown plate:/);
  });

  it('tells the public not to buy a stolen vehicle and to call the police on 991', () => {
    expect(verdictInstruction('Stolen')).toContain('do not buy this vehicle');
    expect(verdictInstruction('Stolen')).toContain('991');
    expect(verdictInstruction('Valid')).toBeNull();
  });

  it('buzzes distinctly for a stop', () => {
    expect(VERDICTS.filter(isStopVerdict)).toEqual(['Revoked', 'Stolen', 'Not authentic']);
    expect(vibrationPattern('Stolen')).not.toEqual(vibrationPattern('Valid'));
    expect(vibrationPattern('Stolen')).not.toEqual(vibrationPattern('Expired'));
  });
});

describe('verdictStanding', () => {
  it('never weakens the registry’s own answer, nor a verdict other than Valid', () => {
    expect(verdictStanding('Valid', { ...scanned(30 * DAY), source: 'registry' })).toEqual({ standing: 'current' });
    for (const verdict of VERDICTS.filter((name) => name !== 'Valid'))
      expect(verdictStanding(verdict, scanned(30 * DAY))).toEqual({ standing: 'current' });
  });

  it('reads Valid as of the list’s date past 24 hours, and cannot confirm past 7 days', () => {
    expect(verdictStanding('Valid', scanned(23 * HOUR))).toEqual({ standing: 'current' });
    expect(verdictStanding('Valid', scanned(3 * DAY + HOUR))).toEqual({
      standing: 'caution',
      asOf: ago(3 * DAY + HOUR),
      days: 3,
    });
    expect(verdictStanding('Valid', scanned(8 * DAY))).toEqual({ standing: 'unconfirmed', why: 'too-old', days: 8 });
    expect(standingText(verdictStanding('Valid', scanned(3 * DAY + HOUR)), day)).toBe(
      'Valid as of 2026-12-03: this device’s list is 3 days old. Refresh when you have a signal.',
    );
    expect(standingText(verdictStanding('Valid', scanned(8 * DAY)), day)).toMatch(/^Cannot confirm this plate offline/);
  });

  it('judges a typed number offline by the older of the list and the registry copy', () => {
    const input = { ...scanned(HOUR), source: 'device-copy' as const, registryUpdatedAt: ago(2 * DAY) };
    expect(verdictStanding('Valid', input)).toMatchObject({ standing: 'caution', days: 2 });
    expect(verdictStanding('Valid', { ...input, registryUpdatedAt: null })).toMatchObject({ why: 'never-synced' });
  });

  it('cannot confirm when the device clock is off, set back or forward', () => {
    expect(verdictStanding('Valid', scanned(HOUR, CLOCK_SKEW_TOLERANCE_MS + 1))).toMatchObject({ why: 'clock' });
    expect(verdictStanding('Valid', scanned(HOUR, -CLOCK_SKEW_TOLERANCE_MS - 1))).toMatchObject({ why: 'clock' });
    // Set back since the last sync: now is before the list's own time.
    expect(verdictStanding('Valid', scanned(-2 * DAY))).toMatchObject({ why: 'clock' });
  });

  it('moves from current to caution to unconfirmed as the list ages, at any thresholds', () => {
    const rank = { current: 0, caution: 1, unconfirmed: 2 } as const;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 * DAY }),
        fc.integer({ min: 1, max: 30 * DAY }),
        fc.integer({ min: 0, max: 60 * DAY }),
        fc.integer({ min: 0, max: 60 * DAY }),
        (first, gap, ageA, ageB) => {
          const thresholds = { cautionAfterMs: first, unconfirmedAfterMs: first + gap };
          const [younger, older] = ageA <= ageB ? [ageA, ageB] : [ageB, ageA];
          const a = verdictStanding('Valid', scanned(younger), thresholds);
          const b = verdictStanding('Valid', scanned(older), thresholds);
          expect(rank[a.standing]).toBeLessThanOrEqual(rank[b.standing]);
          const expected = older > first + gap ? 'unconfirmed' : older > first ? 'caution' : 'current';
          expect(b.standing).toBe(expected);
        },
      ),
    );
  });

  it('keeps to the default thresholds of 24 hours and 7 days', () => {
    expect(DEFAULT_STALENESS).toEqual({ cautionAfterMs: DAY, unconfirmedAfterMs: 7 * DAY });
  });
});

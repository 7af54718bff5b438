import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, coverOn, type InsurancePolicy } from '#domain/insurance/policy';
import {
  type CoverTerm,
  coverOnDay,
  coverText,
  coveringTerm,
  NO_VALID_INSURANCE,
  type OwnerCoverTerm,
} from '#domain/registry/cover';
import { decodeBucket, encodeBucket, findInBucket, type RegistryCopyRow } from '#domain/registry/registry-copy';

const TODAY = '2026-11-24';
const isoDay = (date: string) => date;

const term = (insurer: string, startDate: string, endDate: string): CoverTerm => ({ insurer, startDate, endDate });

describe('coverOnDay', () => {
  it('is the term covering the day that reaches furthest, both ends included', () => {
    const terms = [
      term('Madison', '2026-01-01', '2026-12-31'),
      term('ZSIC', '2026-06-01', '2027-05-31'),
      term('Later', '2027-06-01', '2028-05-31'),
    ];
    expect(coverOnDay(terms, TODAY)).toEqual({ insurer: 'ZSIC', until: '2027-05-31' });
    expect(coverOnDay(terms, '2026-01-01')).toEqual({ insurer: 'Madison', until: '2026-12-31' });
    expect(coverOnDay(terms, '2027-05-31')).toEqual({ insurer: 'ZSIC', until: '2027-05-31' });
  });

  it('moves to a renewal on its first day, and says none once every term has ended', () => {
    const terms = [term('Madison', '2025-11-25', '2026-11-24'), term('Madison', '2026-11-25', '2027-11-24')];
    expect(coverOnDay(terms, TODAY)).toEqual({ insurer: 'Madison', until: '2026-11-24' });
    expect(coverOnDay(terms, addDays(TODAY, 1))).toEqual({ insurer: 'Madison', until: '2027-11-24' });
    expect(coverOnDay(terms, '2027-11-25')).toBe('none');
    expect(coverOnDay([], TODAY)).toBe('none');
    expect(coverOnDay([term('Future', '2026-12-01', '2027-11-30')], TODAY)).toBe('none');
  });

  it('keeps the policy type for the owner', () => {
    const owned: OwnerCoverTerm = {
      ...term('Madison', '2026-01-01', '2026-12-31'),
      policyNumber: 'POL-000001',
      type: 'Comprehensive',
    };
    expect(coverOnDay([owned], TODAY)).toEqual({ insurer: 'Madison', until: '2026-12-31', type: 'Comprehensive' });
  });
});

describe('coverText', () => {
  it('words a cover for the roadside, for the owner, and its absence', () => {
    expect(coverText({ insurer: 'Madison General Insurance', until: '2027-03-22' }, isoDay)).toBe(
      'Insured until 2027-03-22 (Madison General Insurance)',
    );
    expect(coverText({ insurer: 'Madison', until: '2027-03-22', type: 'Third Party' }, isoDay)).toBe(
      'Insured until 2027-03-22 (Madison, Third Party)',
    );
    expect(coverText('none', isoDay)).toBe(NO_VALID_INSURANCE);
    expect(NO_VALID_INSURANCE).toBe('No valid insurance');
  });
});

const day = (offset: number) => addDays(TODAY, offset);
const policyArbitrary = fc
  .record({
    insurer: fc.constantFrom('Madison', 'ZSIC', 'Hollard'),
    start: fc.integer({ min: -500, max: 500 }),
    length: fc.integer({ min: 1, max: 365 }),
    isCancelled: fc.boolean(),
  })
  .map(({ insurer, start, length, isCancelled }) => ({
    insurer,
    startDate: day(start),
    endDate: day(start + length),
    cancelledAt: isCancelled ? '2026-01-01T00:00:00.000Z' : null,
  }));

describe('the copy’s cover against the registry’s', () => {
  it('reads on any later day exactly the cover the server reports that day, from the terms a copy made today carries', () => {
    fc.assert(
      fc.property(fc.array(policyArbitrary, { maxLength: 8 }), fc.integer({ min: 0, max: 800 }), (drafts, later) => {
        const policies = drafts.map((draft, index) => ({
          ...draft,
          policyNumber: `POL-${String(index + 1).padStart(6, '0')}`,
        })) satisfies Array<
          Pick<InsurancePolicy, 'insurer' | 'policyNumber' | 'startDate' | 'endDate' | 'cancelledAt'>
        >;
        // What the server puts in the row today: not cancelled, not ended by today.
        const carried = policies
          .filter((policy) => policy.cancelledAt === null && policy.endDate >= TODAY)
          .map((policy) => term(policy.insurer, policy.startDate, policy.endDate));
        const row: RegistryCopyRow = {
          plateNumber: 'ZM-123-ABC',
          standing: 'Valid',
          registrationDate: '2024-03-15',
          expiryDate: '2029-03-15',
          make: 'Toyota',
          model: 'Corolla',
          colour: 'Silver',
          cover: carried,
        };
        const onDevice = findInBucket(encodeBucket([row]), 'ZM-123-ABC')?.cover ?? [];
        const checkDay = day(later);
        const online = coverOn(policies, checkDay);
        const offline = coverOnDay(onDevice, checkDay);
        expect(offline === 'none' ? null : { until: offline.until }).toEqual(
          online === null ? null : { until: online.until },
        );
        if (online !== null && offline !== 'none') expect(coveringTerm(onDevice, checkDay)?.endDate).toBe(online.until);
      }),
    );
  });

  it('says nothing of a row of the first format, and keeps the row', () => {
    const oldLine = ['ZM-123-ABC', 'V', 'j0y', 'k4d', 'Toyota', 'Corolla', 'Silver'].join('\t');
    const [row] = decodeBucket(oldLine);
    expect(row).toMatchObject({ plateNumber: 'ZM-123-ABC', standing: 'Valid', make: 'Toyota' });
    expect(row?.cover).toBeUndefined();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../../src/domain/validation/validate';
import {
  addDays,
  coverOn,
  daysBetween,
  isExpiringWithin,
  oneYearTermEnd,
  overlapProblem,
  plateProblem,
  policyInputSchema,
  policyNumberFrom,
  policyStatus,
  premiumSchema,
  renewalTerm,
  termProblem,
  termsOverlap,
} from '../../../src/domain/insurance/policy';

const CUSTOMER = '0196a0b2-7c1e-7a00-8000-000000000001';
const day = fc.integer({ min: 0, max: 20_000 }).map((n) => addDays('2000-01-01', n));

describe('policy status', () => {
  it('is Active up to and including the end date, Expired after it', () => {
    expect(policyStatus({ endDate: '2026-12-31', cancelledAt: null }, '2026-12-31')).toBe('Active');
    expect(policyStatus({ endDate: '2026-12-31', cancelledAt: null }, '2027-01-01')).toBe('Expired');
  });

  it('is Cancelled once cancelled, whatever the date', () => {
    fc.assert(
      fc.property(
        day,
        day,
        (end, today) => policyStatus({ endDate: end, cancelledAt: '2026-01-01T00:00:00.000Z' }, today) === 'Cancelled',
      ),
    );
  });

  it('counts a policy as expiring within 30 days only while it is active', () => {
    expect(isExpiringWithin({ endDate: '2026-12-20', cancelledAt: null }, '2026-11-24')).toBe(true);
    expect(isExpiringWithin({ endDate: '2026-12-25', cancelledAt: null }, '2026-11-24')).toBe(false);
    expect(isExpiringWithin({ endDate: '2026-11-23', cancelledAt: null }, '2026-11-24')).toBe(false);
    expect(isExpiringWithin({ endDate: '2026-12-20', cancelledAt: '2026-11-01T00:00:00.000Z' }, '2026-11-24')).toBe(
      false,
    );
  });
});

describe('terms', () => {
  it('ends a one-year term the day before the same date a year later', () => {
    expect(oneYearTermEnd('2026-11-24')).toBe('2027-11-23');
    expect(oneYearTermEnd('2028-02-29')).toBe('2029-02-27');
  });

  it('accepts a one-year term and refuses an end before the start or a longer term', () => {
    fc.assert(fc.property(day, (start) => termProblem(start, oneYearTermEnd(start)) === null));
    expect(termProblem('2026-11-24', '2026-11-24')).toBe('End date must be after the start date');
    expect(termProblem('2026-11-24', '2027-11-25')).toBe(
      'A policy covers at most one year; renew it for a further term',
    );
  });

  it('renews from the day after the old end, or from today when it has ended', () => {
    expect(renewalTerm({ endDate: '2026-12-10' }, '2026-11-24')).toEqual({
      startDate: '2026-12-11',
      endDate: '2027-12-10',
    });
    expect(renewalTerm({ endDate: '2026-10-01' }, '2026-11-24')).toEqual({
      startDate: '2026-11-24',
      endDate: '2027-11-23',
    });
    fc.assert(
      fc.property(day, day, (end, today) => {
        const term = renewalTerm({ endDate: end }, today);
        return term.startDate > end && term.startDate >= today && termProblem(term.startDate, term.endDate) === null;
      }),
    );
  });

  it('finds overlapping terms symmetrically', () => {
    fc.assert(
      fc.property(day, day, fc.nat(400), fc.nat(400), (a, b, lengthA, lengthB) => {
        const first = { startDate: a, endDate: addDays(a, lengthA) };
        const second = { startDate: b, endDate: addDays(b, lengthB) };
        const sharesDay =
          daysBetween(second.startDate, first.endDate) >= 0 && daysBetween(first.startDate, second.endDate) >= 0;
        return termsOverlap(first, second) === termsOverlap(second, first) && termsOverlap(first, second) === sharesDay;
      }),
    );
  });
});

describe('premium', () => {
  it('reads kwacha as ngwee without rounding', () => {
    expect(premiumSchema.parse('1500')).toBe(150_000);
    expect(premiumSchema.parse('K1,500.5')).toBe(150_050);
    expect(premiumSchema.parse('0.01')).toBe(1);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        (amount) =>
          premiumSchema.parse(`${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`) === amount,
      ),
    );
  });

  it('refuses nothing, zero, three decimals and more than a million kwacha', () => {
    expect(premiumSchema.safeParse('').error?.issues[0]?.message).toBe('Premium is required');
    expect(premiumSchema.safeParse('0').error?.issues[0]?.message).toBe('Premium must be more than K0.00');
    expect(premiumSchema.safeParse('12.345').error?.issues[0]?.message).toBe(
      'Premium must be an amount in kwacha, such as 1500 or 1500.50',
    );
    expect(premiumSchema.safeParse('1000000.01').error?.issues[0]?.message).toBe(
      'Premium must be at most K1,000,000.00',
    );
  });
});

describe('policy input', () => {
  it('says which field is wrong', () => {
    const result = validate(policyInputSchema, {
      customerId: CUSTOMER,
      plateNumber: 'ZM-123-ABC',
      type: 'Gold',
      startDate: '2026-11-24',
      endDate: '2026-11-01',
      premium: '1500',
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ type: 'Choose Third Party or Comprehensive' });
    const dates = validate(policyInputSchema, {
      customerId: CUSTOMER,
      plateNumber: 'ZM-123-ABC',
      type: 'Comprehensive',
      startDate: '2026-11-24',
      endDate: '2026-11-01',
      premium: '1500',
    });
    expect(dates.ok ? null : dates.errors).toEqual({ endDate: 'End date must be after the start date' });
  });
});

describe('cover', () => {
  const policy = (
    overrides: Partial<{ startDate: string; endDate: string; cancelledAt: string | null; policyNumber: string }>,
  ) => ({
    insurer: 'Madison Insurance',
    policyNumber: 'POL-000001',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    cancelledAt: null,
    ...overrides,
  });

  it('is the covering policy that reaches furthest, never a cancelled or future one', () => {
    const policies = [
      policy({}),
      policy({ policyNumber: 'POL-000002', endDate: '2027-03-01' }),
      policy({ policyNumber: 'POL-000003', endDate: '2028-01-01', cancelledAt: '2026-02-01T00:00:00Z' }),
      policy({ policyNumber: 'POL-000004', startDate: '2026-12-01', endDate: '2027-11-30' }),
    ];
    expect(coverOn(policies, '2026-11-24')).toEqual({
      insurer: 'Madison Insurance',
      policyNumber: 'POL-000002',
      until: '2027-03-01',
    });
    expect(coverOn(policies, '2028-01-01')).toBeNull();
  });

  it('numbers policies POL- and six digits', () => {
    expect(policyNumberFrom(1)).toBe('POL-000001');
    expect(policyNumberFrom(1_234_567)).toBe('POL-1234567');
  });
});

describe('what may be insured', () => {
  it('takes only a registered plate that is valid and unexpired', () => {
    expect(plateProblem('ZM-000-QQQ', undefined, '2026-11-24')).toBe(
      "ZM-000-QQQ is not in the registry: only a registered plate can be insured. Check the number on the vehicle's plate.",
    );
    expect(plateProblem('ZM-321-XYZ', { standing: 'Revoked', expiryDate: '2029-01-01' }, '2026-11-24')).toBe(
      'ZM-321-XYZ has been revoked: it cannot be insured.',
    );
    expect(plateProblem('ZM-789-GHI', { standing: 'Stolen', expiryDate: '2029-01-01' }, '2026-11-24')).toBe(
      'ZM-789-GHI is reported stolen: it cannot be insured.',
    );
    expect(plateProblem('ZM-456-DEF', { standing: 'Valid', expiryDate: '2026-11-23' }, '2026-11-24')).toBe(
      "ZM-456-DEF's registration expired on 23 Nov 2026: it must be renewed before the plate can be insured.",
    );
    expect(plateProblem('ZM-123-ABC', { standing: 'Valid', expiryDate: '2026-11-24' }, '2026-11-24')).toBeNull();
  });

  it('refuses a term that shares a day with a live policy on the plate, not with a cancelled one', () => {
    const other = { policyNumber: 'POL-000007', startDate: '2026-01-01', endDate: '2026-12-31', cancelledAt: null };
    expect(overlapProblem('ZM-123-ABC', { startDate: '2026-12-31', endDate: '2027-12-30' }, [other])).toBe(
      'ZM-123-ABC is already covered by policy POL-000007 from 1 Jan 2026 to 31 Dec 2026. Renew or cancel that policy instead.',
    );
    expect(overlapProblem('ZM-123-ABC', { startDate: '2027-01-01', endDate: '2027-12-31' }, [other])).toBeNull();
    expect(
      overlapProblem('ZM-123-ABC', { startDate: '2026-06-01', endDate: '2027-05-31' }, [
        { ...other, cancelledAt: '2026-05-01T00:00:00Z' },
      ]),
    ).toBeNull();
  });
});

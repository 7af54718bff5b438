import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING } from '#domain/pricing/pricing';
import {
  AMOUNT_INVALID,
  DAYS_INVALID,
  PERCENT_INVALID,
  pricingChanges,
  pricingFormSchema,
  pricingFormValues,
  YEARS_INVALID,
} from '#domain/pricing/pricing-form';
import { kwacha } from '#domain/money/money';

describe('pricing form', () => {
  it('fills the form with the spec’s defaults in kwacha and percent', () => {
    expect(pricingFormValues(DEFAULT_PRICING)).toEqual({
      platePrice: '300',
      processingFee: '10',
      mtn: '2',
      airtel: '2',
      card: '3',
      bank: '0',
      reservationFee: '200',
      reservationDays: '7',
      validityYears: '5',
      renewalFee: '300',
    });
  });

  it('turns typed kwacha and percentages into ngwee and basis points', () => {
    const parsed = pricingFormSchema.parse({
      ...pricingFormValues(DEFAULT_PRICING),
      platePrice: '350.50',
      mtn: '2.5',
      reservationDays: '10',
    });
    expect(parsed).toEqual({
      ...DEFAULT_PRICING,
      platePrice: kwacha(350.5),
      gatewayFeeBasisPoints: { ...DEFAULT_PRICING.gatewayFeeBasisPoints, mtn: 250 },
      reservationDays: 10,
    });
  });

  it('gives each bad field its own message', () => {
    const result = pricingFormSchema.safeParse({
      ...pricingFormValues(DEFAULT_PRICING),
      platePrice: '12.345',
      card: '101',
      reservationDays: '0',
      validityYears: '2.5',
      renewalFee: '',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      platePrice: AMOUNT_INVALID,
      card: PERCENT_INVALID,
      reservationDays: DAYS_INVALID,
      validityYears: YEARS_INVALID,
      renewalFee: AMOUNT_INVALID,
    });
  });

  it('reads back exactly the settings it was filled with', () => {
    const settings = fc.record({
      platePrice: fc.integer({ min: 0, max: 100_000_000 }),
      processingFee: fc.integer({ min: 0, max: 100_000_000 }),
      bp: fc.integer({ min: 0, max: 10_000 }),
      reservationDays: fc.integer({ min: 1, max: 365 }),
      validityYears: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(settings, (s) => {
        const given = {
          ...DEFAULT_PRICING,
          platePrice: kwacha(s.platePrice / 100),
          processingFee: kwacha(s.processingFee / 100),
          gatewayFeeBasisPoints: { mtn: s.bp, airtel: 0, card: 300, bank: 0 },
          reservationDays: s.reservationDays,
          validityYears: s.validityYears,
        };
        expect(pricingFormSchema.parse(pricingFormValues(given))).toEqual(given);
      }),
    );
  });

  it('lists only what changed between two versions', () => {
    const next = {
      ...DEFAULT_PRICING,
      platePrice: kwacha(350),
      gatewayFeeBasisPoints: { ...DEFAULT_PRICING.gatewayFeeBasisPoints, card: 250 },
      reservationDays: 1,
    };
    expect(pricingChanges(DEFAULT_PRICING, next)).toEqual([
      { label: 'Plate price', from: 'K300.00', to: 'K350.00' },
      { label: 'Gateway fee, Credit/Debit Card', from: '3%', to: '2.5%' },
      { label: 'Reservation length', from: '7 days', to: '1 day' },
    ]);
    expect(pricingChanges(null, DEFAULT_PRICING)).toHaveLength(10);
  });
});

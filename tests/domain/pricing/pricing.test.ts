import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatKwacha, kwacha, ngwee } from '#domain/money/money';
import {
  DEFAULT_PRICING,
  gatewayFeeLabel,
  isPaymentMethodId,
  isReservationActive,
  PAYMENT_METHOD_IDS,
  PAYMENT_METHODS,
  paymentMethodName,
  plateExpiryDate,
  priceBreakdown,
  reservationExpiresAt,
  reservationFeeDeduction,
} from '#domain/pricing/pricing';
import type { PaymentMethodId, PricingSettings } from '#domain/pricing/pricing';
import { pricingSettingsSchema } from '#domain/pricing/pricing-settings-schema';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('payment methods', () => {
  it('names the four methods with their fee labels', () => {
    expect(PAYMENT_METHODS).toEqual([
      { id: 'mtn', name: 'MTN Mobile Money', feeLabel: '2%' },
      { id: 'airtel', name: 'Airtel Money', feeLabel: '2%' },
      { id: 'card', name: 'Credit/Debit Card', feeLabel: '3%' },
      { id: 'bank', name: 'Bank Transfer', feeLabel: 'Free' },
    ]);
    expect(PAYMENT_METHODS.map((method) => method.id)).toEqual([...PAYMENT_METHOD_IDS]);
    expect(paymentMethodName('card')).toBe('Credit/Debit Card');
  });

  it('recognises method ids', () => {
    expect(isPaymentMethodId('airtel')).toBe(true);
    expect(isPaymentMethodId('visa')).toBe(false);
    expect(isPaymentMethodId(undefined)).toBe(false);
  });

  it('labels the default fees as the static labels do', () => {
    for (const method of PAYMENT_METHODS) {
      expect(gatewayFeeLabel(method.id, DEFAULT_PRICING)).toBe(method.feeLabel);
    }
  });

  it('labels configured fractional percentages', () => {
    const settings: PricingSettings = {
      ...DEFAULT_PRICING,
      gatewayFeeBasisPoints: { mtn: 250, airtel: 225, card: 5, bank: 1000 },
    };
    expect(gatewayFeeLabel('mtn', settings)).toBe('2.5%');
    expect(gatewayFeeLabel('airtel', settings)).toBe('2.25%');
    expect(gatewayFeeLabel('card', settings)).toBe('0.05%');
    expect(gatewayFeeLabel('bank', settings)).toBe('10%');
  });
});

describe('default pricing', () => {
  it('matches the spec: K300 a plate, K10 processing, ZMW 200 reservation for 7 days, 5-year validity', () => {
    expect(DEFAULT_PRICING.platePrice).toBe(kwacha(300));
    expect(DEFAULT_PRICING.processingFee).toBe(kwacha(10));
    expect(DEFAULT_PRICING.gatewayFeeBasisPoints).toEqual({ mtn: 200, airtel: 200, card: 300, bank: 0 });
    expect(DEFAULT_PRICING.reservationFee).toBe(kwacha(200));
    expect(DEFAULT_PRICING.reservationDays).toBe(7);
    expect(DEFAULT_PRICING.validityYears).toBe(5);
  });

  it('renews a registration for the per-plate price of K300.00 by default', () => {
    expect(DEFAULT_PRICING.renewalFee).toBe(kwacha(300));
  });

  it('passes the settings schema', () => {
    expect(pricingSettingsSchema.parse(DEFAULT_PRICING)).toEqual(DEFAULT_PRICING);
  });

  it('rejects settings with fractional money or a fee above 100%', () => {
    expect(pricingSettingsSchema.safeParse({ ...DEFAULT_PRICING, platePrice: 1.5 }).success).toBe(false);
    expect(pricingSettingsSchema.safeParse({ ...DEFAULT_PRICING, renewalFee: -100 }).success).toBe(false);
    expect(
      pricingSettingsSchema.safeParse({
        ...DEFAULT_PRICING,
        gatewayFeeBasisPoints: { mtn: 10_001, airtel: 0, card: 0, bank: 0 },
      }).success,
    ).toBe(false);
  });
});

describe('priceBreakdown', () => {
  it('prices one plate paid by MTN Mobile Money at K316.00', () => {
    const breakdown = priceBreakdown(1, 'mtn', DEFAULT_PRICING);
    expect(breakdown).toEqual({
      numberOfPlates: 1,
      plateSubtotal: kwacha(300),
      processingFee: kwacha(10),
      gatewayFee: kwacha(6),
      total: kwacha(316),
    });
    expect(formatKwacha(breakdown.total)).toBe('K316.00');
  });

  it('charges the card fee on the plates subtotal only', () => {
    expect(priceBreakdown(3, 'card', DEFAULT_PRICING)).toMatchObject({
      plateSubtotal: kwacha(900),
      gatewayFee: kwacha(27),
      total: kwacha(937),
    });
  });

  it('charges no gateway fee for bank transfer', () => {
    expect(priceBreakdown(2, 'bank', DEFAULT_PRICING)).toMatchObject({ gatewayFee: 0, total: kwacha(610) });
  });

  it('leaves the gateway fee unset until a method is chosen', () => {
    expect(priceBreakdown(2, undefined, DEFAULT_PRICING)).toMatchObject({ gatewayFee: null, total: kwacha(610) });
  });

  it('uses the settings it is given, not the defaults', () => {
    const settings: PricingSettings = {
      ...DEFAULT_PRICING,
      platePrice: kwacha(350),
      processingFee: kwacha(15),
      gatewayFeeBasisPoints: { mtn: 150, airtel: 200, card: 300, bank: 0 },
    };
    expect(priceBreakdown(1, 'mtn', settings)).toMatchObject({
      plateSubtotal: kwacha(350),
      gatewayFee: kwacha(5.25),
      total: kwacha(370.25),
    });
  });

  it('rejects zero, negative and fractional plate counts', () => {
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(() => priceBreakdown(bad, 'mtn', DEFAULT_PRICING)).toThrow(RangeError);
    }
  });

  const method = fc.constantFrom<PaymentMethodId>(...PAYMENT_METHOD_IDS);

  it('totals n × price + processing + rounded gateway fee for 1 to 1000 plates and every method', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), method, (n, id) => {
        const { platePrice, processingFee, gatewayFeeBasisPoints } = DEFAULT_PRICING;
        const subtotal = n * platePrice;
        const gateway = Math.round((subtotal * gatewayFeeBasisPoints[id]) / 10_000);
        const breakdown = priceBreakdown(n, id, DEFAULT_PRICING);
        expect(breakdown.plateSubtotal).toBe(subtotal);
        expect(breakdown.gatewayFee).toBe(gateway);
        expect(breakdown.total).toBe(subtotal + processingFee + gateway);
      }),
    );
  });

  it('never lets the processing fee change the gateway fee', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        method,
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (n, id, feeA, feeB) => {
          const a = priceBreakdown(n, id, { ...DEFAULT_PRICING, processingFee: ngwee(feeA) });
          const b = priceBreakdown(n, id, { ...DEFAULT_PRICING, processingFee: ngwee(feeB) });
          expect(a.gatewayFee).toBe(b.gatewayFee);
          expect(a.total - b.total).toBe(feeA - feeB);
        },
      ),
    );
  });

  it('holds for any configured plate price and fee rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        method,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (n, id, price, bp) => {
          const settings: PricingSettings = {
            ...DEFAULT_PRICING,
            platePrice: ngwee(price),
            gatewayFeeBasisPoints: { mtn: bp, airtel: bp, card: bp, bank: bp },
          };
          const breakdown = priceBreakdown(n, id, settings);
          // Half-up rounding of n*price*bp/10000, in integers.
          const expectedGateway = Math.floor((2 * n * price * bp + 10_000) / 20_000);
          expect(breakdown.gatewayFee).toBe(expectedGateway);
          expect(breakdown.total).toBe(n * price + settings.processingFee + expectedGateway);
        },
      ),
    );
  });
});

describe('reservations', () => {
  it('deducts the reservation fee from the price of the plate', () => {
    expect(reservationFeeDeduction(kwacha(1500), DEFAULT_PRICING.reservationFee)).toBe(kwacha(1300));
  });

  it('never leaves a negative amount due', () => {
    expect(reservationFeeDeduction(kwacha(150), kwacha(200))).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (price, fee) => {
        expect(reservationFeeDeduction(ngwee(price), ngwee(fee))).toBe(Math.max(0, price - fee));
      }),
    );
  });

  const reservedAt = new Date('2025-03-10T09:30:00.000Z');

  it('expires exactly seven days after the reservation', () => {
    expect(reservationExpiresAt(reservedAt, DEFAULT_PRICING).toISOString()).toBe('2025-03-17T09:30:00.000Z');
  });

  it('is active at 6 days 23 hours and 59 minutes and over at 7 days', () => {
    expect(isReservationActive(reservedAt, reservedAt, DEFAULT_PRICING)).toBe(true);
    expect(isReservationActive(reservedAt, new Date(reservedAt.getTime() + 6 * DAY + 23 * HOUR), DEFAULT_PRICING)).toBe(
      true,
    );
    expect(isReservationActive(reservedAt, new Date(reservedAt.getTime() + 7 * DAY - 1), DEFAULT_PRICING)).toBe(true);
    expect(isReservationActive(reservedAt, new Date(reservedAt.getTime() + 7 * DAY), DEFAULT_PRICING)).toBe(false);
    expect(isReservationActive(reservedAt, new Date(reservedAt.getTime() + 8 * DAY), DEFAULT_PRICING)).toBe(false);
  });

  it('follows a configured reservation length', () => {
    const settings: PricingSettings = { ...DEFAULT_PRICING, reservationDays: 3 };
    expect(isReservationActive(reservedAt, new Date(reservedAt.getTime() + 3 * DAY), settings)).toBe(false);
    expect(isReservationActive(reservedAt, new Date(reservedAt.getTime() + 3 * DAY - 1), settings)).toBe(true);
  });

  it('does not mutate the reservation date', () => {
    const copy = new Date(reservedAt.getTime());
    reservationExpiresAt(copy, DEFAULT_PRICING);
    expect(copy.getTime()).toBe(reservedAt.getTime());
  });
});

describe('plateExpiryDate', () => {
  it('expires five years later on the same calendar day and time', () => {
    expect(plateExpiryDate(new Date('2025-06-15T08:00:00.000Z'), DEFAULT_PRICING).toISOString()).toBe(
      '2030-06-15T08:00:00.000Z',
    );
    expect(plateExpiryDate(new Date('2025-12-31T23:59:59.999Z'), DEFAULT_PRICING).toISOString()).toBe(
      '2030-12-31T23:59:59.999Z',
    );
  });

  it('moves 29 February to 28 February when the expiry year is not a leap year', () => {
    expect(plateExpiryDate(new Date('2024-02-29T10:00:00.000Z'), DEFAULT_PRICING).toISOString()).toBe(
      '2029-02-28T10:00:00.000Z',
    );
  });

  it('keeps 29 February when the expiry year is a leap year', () => {
    const fourYears: PricingSettings = { ...DEFAULT_PRICING, validityYears: 4 };
    expect(plateExpiryDate(new Date('2024-02-29T10:00:00.000Z'), fourYears).toISOString()).toBe(
      '2028-02-29T10:00:00.000Z',
    );
    expect(plateExpiryDate(new Date('2096-02-29T00:00:00.000Z'), fourYears).toISOString()).toBe(
      '2100-02-28T00:00:00.000Z',
    );
  });

  it('always lands on the same month and day, or 28 February for a leap day', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 50 }),
        (registeredAt, years) => {
          const expiry = plateExpiryDate(registeredAt, { ...DEFAULT_PRICING, validityYears: years });
          expect(expiry.getUTCFullYear()).toBe(registeredAt.getUTCFullYear() + years);
          expect(expiry.getUTCMonth()).toBe(registeredAt.getUTCMonth());
          const isLeapDay = registeredAt.getUTCMonth() === 1 && registeredAt.getUTCDate() === 29;
          const expectedDay =
            isLeapDay && new Date(Date.UTC(expiry.getUTCFullYear(), 1, 29)).getUTCMonth() !== 1
              ? 28
              : registeredAt.getUTCDate();
          expect(expiry.getUTCDate()).toBe(expectedDay);
          expect(expiry.getTime() % DAY).toBe(registeredAt.getTime() % DAY);
        },
      ),
    );
  });
});

describe('settings kept on the device or sent by the server', () => {
  it('are taken without the form rules exactly as the rules take them', async () => {
    const { pricingSettingsFrom } = await import('#domain/pricing/pricing');
    const { pricingSettingsSchema } = await import('#domain/pricing/pricing-settings-schema');
    const number = fc.oneof(
      fc.constantFrom(0, 1, 50, 51, 365, 366, 10_000, 10_001, 100_000_000, 100_000_001),
      fc.integer({ min: -5, max: 100_000_005 }),
      fc.integer({ min: -5, max: 400 }),
      fc.double(),
      fc.constant('300'),
      fc.constant(null),
    );
    const settings = fc.record(
      {
        platePrice: number,
        processingFee: number,
        gatewayFeeBasisPoints: fc.oneof(
          fc.record({ mtn: number, airtel: number, card: number, bank: number }, { requiredKeys: [] }),
          fc.constant(null),
        ),
        reservationFee: number,
        reservationDays: number,
        validityYears: number,
        renewalFee: number,
        extra: fc.string(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(settings, fc.constant({ ...DEFAULT_PRICING }), fc.anything()), (value) => {
        const parsed = pricingSettingsSchema.safeParse(value);
        expect(pricingSettingsFrom(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMoney, formatKwacha, kwacha, ngwee, subtractMoney } from '#domain/money/money';
import type { Ngwee } from '#domain/money/money';
import { DEFAULT_PRICING, PAYMENT_METHOD_IDS } from '#domain/pricing/pricing';
import type { PricingSettings } from '#domain/pricing/pricing';
import { buyNowBreakdown, reservationPaymentAmount } from '#domain/purchases/checkout';
import type { BuyNowInput } from '#domain/purchases/checkout';
import { holdsLiveReservation, reservationEnds } from '#domain/purchases/reservation';
import type { ListingReservation } from '#domain/purchases/reservation';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const RESERVED_AT = new Date('2026-11-22T08:30:00.000Z');
const at = (ms: number) => new Date(RESERVED_AT.getTime() + ms);

const availableAt = (priceK: number) => ({
  status: 'Available' as const,
  reservedBy: null,
  reservedUntil: null,
  price: kwacha(priceK),
});
const reservedBy = (buyer: string, priceK: number) => ({
  status: 'Reserved' as const,
  reservedBy: buyer,
  reservedUntil: reservationEnds(RESERVED_AT, 7).toISOString(),
  price: kwacha(priceK),
});

function input(overrides: Partial<BuyNowInput> & Pick<BuyNowInput, 'listing'>): BuyNowInput {
  return { buyerId: 'ada', method: 'mtn', now: at(DAY), settings: DEFAULT_PRICING, ...overrides };
}

describe('buyNowBreakdown', () => {
  it('adds the processing fee and a gateway fee on the plate price for an Available plate', () => {
    expect(buyNowBreakdown(input({ listing: availableAt(1500) }))).toEqual({
      price: kwacha(1500),
      processingFee: kwacha(10),
      gatewayFee: kwacha(30),
      reservationCredit: ngwee(0),
      total: kwacha(1540),
    });
  });

  it('charges each method its own gateway rate, and nothing for a bank transfer', () => {
    const fee = (method: BuyNowInput['method']) =>
      buyNowBreakdown(input({ listing: availableAt(5500), method })).gatewayFee;
    expect(fee('mtn')).toBe(kwacha(110));
    expect(fee('airtel')).toBe(kwacha(110));
    expect(fee('card')).toBe(kwacha(165));
    expect(fee('bank')).toBe(ngwee(0));
  });

  it('rounds the gateway fee half up to the ngwee', () => {
    // 2% of K12.25 is 24.5 ngwee.
    expect(buyNowBreakdown(input({ listing: availableAt(12.25) })).gatewayFee).toBe(ngwee(25));
  });

  it('takes the reservation fee off for the buyer who holds a live reservation', () => {
    const breakdown = buyNowBreakdown(input({ listing: reservedBy('ada', 1500), now: at(6 * DAY + 23 * HOUR) }));
    expect(breakdown.reservationCredit).toBe(kwacha(200));
    expect(breakdown.gatewayFee).toBe(kwacha(30));
    expect(formatKwacha(breakdown.total)).toBe('K1,340.00');
  });

  it('gives no credit once the reservation has lapsed', () => {
    const breakdown = buyNowBreakdown(input({ listing: reservedBy('ada', 1500), now: at(7 * DAY) }));
    expect(breakdown.reservationCredit).toBe(ngwee(0));
    expect(breakdown.total).toBe(kwacha(1540));
  });

  it('gives no credit to a buyer who does not hold the reservation', () => {
    expect(buyNowBreakdown(input({ listing: reservedBy('ben', 1500) })).reservationCredit).toBe(ngwee(0));
  });

  it('credits what was actually paid when the fee has changed since', () => {
    const settings: PricingSettings = { ...DEFAULT_PRICING, reservationFee: kwacha(250) };
    expect(
      buyNowBreakdown(input({ listing: reservedBy('ada', 1500), settings, reservationFeePaid: kwacha(200) }))
        .reservationCredit,
    ).toBe(kwacha(200));
    expect(buyNowBreakdown(input({ listing: reservedBy('ada', 1500), settings })).reservationCredit).toBe(kwacha(250));
  });

  it('never goes below zero when the credit is larger than everything else', () => {
    const breakdown = buyNowBreakdown(input({ listing: reservedBy('ada', 100), method: 'card' }));
    expect(breakdown).toEqual({
      price: kwacha(100),
      processingFee: kwacha(10),
      gatewayFee: kwacha(3),
      reservationCredit: kwacha(113),
      total: ngwee(0),
    });
  });

  it('ignores a negative amount paid rather than adding to the price', () => {
    expect(buyNowBreakdown(input({ listing: reservedBy('ada', 1500), reservationFeePaid: ngwee(-500) })).total).toBe(
      kwacha(1540),
    );
  });
});

describe('reservationPaymentAmount', () => {
  it('is the reservation fee alone, with no gateway or processing fee', () => {
    expect(reservationPaymentAmount(DEFAULT_PRICING)).toBe(kwacha(200));
    expect(reservationPaymentAmount({ ...DEFAULT_PRICING, reservationFee: kwacha(150) })).toBe(kwacha(150));
  });
});

describe('properties', () => {
  const money = (max: number) => fc.integer({ min: 0, max }).map((n): Ngwee => ngwee(n));
  const settingsArb: fc.Arbitrary<PricingSettings> = fc.record({
    platePrice: money(1_000_000),
    processingFee: money(100_000),
    gatewayFeeBasisPoints: fc.record({
      mtn: fc.integer({ min: 0, max: 10_000 }),
      airtel: fc.integer({ min: 0, max: 10_000 }),
      card: fc.integer({ min: 0, max: 10_000 }),
      bank: fc.integer({ min: 0, max: 10_000 }),
    }),
    reservationFee: money(1_000_000),
    reservationDays: fc.integer({ min: 1, max: 30 }),
    validityYears: fc.constant(5),
    renewalFee: money(1_000_000),
  });
  const buyer = fc.constantFrom('ada', 'ben');
  const instant = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) });
  const listingArb = fc.record({
    status: fc.constantFrom('Available' as const, 'Reserved' as const, 'Sold' as const),
    reservedBy: fc.option(buyer, { nil: null }),
    reservedUntil: fc.option(
      instant.map((ms) => new Date(ms).toISOString()),
      { nil: null },
    ),
    price: money(10_000_000),
  });
  const inputArb: fc.Arbitrary<BuyNowInput> = fc.record({
    listing: listingArb,
    buyerId: buyer,
    method: fc.constantFrom(...PAYMENT_METHOD_IDS),
    now: instant.map((ms) => new Date(ms)),
    settings: settingsArb,
    reservationFeePaid: fc.option(money(2_000_000), { nil: undefined }),
  });

  it('totals the lines, never below zero', () => {
    fc.assert(
      fc.property(inputArb, (args) => {
        const b = buyNowBreakdown(args);
        expect(b.total).toBeGreaterThanOrEqual(0);
        expect(b.total).toBe(subtractMoney(addMoney(b.price, b.processingFee, b.gatewayFee), b.reservationCredit));
        expect(b.price).toBe(args.listing.price);
        expect(b.processingFee).toBe(args.settings.processingFee);
      }),
    );
  });

  it('credits only a buyer with a live reservation, and at most the one fee paid', () => {
    fc.assert(
      fc.property(inputArb, (args) => {
        const b = buyNowBreakdown(args);
        const listing: ListingReservation = args.listing;
        const feePaid = args.reservationFeePaid ?? args.settings.reservationFee;
        if (!holdsLiveReservation(listing, args.buyerId, args.now)) {
          expect(b.reservationCredit).toBe(0);
        } else {
          expect(b.reservationCredit).toBe(Math.min(feePaid, b.price + b.processingFee + b.gatewayFee));
        }
        expect(b.reservationCredit).toBeLessThanOrEqual(feePaid);
      }),
    );
  });

  it('charges a gateway fee that depends on the plate price only', () => {
    fc.assert(
      fc.property(inputArb, money(100_000), (args, otherProcessingFee) => {
        const a = buyNowBreakdown(args);
        const b = buyNowBreakdown({ ...args, settings: { ...args.settings, processingFee: otherProcessingFee } });
        expect(b.gatewayFee).toBe(a.gatewayFee);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICING, reservationExpiresAt } from '#domain/pricing/pricing';
import {
  effectiveStatus,
  formatReservationDate,
  holdsLiveReservation,
  mayBuy,
  mayReserve,
  reservationEnds,
} from '#domain/purchases/reservation';
import type { ListingReservation } from '#domain/purchases/reservation';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const RESERVED_AT = new Date('2026-11-22T08:30:00.000Z');
const UNTIL = reservationEnds(RESERVED_AT, 7);

const available: ListingReservation = { status: 'Available', reservedBy: null, reservedUntil: null };
const sold: ListingReservation = { status: 'Sold', reservedBy: null, reservedUntil: null };
const reservedByAda: ListingReservation = { status: 'Reserved', reservedBy: 'ada', reservedUntil: UNTIL.toISOString() };
const at = (ms: number) => new Date(RESERVED_AT.getTime() + ms);

describe('reservationEnds', () => {
  it('ends exactly N × 24 hours after the reservation was made', () => {
    expect(reservationEnds(RESERVED_AT, 7).toISOString()).toBe('2026-11-29T08:30:00.000Z');
    expect(reservationEnds(RESERVED_AT, 1).getTime() - RESERVED_AT.getTime()).toBe(DAY);
  });

  it('agrees with the pricing settings for the default 7 days', () => {
    expect(reservationEnds(RESERVED_AT, DEFAULT_PRICING.reservationDays)).toEqual(
      reservationExpiresAt(RESERVED_AT, DEFAULT_PRICING),
    );
  });

  it('refuses a length that is not a positive whole number of days', () => {
    expect(() => reservationEnds(RESERVED_AT, 0)).toThrow(RangeError);
    expect(() => reservationEnds(RESERVED_AT, 1.5)).toThrow(RangeError);
    expect(() => reservationEnds(RESERVED_AT, -7)).toThrow(RangeError);
  });
});

describe('effectiveStatus', () => {
  it('is still Reserved 6 days 23 hours after reserving', () => {
    expect(effectiveStatus(reservedByAda, at(6 * DAY + 23 * HOUR))).toBe('Reserved');
  });

  it('is Available again exactly 7 days after reserving', () => {
    expect(effectiveStatus(reservedByAda, at(7 * DAY))).toBe('Available');
  });

  it('is Reserved one millisecond before the end and Available after it', () => {
    expect(effectiveStatus(reservedByAda, at(7 * DAY - 1))).toBe('Reserved');
    expect(effectiveStatus(reservedByAda, at(8 * DAY))).toBe('Available');
  });

  it('keeps Sold and Available as stored, whatever the time', () => {
    expect(effectiveStatus(sold, at(0))).toBe('Sold');
    expect(effectiveStatus({ ...sold, reservedUntil: UNTIL.toISOString(), reservedBy: 'ada' }, at(0))).toBe('Sold');
    expect(effectiveStatus(available, at(100 * DAY))).toBe('Available');
  });

  it('keeps a Reserved plate with no readable end Reserved', () => {
    expect(effectiveStatus({ status: 'Reserved', reservedBy: null, reservedUntil: null }, at(365 * DAY))).toBe(
      'Reserved',
    );
    expect(effectiveStatus({ status: 'Reserved', reservedBy: 'ada', reservedUntil: 'next week' }, at(365 * DAY))).toBe(
      'Reserved',
    );
  });
});

describe('holdsLiveReservation', () => {
  it('is true only for the reserving buyer while the reservation runs', () => {
    expect(holdsLiveReservation(reservedByAda, 'ada', at(DAY))).toBe(true);
    expect(holdsLiveReservation(reservedByAda, 'ben', at(DAY))).toBe(false);
    expect(holdsLiveReservation(reservedByAda, 'ada', at(7 * DAY))).toBe(false);
    expect(holdsLiveReservation(available, 'ada', at(DAY))).toBe(false);
  });
});

describe('formatReservationDate', () => {
  it('writes the day, short month and year', () => {
    expect(formatReservationDate(new Date('2026-11-29T08:30:00Z'))).toBe('29 Nov 2026');
    expect(formatReservationDate(new Date('2027-01-05T12:00:00Z'))).toBe('5 Jan 2027');
  });

  it('uses the calendar day in Lusaka (UTC+2), not in UTC', () => {
    expect(formatReservationDate(new Date('2026-11-28T21:59:59Z'))).toBe('28 Nov 2026');
    expect(formatReservationDate(new Date('2026-11-28T22:00:00Z'))).toBe('29 Nov 2026');
    expect(formatReservationDate(new Date('2026-12-31T23:00:00Z'))).toBe('1 Jan 2027');
  });
});

describe('mayReserve', () => {
  it('lets anyone reserve an Available plate', () => {
    expect(mayReserve(available, 'ben', at(0))).toEqual({ ok: true });
  });

  it('refuses a sold plate', () => {
    expect(mayReserve(sold, 'ben', at(0))).toEqual({
      ok: false,
      reason: 'sold',
      message: 'This plate has already been sold.',
    });
  });

  it('refuses a plate another buyer holds, saying until when', () => {
    expect(mayReserve(reservedByAda, 'ben', at(DAY))).toEqual({
      ok: false,
      reason: 'reserved-by-another-buyer',
      message: 'This plate is reserved by another buyer until 29 Nov 2026.',
    });
  });

  it('refuses a second reservation by the buyer who holds it', () => {
    expect(mayReserve(reservedByAda, 'ada', at(DAY))).toEqual({
      ok: false,
      reason: 'already-reserved-by-you',
      message: 'You have already reserved this plate until 29 Nov 2026.',
    });
  });

  it('lets anyone, the former holder included, reserve once the reservation has lapsed', () => {
    expect(mayReserve(reservedByAda, 'ben', at(7 * DAY))).toEqual({ ok: true });
    expect(mayReserve(reservedByAda, 'ada', at(7 * DAY))).toEqual({ ok: true });
  });

  it('refuses a plate set aside with no end date, without naming a date', () => {
    const setAside: ListingReservation = { status: 'Reserved', reservedBy: null, reservedUntil: null };
    expect(mayReserve(setAside, 'ben', at(0))).toEqual({
      ok: false,
      reason: 'reserved-by-another-buyer',
      message: 'This plate is reserved by another buyer.',
    });
  });
});

describe('mayBuy', () => {
  it('lets anyone buy an Available plate', () => {
    expect(mayBuy(available, 'ben', at(0))).toEqual({ ok: true });
  });

  it('refuses a sold plate', () => {
    expect(mayBuy(sold, 'ada', at(0))).toEqual({
      ok: false,
      reason: 'sold',
      message: 'This plate has already been sold.',
    });
  });

  it('lets the reserving buyer buy during the reservation, up to its last moment', () => {
    expect(mayBuy(reservedByAda, 'ada', at(0))).toEqual({ ok: true });
    expect(mayBuy(reservedByAda, 'ada', at(6 * DAY + 23 * HOUR))).toEqual({ ok: true });
  });

  it('refuses other buyers during the reservation', () => {
    expect(mayBuy(reservedByAda, 'ben', at(6 * DAY + 23 * HOUR))).toEqual({
      ok: false,
      reason: 'reserved-by-another-buyer',
      message: 'This plate is reserved by another buyer until 29 Nov 2026.',
    });
  });

  it('lets anyone buy once the reservation has lapsed', () => {
    expect(mayBuy(reservedByAda, 'ben', at(7 * DAY))).toEqual({ ok: true });
  });
});

describe('properties', () => {
  const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) });
  const buyer = fc.constantFrom('ada', 'ben', 'chi');

  it('is Reserved exactly while now < reservedUntil', () => {
    fc.assert(
      fc.property(instant, instant, buyer, (untilMs, nowMs, holder) => {
        const listing: ListingReservation = {
          status: 'Reserved',
          reservedBy: holder,
          reservedUntil: new Date(untilMs).toISOString(),
        };
        expect(effectiveStatus(listing, new Date(nowMs))).toBe(nowMs < untilMs ? 'Reserved' : 'Available');
      }),
    );
  });

  it('lets a buyer buy a reserved plate exactly when it is theirs or has lapsed', () => {
    fc.assert(
      fc.property(instant, instant, buyer, buyer, (untilMs, nowMs, holder, who) => {
        const listing: ListingReservation = {
          status: 'Reserved',
          reservedBy: holder,
          reservedUntil: new Date(untilMs).toISOString(),
        };
        expect(mayBuy(listing, who, new Date(nowMs)).ok).toBe(nowMs >= untilMs || who === holder);
        // Nobody may reserve while it runs; anyone may once it has lapsed.
        expect(mayReserve(listing, who, new Date(nowMs)).ok).toBe(nowMs >= untilMs);
      }),
    );
  });
});

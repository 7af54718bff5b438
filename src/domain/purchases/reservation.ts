// Reserving and buying a marketplace plate (spec sections 2 and 4; brief: money and business rules).
// A reservation is stored as the instant it ends, and whether it still holds is derived from
// `now` on every read. No timer ever flips a listing back to Available, so a server restart,
// a device that was offline for a week, or a clock read on another machine all agree.
import { formatLusakaDay } from '../dates/calendar-day';
import type { PlateStatus } from '../statuses/statuses';

/** The reservation fields of a stored listing; `reservedUntil` is an ISO instant. */
export interface ListingReservation {
  readonly status: PlateStatus;
  readonly reservedBy: string | null;
  readonly reservedUntil: string | null;
}

const MS_PER_HOUR = 60 * 60 * 1000;
const MS_PER_DAY = 24 * MS_PER_HOUR;

/**
 * The instant a reservation made at `reservedAt` lapses: exactly `reservationDays` × 24 hours
 * later, not "the same time N calendar days later", so the length does not depend on a time zone.
 */
export function reservationEnds(reservedAt: Date, reservationDays: number): Date {
  if (!Number.isSafeInteger(reservationDays) || reservationDays < 1) {
    throw new RangeError(`Reservation days must be a positive whole number, got ${reservationDays}`);
  }
  return new Date(reservedAt.getTime() + reservationDays * MS_PER_DAY);
}

/** The end of the reservation in ms, or null when none is recorded or it cannot be read. */
function reservedUntilMs(listing: ListingReservation): number | null {
  if (listing.reservedUntil === null) return null;
  const ms = Date.parse(listing.reservedUntil);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The status a buyer sees at `now`. Sold is final. A reservation holds while now < reservedUntil
 * and the plate is Available again from that instant on. A Reserved listing with no readable end
 * (a plate an administrator set aside, as the spec's sample listings are) stays Reserved: a missing
 * date must not let a second buyer take a plate someone may be holding.
 */
export function effectiveStatus(listing: ListingReservation, now: Date): PlateStatus {
  if (listing.status !== 'Reserved') return listing.status;
  const until = reservedUntilMs(listing);
  return until === null || now.getTime() < until ? 'Reserved' : 'Available';
}

/** True when `buyerId` holds a reservation on the listing that has not yet lapsed at `now`. */
export function holdsLiveReservation(listing: ListingReservation, buyerId: string, now: Date): boolean {
  return effectiveStatus(listing, now) === 'Reserved' && listing.reservedBy === buyerId;
}

/** '29 Nov 2026': the calendar day in Lusaka on which `at` falls. */
export const formatReservationDate = formatLusakaDay;

export type PurchaseRefusalReason = 'sold' | 'reserved-by-another-buyer' | 'already-reserved-by-you';

export type PurchaseCheck =
  { readonly ok: true } | { readonly ok: false; readonly reason: PurchaseRefusalReason; readonly message: string };

const ALLOWED: PurchaseCheck = { ok: true };
const SOLD: PurchaseCheck = { ok: false, reason: 'sold', message: 'This plate has already been sold.' };

function untilText(listing: ListingReservation): string {
  const until = reservedUntilMs(listing);
  return until === null ? '' : ` until ${formatReservationDate(new Date(until))}`;
}

function reservedByAnother(listing: ListingReservation): PurchaseCheck {
  return {
    ok: false,
    reason: 'reserved-by-another-buyer',
    message: `This plate is reserved by another buyer${untilText(listing)}.`,
  };
}

/**
 * Whether `buyerId` may reserve the plate at `now`. Only an effectively Available plate can be
 * reserved. Reserving again while one's own reservation runs is refused rather than extended, so a
 * reservation cannot be stretched past its length by paying the fee twice; once it has lapsed the
 * same buyer may reserve again like anyone else.
 */
export function mayReserve(listing: ListingReservation, buyerId: string, now: Date): PurchaseCheck {
  const status = effectiveStatus(listing, now);
  if (status === 'Sold') return SOLD;
  if (status === 'Available') return ALLOWED;
  if (holdsLiveReservation(listing, buyerId, now)) {
    return {
      ok: false,
      reason: 'already-reserved-by-you',
      message: `You have already reserved this plate${untilText(listing)}.`,
    };
  }
  return reservedByAnother(listing);
}

/** Whether `buyerId` may buy the plate at `now`: an Available plate, or one this buyer holds reserved. */
export function mayBuy(listing: ListingReservation, buyerId: string, now: Date): PurchaseCheck {
  const status = effectiveStatus(listing, now);
  if (status === 'Sold') return SOLD;
  if (status === 'Available' || holdsLiveReservation(listing, buyerId, now)) return ALLOWED;
  return reservedByAnother(listing);
}

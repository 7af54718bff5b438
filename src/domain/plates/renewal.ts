// Renewing a plate's registration: when it may be renewed, the expiry the renewal gives,
// and the reminders an owner gets before the registration runs out
// (docs/transfers-and-renewals.md). Dates are YYYY-MM-DD; `today` is passed in.
import type { RegistryStanding } from '../registry/registry-copy';
import { expiryDateFor } from '../registry/validity';
import { dateFromDays, daysSinceEpoch } from '../credential/credential-dates';
import { daysUntil, RENEWAL_WINDOW_DAYS } from './owner-overview';
import { formatDay } from '../dates/calendar-day';

export { RENEWAL_WINDOW_DAYS };

/** Days before the expiry date at which the owner is reminded, largest first. */
export const REMINDER_DAYS = [90, 30, 7] as const;

export interface RenewablePlate {
  plateNumber: string;
  standing: RegistryStanding;
  /** The last day the registration is valid. */
  expiryDate: string;
}

/** The first day a registration expiring on `expiryDate` may be renewed. */
export function renewableFrom(expiryDate: string, windowDays = RENEWAL_WINDOW_DAYS): string {
  return dateFromDays(daysSinceEpoch(expiryDate) - windowDays);
}

/**
 * Why the plate cannot be renewed today, or undefined when it can: from 90 days before
 * its expiry date, and at any time after it, unless it has been revoked or reported stolen.
 */
export function renewalRefusal(plate: RenewablePlate, today: string): string | undefined {
  const number = plate.plateNumber;
  if (plate.standing === 'Revoked') return `Plate ${number} has been revoked, so its registration cannot be renewed.`;
  if (plate.standing === 'Stolen') return `Plate ${number} is reported stolen, so its registration cannot be renewed.`;
  if (daysUntil(plate.expiryDate, today) > RENEWAL_WINDOW_DAYS) {
    return `Plate ${number} can be renewed from ${formatDay(renewableFrom(plate.expiryDate))}, ${RENEWAL_WINDOW_DAYS} days before its registration expires on ${formatDay(plate.expiryDate)}.`;
  }
  return undefined;
}

/**
 * The expiry a renewal made `today` gives: `validityYears` after the current expiry date
 * while the registration still runs (renewing early loses no days), or after today once it
 * has expired (the lapsed time is not bought back). The expiry day itself is still valid.
 * A date of 29 February lands on 28 February in a year without one (expiryDateFor).
 */
export function renewedExpiry(expiryDate: string, today: string, validityYears: number): string {
  const base = today > expiryDate ? today : expiryDate;
  return expiryDateFor(base, validityYears);
}

export interface ReminderDue {
  /** Days from today to the expiry date (0: it expires today). */
  daysLeft: number;
  /** The thresholds this reminder stands for, to be recorded as sent. */
  thresholds: number[];
}

/**
 * The reminder to send today, if any: one per threshold (90, 30, 7 days) per expiry date,
 * never after expiry. A plate first seen inside several thresholds (a registration made
 * with 20 days left, a server that was off) gets one reminder that stands for all of them.
 */
export function reminderDue(
  expiryDate: string,
  today: string,
  alreadySent: readonly number[],
): ReminderDue | undefined {
  const daysLeft = daysUntil(expiryDate, today);
  if (daysLeft < 0) return undefined;
  const thresholds = REMINDER_DAYS.filter((days) => daysLeft <= days && !alreadySent.includes(days));
  return thresholds.length === 0 ? undefined : { daysLeft, thresholds };
}

/** The reminder's words. */
export function reminderMessage(
  plateNumber: string,
  expiryDate: string,
  daysLeft: number,
): { title: string; body: string } {
  const when = daysLeft === 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`;
  return {
    title: `Plate ${plateNumber} expires ${when}`,
    body: `The registration of plate ${plateNumber} is valid until ${formatDay(expiryDate)}. Renew it from My Plates & Orders: once it has expired the plate verifies as Expired until it is renewed.`,
  };
}

/**
 * The dates a plate credential carries: whole days since 1970-01-01 (UTC) in two bytes, so
 * 1970-01-01 to 2149-06-06. Apart from the credential's encoding and rules (which load
 * the signature library and zod), so date arithmetic such as a renewal's window needs
 * neither.
 */
export const CREDENTIAL_MAX_DAY = 0xffff;
export const CREDENTIAL_FIRST_DATE = '1970-01-01';
export const CREDENTIAL_LAST_DATE = '2149-06-06';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of a real calendar date written YYYY-MM-DD, or null. */
function calendarDays(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const parsed = new Date(ms);
  // Date.UTC rolls 2024-02-30 over to March; a real date survives the round trip. Years
  // below 100 are mapped to 19xx by Date.UTC and fail here too, which is fine: they are
  // outside the credential's range anyway.
  if (parsed.getUTCFullYear() !== year || parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== day)
    return null;
  return ms / MS_PER_DAY;
}

/** True for a real calendar date written YYYY-MM-DD (any year from 0100). */
export function isIsoDate(date: string): boolean {
  return calendarDays(date) !== null;
}

/** True for a YYYY-MM-DD date a credential can carry: 1970-01-01 to 2149-06-06. */
export function isCredentialDate(date: string): boolean {
  const days = calendarDays(date);
  return days !== null && days >= 0 && days <= CREDENTIAL_MAX_DAY;
}

/**
 * Whole days from 1970-01-01 (UTC) to `date`. Throws RangeError unless `date` is a real
 * YYYY-MM-DD date a credential can carry.
 */
export function daysSinceEpoch(date: string): number {
  const days = calendarDays(date);
  if (days === null) throw new RangeError(`Date must be a real calendar date written YYYY-MM-DD, got '${date}'`);
  if (days < 0 || days > CREDENTIAL_MAX_DAY) {
    throw new RangeError(`Date must be between ${CREDENTIAL_FIRST_DATE} and ${CREDENTIAL_LAST_DATE}, got '${date}'`);
  }
  return days;
}

/** The YYYY-MM-DD date `days` whole days after 1970-01-01; throws RangeError outside 0..65535. */
export function dateFromDays(days: number): string {
  if (!Number.isInteger(days) || days < 0 || days > CREDENTIAL_MAX_DAY) {
    throw new RangeError(`Days since 1970-01-01 must be a whole number from 0 to ${CREDENTIAL_MAX_DAY}, got ${days}`);
  }
  return isoDateOf(days * MS_PER_DAY);
}

/** The UTC calendar date of an instant, YYYY-MM-DD. */
export function isoDateOf(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw new RangeError(`Not a valid instant: ${ms}`);
  return date.toISOString().slice(0, 10);
}

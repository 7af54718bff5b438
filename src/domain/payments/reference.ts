// Receipt and application references issued by the server (brief: money and business rules).
// A reference is a prefix and a number from a server sequence, zero-padded to six digits and
// longer once the sequence passes 999999. It is unique because the sequence is, unlike the
// wizard's client-side 'LP-' plus the last six digits of the time, which two buyers can share.
// Parsing accepts only the form formatting produces, so one number has exactly one reference.

const MIN_DIGITS = 6;

function formatReference(prefix: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`A reference number must be a positive whole number, got ${n}`);
  return `${prefix}${String(n).padStart(MIN_DIGITS, '0')}`;
}

function parseReference(prefix: string, text: string): number | null {
  const match = /^([A-Z]+-)(\d+)$/.exec(text.trim().toUpperCase());
  if (match === null || match[1] !== prefix) return null;
  const digits = match[2] ?? '';
  const n = Number(digits);
  // Only the canonical spelling: LP-0001234 would otherwise name the same number as LP-001234.
  return Number.isSafeInteger(n) && n >= 1 && formatReference(prefix, n) === `${prefix}${digits}` ? n : null;
}

export const APPLICATION_REFERENCE_PREFIX = 'LP-';
export const PAYMENT_REFERENCE_PREFIX = 'PAY-';

/** 123 → 'LP-000123'; 1234567 → 'LP-1234567'. */
export function formatApplicationReference(n: number): string {
  return formatReference(APPLICATION_REFERENCE_PREFIX, n);
}

/** The sequence number of 'LP-000123' (any case, surrounding spaces ignored), or null. */
export function parseApplicationReference(text: string): number | null {
  return parseReference(APPLICATION_REFERENCE_PREFIX, text);
}

/** 42 → 'PAY-000042', from the payment sequence (separate from the application one). */
export function formatPaymentReference(n: number): string {
  return formatReference(PAYMENT_REFERENCE_PREFIX, n);
}

export function parsePaymentReference(text: string): number | null {
  return parseReference(PAYMENT_REFERENCE_PREFIX, text);
}

// Who a person is, as forms take it: the NRC number, a Zambian phone number and a person's
// name, checked without zod (the schemas built on these are in identity.ts), so a screen
// can show and check them before its form's rules are loaded.

// ---------------------------------------------------------------------------------------------
// National registration card

/** National registration card number: six digits, two, one: 123456/78/9. */
export const NRC_PATTERN = /^\d{6}\/\d{2}\/\d$/;
export { NRC_PLACEHOLDER, PHONE_PLACEHOLDER } from './identity-placeholders';

export const nrcFormatMessage = (label: string) => `${label} must look like 123456/78/9`;

export function isValidNrc(value: string): boolean {
  return NRC_PATTERN.test(value.trim());
}

/** An NRC number's digits alone, the form two NRCs are compared in: 123456/78/9 = 123456 78 9 = 123456789. */
export function nrcDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Whether two NRC numbers name the same card (an empty one never matches). */
export function isSameNrc(a: string, b: string): boolean {
  const digits = nrcDigits(a);
  return digits.length > 0 && digits === nrcDigits(b);
}

// ---------------------------------------------------------------------------------------------
// Phone numbers

export const PHONE_MESSAGE = 'Enter a Zambian phone number like +260 97 123 4567';

/**
 * The first digits after +260 of numbers in use (ZICTA's numbering plan): the mobile networks'
 * codes (Zamtel 95 and 75, MTN 96 and 76, Airtel 97 and 77, and the newer 55, 56 and 57 ranges)
 * and the provinces' fixed-line codes 211 to 218.
 */
export const MOBILE_NETWORK_CODES = ['95', '96', '97', '75', '76', '77', '55', '56', '57'] as const;
export const FIXED_LINE_CODES = ['211', '212', '213', '214', '215', '216', '217', '218'] as const;

export const PHONE_NOT_IN_USE =
  'This is not a Zambian network’s number: mobile numbers start with 095, 096, 097, 075, 076 or 077';

/**
 * A Zambian phone number in +260 form: +260 and nine digits, the first of which is
 * not 0. A local number written 0XXXXXXXXX is accepted and rewritten; spaces,
 * dashes and brackets are ignored. Returns null when it is not a Zambian number.
 */
export function normalisePhone(input: string): string | null {
  const compact = input.replace(/[\s\-()]/g, '');
  const digits = compact.startsWith('+260')
    ? compact.slice(4)
    : compact.startsWith('260')
      ? compact.slice(3)
      : compact.startsWith('0')
        ? compact.slice(1)
        : null;
  if (digits === null || !/^[1-9]\d{8}$/.test(digits)) return null;
  return `+260${digits}`;
}

/** Whether a number in +260 form starts with a network's or a province's code. */
export function isNumberInUse(phone: string): boolean {
  const national = phone.startsWith('+260') ? phone.slice(4) : phone;
  return (
    MOBILE_NETWORK_CODES.some((code) => national.startsWith(code)) ||
    FIXED_LINE_CODES.some((code) => national.startsWith(code))
  );
}

export type PhoneCheck =
  { readonly ok: true; readonly phone: string } | { readonly ok: false; readonly message: string };

/** A number as typed, checked and written +260XXXXXXXXX, or the reason it will not do. */
export function checkPhone(input: string): PhoneCheck {
  const phone = normalisePhone(input);
  if (phone === null) return { ok: false, message: PHONE_MESSAGE };
  return isNumberInUse(phone) ? { ok: true, phone } : { ok: false, message: PHONE_NOT_IN_USE };
}

// ---------------------------------------------------------------------------------------------
// Names

export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 100;

// Letters of any alphabet (with their accents), spaces, hyphens, apostrophes (typed or curly) and dots.
export const NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

export const nameMessages = (label: string) => ({
  required: `${label} is required`,
  tooShort: `${label} must be at least ${MIN_NAME_LENGTH} characters`,
  tooLong: `${label} must be at most ${MAX_NAME_LENGTH} characters`,
  characters: `${label} may only contain letters, spaces, hyphens, apostrophes and dots`,
});

/** +260971234567 → +260 97 123 4567 */
export function formatPhone(phone: string): string {
  const match = /^\+260(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return match ? `+260 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

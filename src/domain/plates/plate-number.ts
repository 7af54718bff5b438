// What a plate number is: how typed input is normalised, which numbers are valid, which
// count as lucky, and the branded PlateNumber that only parsePlateNumber hands out.

export const PLATE_NUMBER_MAX_LENGTH = 10;

export type PlateNumber = string & { readonly __brand: 'PlateNumber' };

export const PLATE_NUMBER_REQUIRED = 'Please enter a plate number';
export const PLATE_NUMBER_TOO_LONG = `Plate number must be at most ${PLATE_NUMBER_MAX_LENGTH} characters`;
export const PLATE_NUMBER_BAD_CHARACTERS = 'Plate number may contain only letters, digits, spaces and hyphens';
// Not in the spec's catalogue: the three messages above do not describe '-ABC' or 'ABC-'.
export const PLATE_NUMBER_BAD_ENDS = 'Plate number must start and end with a letter or digit';

/**
 * What a plate-number input field shows while the user types: upper-cased and cut to the
 * maximum length. Spaces are kept so the caret does not jump; normalisePlateNumber tidies
 * them when the number is used.
 */
export function normalisePlateInput(raw: string): string {
  return raw.toUpperCase().slice(0, PLATE_NUMBER_MAX_LENGTH);
}

/** The canonical form of a typed number: trimmed, upper-cased, inner whitespace runs collapsed to one space. */
export function normalisePlateNumber(raw: string): string {
  return raw.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** The standard issued format, e.g. ZM-001-ABC. */
export const STANDARD_PLATE_PATTERN = /^ZM-\d{3}-[A-Z]{3}$/;

export function isStandardPlateNumber(s: string): boolean {
  return STANDARD_PLATE_PATTERN.test(s);
}

const ALLOWED_CHARACTERS = /^[A-Z0-9 -]+$/;
const LETTER_OR_DIGIT_AT_BOTH_ENDS = /^[A-Z0-9](?:.*[A-Z0-9])?$/;

/**
 * A canonical plate number: 1 to 10 characters of A–Z, 0–9, hyphens and single spaces,
 * starting and ending with a letter or digit. Covers standard (ZM-001-ABC) and
 * personalised (ZM-777-VIP, LUSAKA 1) plates. Expects an already normalised string.
 */
export function isValidPlateNumber(s: string): boolean {
  return (
    s.length >= 1 &&
    s.length <= PLATE_NUMBER_MAX_LENGTH &&
    ALLOWED_CHARACTERS.test(s) &&
    LETTER_OR_DIGIT_AT_BOTH_ENDS.test(s) &&
    !s.includes('  ')
  );
}

export type PlateNumberResult = { ok: true; value: PlateNumber } | { ok: false; error: string };

/** Normalises raw input and checks it, naming the first problem in words a user understands. */
export function parsePlateNumber(raw: string): PlateNumberResult {
  const candidate = normalisePlateNumber(raw);
  if (candidate === '') return { ok: false, error: PLATE_NUMBER_REQUIRED };
  if (candidate.length > PLATE_NUMBER_MAX_LENGTH) return { ok: false, error: PLATE_NUMBER_TOO_LONG };
  if (!ALLOWED_CHARACTERS.test(candidate)) return { ok: false, error: PLATE_NUMBER_BAD_CHARACTERS };
  if (!LETTER_OR_DIGIT_AT_BOTH_ENDS.test(candidate)) return { ok: false, error: PLATE_NUMBER_BAD_ENDS };
  // Normalisation already collapsed double spaces, so the candidate is now valid.
  return { ok: true, value: candidate as PlateNumber };
}

/** Triples that make a number 'lucky' in the marketplace filter. */
export const LUCKY_SEQUENCES = ['777', '888', '999', '000', '111', '222', '333', '444', '555', '666'] as const;

export function isLuckyNumber(number: string): boolean {
  return LUCKY_SEQUENCES.some((sequence) => number.includes(sequence));
}

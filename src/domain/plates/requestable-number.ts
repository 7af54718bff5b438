// The few rules the wizard needs on its first screen, kept apart from number-choice.ts
// (the word list and look-alike rules) so the wizard's first load stays small.

/**
 * A number that can be applied for: ZM-, then letters and digits, with at most one more
 * hyphen — the standard ZM-001-ABC, or a personalised ZM-BWALYA or ZM-7. Ten characters at most.
 */
export const REQUESTABLE_NUMBER_PATTERN = /^ZM-[A-Z0-9]+(?:-[A-Z0-9]+)?$/;

export const MAX_CHOSEN_NUMBERS_MESSAGE = 'Choose at most one number for each plate';
export const DUPLICATE_CHOSEN_NUMBER = 'Each chosen number can be asked for once';

/** The problem with choosing these numbers for `plates` plates, or null. */
export function chosenNumbersProblem(numbers: readonly string[], plates: number): string | null {
  if (numbers.length > plates) return MAX_CHOSEN_NUMBERS_MESSAGE;
  if (new Set(numbers).size !== numbers.length) return DUPLICATE_CHOSEN_NUMBER;
  return null;
}

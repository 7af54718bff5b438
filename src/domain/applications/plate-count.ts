// How many plates one application may ask for, and the count as typed. Apart from the
// wizard's rules (zod, application-form.ts) so the pricing page's calculator needs no zod.
export const MIN_PLATES_PER_APPLICATION = 1;
export const MAX_PLATES_PER_APPLICATION = 1000;

/**
 * The number-of-plates input as a whole number, with parseInt semantics: '3abc' is 3 and
 * input that does not start with a number falls back to 1 (spec). '0' stays 0 so that
 * validation can say the number must be at least 1.
 */
export function parseNumberOfPlates(raw: string | number): number {
  const parsed = typeof raw === 'number' ? Math.trunc(raw) : Number.parseInt(raw, 10);
  return Number.isFinite(parsed) ? parsed : 1;
}

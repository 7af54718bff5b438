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

export const PLATES_TOO_FEW = `Number of plates must be at least ${MIN_PLATES_PER_APPLICATION}`;
export const PLATES_TOO_MANY = `Number of plates must be at most ${MAX_PLATES_PER_APPLICATION}`;
export const PLATES_NOT_WHOLE = `Number of plates must be a whole number from ${MIN_PLATES_PER_APPLICATION} to ${MAX_PLATES_PER_APPLICATION}`;

/**
 * A count typed into the pricing page's calculator: the number it prices, or why it cannot be
 * priced, in the wizard's words. Never a different number than the one typed (0 is not 1, 5000
 * is not 1000), so an estimate always says what it is for.
 */
export function checkPlateCount(raw: string): { ok: true; count: number } | { ok: false; message: string } {
  const typed = raw.trim();
  if (!/^\d+$/.test(typed)) return { ok: false, message: PLATES_NOT_WHOLE };
  const count = Number(typed);
  if (count < MIN_PLATES_PER_APPLICATION) return { ok: false, message: PLATES_TOO_FEW };
  if (count > MAX_PLATES_PER_APPLICATION) return { ok: false, message: PLATES_TOO_MANY };
  return { ok: true, count };
}

/** '1 plate', '2 plates': a count of plates as people write it. */
export function quantityLabel(n: number): string {
  return n === 1 ? '1 plate' : `${n} plates`;
}

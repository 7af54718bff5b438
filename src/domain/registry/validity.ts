// How long a registration runs. The validity in years is a setting (5 by default,
// spec section 9), so it is passed in.

/**
 * The expiry date of a registration made on `registrationDate` (YYYY-MM-DD):
 * the same day `years` later. A registration on 29 February expires on 28 February
 * of a year without one, never on 1 March: a plate must not outlive its term.
 */
export function expiryDateFor(registrationDate: string, years: number): string {
  const [year, month, day] = registrationDate.split('-').map(Number) as [number, number, number];
  const targetYear = year + years;
  const lastDayOfMonth = new Date(Date.UTC(targetYear, month, 0)).getUTCDate();
  const date = new Date(Date.UTC(targetYear, month - 1, Math.min(day, lastDayOfMonth)));
  return date.toISOString().slice(0, 10);
}

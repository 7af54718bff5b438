// A calendar date as forms and records write it: YYYY-MM-DD, and a day that exists
// (2024-02-30 does not). One rule for the insurance agent's policies and claims and the
// shop's records.

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD, or the day of an ISO time) as '22 Nov 2026'; the text as given if it is not a date. */
export function formatDay(date: string): string {
  const day = date.slice(0, 10);
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? date : dayFormat.format(time);
}

const countFormat = new Intl.NumberFormat('en-GB');

/** 1,200 */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

const signed = new Intl.NumberFormat('en-GB', { signDisplay: 'exceptZero' });

/** An overview trend in words: '+3 vs previous 30 days', '-3 vs …', or 'No change vs …'. */
export function formatTrend(trend: number): string {
  return `${trend === 0 ? 'No change' : signed.format(trend)} vs previous 30 days`;
}

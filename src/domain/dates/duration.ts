// A stretch of time as people say it: '12 days', '3 months', '4 years 5 months', never
// '1626 days'. Short stretches stay in days (a renewal due in 20 days is counted in days);
// from two months on, whole calendar months and years, as a person counts them on a calendar.

const DAY_MS = 24 * 60 * 60 * 1000;
/** Below this many days a stretch is said in days. */
export const DAYS_IN_WORDS_BELOW = 60;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** '1 day', '2 days': a count of something, with its noun in the right number. */
export function countOf(count: number, unit: string): string {
  return plural(count, unit);
}

/** The day `months` calendar months after `day` (YYYY-MM-DD), kept within a shorter month's end. */
function addMonths(day: string, months: number): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(date, last));
}

/** Whole calendar months from `from` to `to` (YYYY-MM-DD, `from` not after `to`). */
export function wholeMonthsBetween(from: string, to: string): number {
  const end = Date.parse(`${to}T00:00:00Z`);
  const [fromYear = 0, fromMonth = 1] = from.split('-').map(Number);
  const [toYear = 0, toMonth = 1] = to.split('-').map(Number);
  let months = (toYear - fromYear) * 12 + (toMonth - fromMonth);
  while (months > 0 && addMonths(from, months) > end) months -= 1;
  return months;
}

/**
 * The stretch from `from` to `to` (calendar days, YYYY-MM-DD; either order) in words: days
 * below DAYS_IN_WORDS_BELOW, otherwise years and months ('4 years 5 months', '1 year',
 * '2 months'), the days past the last whole month left out.
 */
export function durationInWords(from: string, to: string): string {
  const [start, end] = from <= to ? [from, to] : [to, from];
  const days = Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS);
  if (days < DAYS_IN_WORDS_BELOW) return plural(days, 'day');
  const months = wholeMonthsBetween(start, end);
  const years = Math.floor(months / 12);
  const rest = months % 12;
  return [years > 0 ? plural(years, 'year') : '', rest > 0 ? plural(rest, 'month') : ''].filter(Boolean).join(' ');
}

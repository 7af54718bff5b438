/**
 * Dates and times as the app shows them. The first Intl formatter a page makes loads
 * the locale's data: ~18 ms of main thread here, four times that on a slow phone. So
 * no formatter is made when a module loads; each is made the first time it is used,
 * and the time of day in the header, on every page, needs none.
 */
function madeOnFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dateTime = madeOnFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** 22 Nov 2026, 15:40 — or 'Never' when there is no time. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Never' : dateTime().format(date);
}

const dayFormat = madeOnFirstUse(
  () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }),
);

/** The months as en-GB abbreviates them (September is 'Sept'). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A calendar date (YYYY-MM-DD, or the day of an ISO time) as '22 Nov 2026'; '—' for none;
 * the text as given if it is not a date. Written as en-GB's formatter writes it, without
 * making one: a verdict drawn before the app has started (/verification on a slow phone)
 * would otherwise load the locale's data first, ~180 ms of a slow CPU between the registry's
 * answer and the officer. Years before 1 (written with an era) are left to the formatter.
 */
export function formatDay(date: string | null): string {
  if (!date) return '—';
  const day = date.slice(0, 10);
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  const parsed = new Date(time);
  const year = parsed.getUTCFullYear();
  return year < 1 ? dayFormat().format(time) : `${parsed.getUTCDate()} ${MONTHS[parsed.getUTCMonth()]} ${year}`;
}

/** The device's local time of day, 24-hour, as en-GB writes it: '09:05'. */
export function formatTimeOfDay(time: number | Date): string {
  const date = new Date(time);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

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

/** '22 Nov 2026' for a calendar date: the one form of a day everywhere (#domain/dates/calendar-day). */
export { formatDay } from '#domain/dates/calendar-day';

/** The device's local time of day, 24-hour, as en-GB writes it: '09:05'. */
export function formatTimeOfDay(time: number | Date): string {
  const date = new Date(time);
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

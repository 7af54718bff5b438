const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** 22 Nov 2026, 15:40 — or 'Never' when there is no time. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return 'Never';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Never' : dateTime.format(date);
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A calendar date (YYYY-MM-DD, or the day of an ISO time) as '22 Nov 2026'; '—' for none; the text as given if it is not a date. */
export function formatDay(date: string | null): string {
  if (!date) return '—';
  const day = date.slice(0, 10);
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? date : dayFormat.format(time);
}

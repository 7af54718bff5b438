// Dates as people read them, in one form everywhere: on screens, in files, in SMS and email
// ('20 Jan 2027'), never as a machine writes them ('2027-01-20'). The app, the server's messages
// and the domain's words all use these two. Moments in exported files are the one exception:
// Lusaka time, sortable, with the zone named (lusaka-date-time.ts, kept apart so that a page
// that shows days does not load it).

/** The months as en-GB abbreviates them (September is 'Sept'), so the app's Intl dates read alike. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const;

// Zambia keeps Central Africa Time (UTC+2) all year, so a fixed offset is exact and a message
// reads the same whether the server or the buyer's device builds it.
export const LUSAKA_OFFSET_MS = 2 * 60 * 60 * 1000;

/**
 * A calendar date (YYYY-MM-DD, or the day of an ISO time) as '22 Nov 2026'; '—' for none; the
 * text as given if it is not a date. Written without an Intl formatter: the first one a page
 * makes loads the locale's data (~180 ms of a slow phone's CPU before a verdict is drawn).
 * Years before 1 (written with an era) are left to en-GB's formatter.
 */
export function formatDay(date: string | null): string {
  if (!date) return '—';
  const day = date.slice(0, 10);
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return date;
  const parsed = new Date(time);
  const year = parsed.getUTCFullYear();
  if (year < 1)
    return new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(time);
  return `${parsed.getUTCDate()} ${MONTHS[parsed.getUTCMonth()]} ${year}`;
}

/** '29 Nov 2026': the calendar day in Lusaka on which `at` falls. */
export function formatLusakaDay(at: Date): string {
  return formatDay(new Date(at.getTime() + LUSAKA_OFFSET_MS).toISOString());
}

/** '7 Dec 2026, 11:01': a moment as Lusaka's clocks showed it, in messages people read; the text as given if it is not a time. */
export function formatLusakaMoment(at: Date | string): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(time)) return String(at);
  const local = new Date(time + LUSAKA_OFFSET_MS).toISOString();
  return `${formatDay(local)}, ${local.slice(11, 16)}`;
}

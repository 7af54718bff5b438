// A moment in an exported file: Lusaka time, sortable, with the zone named.
import { LUSAKA_OFFSET_MS } from './calendar-day';

/** The zone files and messages name beside a Lusaka time: Central Africa Time, UTC+2 all year. */
export const LUSAKA_ZONE = 'CAT';

/**
 * '2026-12-06 03:21 CAT': a moment as Lusaka's clocks showed it, with the zone named, for
 * exports (CSV and PDF) read away from the screen that knew the reader's zone. Written year
 * first, unlike a day on screen: a file's times are sorted and filtered in a spreadsheet,
 * and this form sorts as text and is read as a date and time. An ISO time or a Date; '' for
 * none; the text as given if it is not a time.
 */
export function formatLusakaDateTime(at: Date | string | null | undefined): string {
  if (at === null || at === undefined || at === '') return '';
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  if (Number.isNaN(time)) return typeof at === 'string' ? at : '';
  const local = new Date(time + LUSAKA_OFFSET_MS).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} ${LUSAKA_ZONE}`;
}

// The record of one roadside check an officer shares or prints: plate, verdict, time in
// Lusaka, the place when given, and the officer. Plain text, so any app it is shared to
// (SMS, WhatsApp, email) shows it whole.
import { verdictHeadline, type VerdictName } from '../credential/presentation';
import { formatLusakaDay } from '../dates/calendar-day';

export type CheckRecord = {
  plateNumber: string;
  verdict: VerdictName;
  /** ISO time the check was made. */
  checkedAt: string;
  place?: string;
  officer: string;
};

const LUSAKA_OFFSET_MS = 2 * 3_600_000;

/** '6 Dec 2026, 20:43 (Lusaka time)': Zambia keeps UTC+2 all year. */
export function lusakaTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) throw new RangeError(`Not an ISO date and time: '${iso}'`);
  const clock = new Date(ms + LUSAKA_OFFSET_MS).toISOString().slice(11, 16);
  return `${formatLusakaDay(new Date(ms))}, ${clock} (Lusaka time)`;
}

export function checkRecordTitle(record: CheckRecord): string {
  return `Roadside check of ${record.plateNumber}`;
}

export function checkRecordText(record: CheckRecord): string {
  const place = record.place?.trim();
  return [
    `Nambala roadside check`,
    `Plate: ${record.plateNumber}`,
    `Verdict: ${verdictHeadline(record.verdict)}`,
    `Time: ${lusakaTime(record.checkedAt)}`,
    ...(place ? [`Place: ${place}`] : []),
    `Officer: ${record.officer}`,
  ].join('\n');
}

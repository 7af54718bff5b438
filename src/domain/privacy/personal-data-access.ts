/**
 * Every look at another person's data on record (docs/privacy.md): what one row of the
 * personal data access log says, why a lookup was made, the administrator's filters, the
 * daily threshold past which an officer's lookups become an integrity alert, the Lusaka day
 * that threshold counts in, how long rows are kept, and the log as a CSV file. The schemas the
 * server checks queries and the threshold with are in access-log-schemas.ts.
 */
import { formatDay } from '../dates/calendar-day';
import { formatLusakaDateTime } from '../dates/lusaka-date-time';
import { csvField } from '../csv/csv-writer';

/** Why personal data was shown: the purpose the reader's route serves. */
export const ACCESS_PURPOSES = ['roadside check', 'registry record', 'partner check'] as const;
export type AccessPurpose = (typeof ACCESS_PURPOSES)[number];

/** Who may appear as a reader: those whose routes show an owner's data. */
export const READER_ROLES = ['police', 'admin', 'partner'] as const;
export type ReaderRole = (typeof READER_ROLES)[number];
export const READER_ROLE_LABELS: Readonly<Record<ReaderRole, string>> = {
  police: 'Police officer',
  admin: 'Administrator',
  partner: 'Partner organisation',
};

/** One look, as the administrator reads it. */
export interface AccessLogEntry {
  id: string;
  /** When the data was shown (ISO instant, the server's clock). */
  at: string;
  officerId: string;
  /** The reader's name now, or as it was at the time when the account has since been deleted. */
  officerName: string;
  officerRole: ReaderRole;
  plateNumber: string;
  purpose: AccessPurpose;
  /** The API route that answered, e.g. 'GET /api/verification/:plateNumber'. */
  route: string;
  /** The check id the officer's device sent, if any (the same id can appear on several rows). */
  checkId: string | null;
  /** The client address the request came from. */
  ip: string | null;
}

/** How many years a row is kept before the retention sweep deletes it (docs/privacy.md). */
export const ACCESS_LOG_RETENTION_YEARS = 5;

/** The first instant a row must still be kept at `now`: rows older than this are deleted. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ACCESS_LOG_RETENTION_YEARS);
  return cutoff;
}

// -------------------------------------------------------------------------------- the Lusaka day

// Zambia keeps Central Africa Time (UTC+2) all year, so a fixed offset is exact.
const LUSAKA_OFFSET_MS = 2 * 3600 * 1000;

/** '2026-12-06': the calendar day in Lusaka on which `at` falls. */
export function lusakaDay(at: Date): string {
  return new Date(at.getTime() + LUSAKA_OFFSET_MS).toISOString().slice(0, 10);
}

// -------------------------------------------------------------------------------- the daily threshold

export const LOOKUP_THRESHOLD_MAX = 100_000;

/** How many owners one reader may look up in a Lusaka day before an integrity alert is raised. */
export interface LookupThreshold {
  dailyLookups: number;
}

export const DEFAULT_LOOKUP_THRESHOLD: LookupThreshold = { dailyLookups: 50 };

/** The alert's words: who, how many, on which day, against which threshold. */
export function unusualLookupsSummary(
  name: string,
  role: ReaderRole,
  lookups: number,
  day: string,
  threshold: number,
): string {
  const who = role === 'police' ? `Officer ${name}` : `${READER_ROLE_LABELS[role]} ${name}`;
  return `${who} looked up ${lookups} owners on ${formatDay(day)}, more than the ${threshold} a day that raises an alert. Read their lookups in the Personal Data Access Log (QR System).`;
}

// -------------------------------------------------------------------------------- the administrator's view

export const ACCESS_LOG_PAGE_MAX = 200;
export const ACCESS_LOG_PAGE_DEFAULT = 50;

/** What the administrator narrows the log to: one reader, and plates containing some text (upper-cased). */
export interface AccessLogFilter {
  officerId?: string | undefined;
  plateNumber?: string | undefined;
}

export const ACCESS_LOG_CSV_COLUMNS = [
  'Time',
  'Officer',
  'Officer ID',
  'Role',
  'Plate',
  'Purpose',
  'Route',
  'Check ID',
  'Client address',
] as const;

const line = (cells: readonly (string | null)[]) => `${cells.map(csvField).join(',')}\r\n`;

/** The file's first bytes: a UTF-8 byte order mark, then the header row. */
export const accessLogCsvHeader = (): string => `\uFEFF${line(ACCESS_LOG_CSV_COLUMNS)}`;

/** One look as one RFC 4180 line (CRLF). */
export const accessLogCsvLine = (entry: AccessLogEntry): string =>
  line([
    formatLusakaDateTime(entry.at),
    entry.officerName,
    entry.officerId,
    entry.officerRole,
    entry.plateNumber,
    entry.purpose,
    entry.route,
    entry.checkId,
    entry.ip,
  ]);

/** nambala-personal-data-access-2026-12-06.csv: the day (UTC) it was made. */
export const accessLogFileName = (now: Date): string =>
  `nambala-personal-data-access-${now.toISOString().slice(0, 10)}.csv`;

/**
 * What the server checks (zod) for the personal data access log: the administrator's query
 * (filters and a page) and the daily lookup threshold. Apart from personal-data-access.ts, so
 * that the screen reading the log does not load zod for them.
 */
import { z } from 'zod';
import { ACCESS_LOG_PAGE_DEFAULT, ACCESS_LOG_PAGE_MAX, LOOKUP_THRESHOLD_MAX } from './personal-data-access';

const DAILY_LOOKUPS = 'Daily lookups';
export const lookupThresholdSchema = z.object({
  dailyLookups: z
    .number({
      error: (issue) =>
        issue.input === undefined ? `${DAILY_LOOKUPS} is required` : `${DAILY_LOOKUPS} must be a whole number`,
    })
    .int(`${DAILY_LOOKUPS} must be a whole number`)
    .min(1, `${DAILY_LOOKUPS} must be at least 1`)
    .max(LOOKUP_THRESHOLD_MAX, `${DAILY_LOOKUPS} must be at most ${LOOKUP_THRESHOLD_MAX.toLocaleString('en-US')}`),
});

/** GET /api/admin/access-log and its CSV: narrowed to one reader and to plates containing some text. */
export const accessLogFilterSchema = z.object({
  officerId: z.string().trim().max(64, 'officerId must be at most 64 characters').optional(),
  plateNumber: z
    .string()
    .max(40, 'Plate number must be at most 10 characters')
    .transform((text) => text.trim().toUpperCase().replace(/\s+/g, ' '))
    .refine((text) => text.length <= 10, 'Plate number must be at most 10 characters')
    .refine((text) => /^[A-Z0-9 -]*$/.test(text), 'Plate number may contain only letters, digits, spaces and hyphens')
    .optional(),
});

export const accessLogQuerySchema = accessLogFilterSchema.extend({
  /** The last row of the page before: its id (ids sort by time). */
  before: z.uuid({ error: 'before must be the id of a log row' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(ACCESS_LOG_PAGE_MAX, `limit must be at most ${ACCESS_LOG_PAGE_MAX}`)
    .default(ACCESS_LOG_PAGE_DEFAULT),
});

// The personal data access log's answers the app reads: a page of the log, the readers to
// filter it by, and the daily lookup threshold.
import { z } from 'zod';
import { lookupThresholdSchema } from '../privacy/access-log-schemas';
import { ACCESS_PURPOSES, type AccessLogEntry, READER_ROLES } from '../privacy/personal-data-access';

export const accessLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  officerId: z.string(),
  officerName: z.string(),
  officerRole: z.enum(READER_ROLES),
  plateNumber: z.string(),
  purpose: z.enum(ACCESS_PURPOSES),
  route: z.string(),
  checkId: z.string().nullable(),
  ip: z.string().nullable(),
}) satisfies z.ZodType<AccessLogEntry>;

/** GET /api/admin/access-log: a page of the log, newest first. */
export const accessLogPageAnswer = z.object({
  entries: z.array(accessLogEntrySchema),
  total: z.number(),
  nextCursor: z.string().nullable(),
});
export type AccessLogPage = z.infer<typeof accessLogPageAnswer>;

/** Someone who may look owners up. */
export const readerSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(READER_ROLES) });
export type Reader = z.infer<typeof readerSchema>;

/** GET /api/admin/access-log/officers. */
export const readersAnswer = z.object({ officers: z.array(readerSchema) });
export type ReadersAnswer = z.infer<typeof readersAnswer>;

/** GET and PUT /api/admin/settings/lookup-threshold: the threshold in force. */
export const lookupThresholdAnswer = z.object({ settings: lookupThresholdSchema, updatedAt: z.string().nullable() });
export type LookupThresholdAnswer = z.infer<typeof lookupThresholdAnswer>;

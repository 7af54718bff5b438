/**
 * The personal data access log as the administrator reads it (docs/privacy.md): a page at a
 * time, newest first, narrowed to one officer and to plates containing some text; the same
 * rows as a CSV file streamed a page at a time; the officers to filter by; and the daily
 * lookup threshold past which an officer's lookups raise an integrity alert.
 */
import { Readable } from 'node:stream';
import {
  ACCESS_PURPOSES,
  type AccessLogFilter,
  accessLogCsvHeader,
  accessLogCsvLine,
  accessLogFileName,
  READER_ROLES,
} from '#domain/privacy/personal-data-access';
import { accessLogFilterSchema, accessLogQuerySchema, lookupThresholdSchema } from '#domain/privacy/access-log-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { accessLogRepository } from '../repositories/access-log-repository';
import { settingsRepository } from '../repositories/settings-repository';
import type { User } from '../repositories/user-repository';
import { changeLookupThreshold } from '../settings/setting-changes';
import { errorResponse } from './schemas';

const entrySchema = z.object({
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
});

const thresholdResponse = z.object({ settings: lookupThresholdSchema, updatedAt: z.string().nullable() });

/** Rows a page of the CSV reads from the database. */
const EXPORT_PAGE_ROWS = 1000;

async function* csvChunks(db: Database, filter: AccessLogFilter): AsyncGenerator<string> {
  const log = accessLogRepository(db);
  yield accessLogCsvHeader();
  let before: string | null = null;
  for (;;) {
    const page = await log.page(filter, before, EXPORT_PAGE_ROWS);
    if (page.length > 0) yield page.map(accessLogCsvLine).join('');
    if (page.length < EXPORT_PAGE_ROWS) return;
    before = page[page.length - 1]?.id ?? null;
  }
}

export const accessLogRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  const log = accessLogRepository(db);

  app.get(
    '/api/admin/access-log',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['privacy'],
        summary:
          "Every look at an owner's data, newest first, a page at a time (before: the last id of the page before); filtered by officer and by part of a plate number",
        querystring: accessLogQuerySchema,
        response: {
          200: z.object({ entries: z.array(entrySchema), total: z.number(), nextCursor: z.string().nullable() }),
          400: errorResponse,
        },
      },
    },
    async (request) => {
      const { before, limit, ...filter } = request.query;
      const [entries, total] = await Promise.all([log.page(filter, before ?? null, limit), log.count(filter)]);
      return {
        entries,
        total,
        nextCursor: entries.length === limit ? (entries[entries.length - 1]?.id ?? null) : null,
      };
    },
  );

  app.get(
    '/api/admin/access-log/export.csv',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['privacy'],
        summary:
          'The access log (with the same filters) as CSV, newest first: Time, Officer, Officer ID, Role, Plate, Purpose, Route, Check ID, Client address; streamed (RFC 4180, UTF-8 with a byte order mark)',
        querystring: accessLogFilterSchema,
        response: { 200: z.unknown().describe('The CSV file (text/csv), sent as it is read'), 400: errorResponse },
      },
    },
    async (request, reply) => {
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${accessLogFileName(now())}"`)
        .header('cache-control', 'no-store');
      return reply.send(Readable.from(csvChunks(db, request.query)));
    },
  );

  app.get(
    '/api/admin/access-log/officers',
    {
      config: { access: 'audit:read' },
      schema: {
        tags: ['privacy'],
        summary: 'The officers and administrators who may look owners up, to filter the access log by',
        response: {
          200: z.object({
            officers: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(READER_ROLES) })),
          }),
        },
      },
    },
    async () => ({ officers: await log.readers() }),
  );

  app.get(
    '/api/admin/settings/lookup-threshold',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'How many owners one officer may look up in a day (Africa/Lusaka) before an integrity alert is raised',
        response: { 200: thresholdResponse },
      },
    },
    async () => {
      const stored = await settingsRepository(db).lookupThreshold();
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );

  app.put(
    '/api/admin/settings/lookup-threshold',
    {
      config: { access: 'settings:manage' },
      schema: {
        tags: ['settings'],
        summary: 'Changes the daily lookup threshold; the change is audited and kept in the history',
        body: lookupThresholdSchema,
        response: { 200: thresholdResponse, 400: errorResponse },
      },
    },
    async (request) => {
      const admin = request.user as User;
      const stored = await changeLookupThreshold(db, request.body, { adminId: admin.id, at: now(), ip: request.ip });
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );
};

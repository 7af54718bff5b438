/**
 * The personal data access log as the administrator reads it (docs/privacy.md): a page at a
 * time, newest first, narrowed to one officer and to plates containing some text; the same
 * rows as a CSV file streamed a page at a time; the officers to filter by; and the daily
 * lookup threshold past which an officer's lookups raise an integrity alert.
 */
import { Readable } from 'node:stream';
import { accessLogPageAnswer, lookupThresholdAnswer, readersAnswer } from '#domain/api/access-log';
import {
  type AccessLogFilter,
  accessLogCsvHeader,
  accessLogCsvLine,
  accessLogFileName,
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
          200: accessLogPageAnswer,
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
          200: readersAnswer,
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
        response: { 200: lookupThresholdAnswer },
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
        response: { 200: lookupThresholdAnswer, 400: errorResponse },
      },
    },
    async (request) => {
      const admin = request.user as User;
      const stored = await changeLookupThreshold(db, request.body, { adminId: admin.id, at: now(), ip: request.ip });
      return { settings: stored.settings, updatedAt: stored.updatedAt };
    },
  );
};

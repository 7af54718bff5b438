/**
 * A fleet imported from a CSV file: POST /api/fleet/import with the file as text/csv, or
 * as JSON { "csv": "..." }. A text/csv body is kept only up to the row limit as it arrives;
 * the import itself (reading, checking, storing) is src/server/fleet/fleet-import.ts. Any
 * bad row: 400 with every row's message and nothing stored, unless the owner confirmed that
 * the good rows go in without them (`goodRowsOnly`).
 */
import type { IncomingMessage } from 'node:http';
import { MAX_IMPORT_ROWS, maxImportLines } from '#domain/fleet/fleet-csv';
import { fleetImportAnswer, fleetImportRefusal } from '#domain/api/fleet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { errorBody } from '../plugins/error-handler';
import { importFleet } from '../fleet/fleet-import';
import type { User } from '../repositories/user-repository';
import { errorResponse } from './schemas';

/** 10,000 rows of generous length; the row count itself is checked as the file is read. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const importBody = z.union(
  [
    z.string(),
    z.object({
      csv: z.string({ error: 'csv must be the text of the file' }),
      goodRowsOnly: z.boolean({ error: 'goodRowsOnly must be true or false' }).optional(),
    }),
  ],
  { error: 'Send the CSV file as text/csv, or as JSON with the file’s text in "csv".' },
);

/** With text/csv, the owner's confirmation that the good rows go in without the bad ones. */
const importQuery = z.object({
  goodRowsOnly: z.enum(['true', 'false'], { error: 'goodRowsOnly must be true or false' }).optional(),
});

const LF = 0x0a;
const QUOTE = 0x22;

/**
 * A CSV body read as it arrives, kept only up to the end of its `maxRecords`-th record:
 * past that the file is refused anyway (readFleetCsv says so from what was kept), so the
 * rest is read and dropped without ever becoming a string. Records end at a line feed
 * outside quotes; in UTF-8 a quote is always the byte 0x22, and a quote written twice
 * inside a quoted value toggles twice, so counting on bytes is exact. A 7 MB body of empty
 * lines is thus 20 KB of text, not 7 million records and a 7 MB string.
 */
function readCsvBody(payload: IncomingMessage, maxRecords: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const kept: Buffer[] = [];
    let received = 0;
    let records = 0;
    let inQuotes = false;
    let isFull = false;
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > IMPORT_BODY_LIMIT) {
        payload.removeAllListeners('data');
        payload.resume();
        reject(
          Object.assign(new Error('The request body is too large.'), {
            statusCode: 413,
            code: 'FST_ERR_CTP_BODY_TOO_LARGE',
          }),
        );
        return;
      }
      if (isFull) return;
      for (let at = 0; at < chunk.length; at += 1) {
        const byte = chunk[at];
        if (byte === QUOTE) inQuotes = !inQuotes;
        else if (byte === LF && !inQuotes) {
          records += 1;
          if (records >= maxRecords) {
            kept.push(chunk.subarray(0, at + 1));
            isFull = true;
            return;
          }
        }
      }
      kept.push(chunk);
    });
    payload.on('end', () => resolve(Buffer.concat(kept).toString('utf8')));
    payload.on('error', reject);
  });
}

export const fleetRoutes: FastifyPluginAsyncZod<{ db: Database; now: () => Date }> = async (app, { db, now }) => {
  // Only within this plugin: the import is the one route that reads a CSV body, as it arrives.
  app.addContentTypeParser('text/csv', (_request, payload, done) => {
    readCsvBody(payload, maxImportLines(MAX_IMPORT_ROWS) + 1).then(
      (text) => done(null, text),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), undefined),
    );
  });

  app.post(
    '/api/fleet/import',
    {
      config: { access: 'signed-in' },
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['fleet'],
        summary: `Add vehicles to your fleet from a CSV file (at most ${MAX_IMPORT_ROWS.toLocaleString('en-GB')} rows): all of them, or none`,
        body: importBody,
        querystring: importQuery,
        response: { 201: fleetImportAnswer, 400: fleetImportRefusal, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const owner = request.user as User;
      const body = request.body;
      const text = typeof body === 'string' ? body : body.csv;
      const goodRowsOnly =
        typeof body === 'string' ? request.query.goodRowsOnly === 'true' : body.goodRowsOnly === true;
      const outcome = await importFleet(db, { ownerId: owner.id, at: now(), ip: request.ip }, text, { goodRowsOnly });
      if (!outcome.ok) {
        const rows = outcome.errors.length;
        const message =
          rows === 1
            ? `${outcome.errors[0] ?? ''} Nothing was imported.`
            : `${rows.toLocaleString('en-GB')} rows need correcting. Nothing was imported.`;
        return reply.code(400).send({ ...errorBody(400, message), errors: outcome.errors, goodRows: outcome.goodRows });
      }
      const { added, updated, unchanged, skipped, vehicles } = outcome;
      request.log.info({ ownerId: owner.id, added, updated, unchanged, skipped: skipped.length }, 'fleet imported');
      return reply.code(201).send({ imported: added, added, updated, unchanged, skipped, vehicles });
    },
  );
};

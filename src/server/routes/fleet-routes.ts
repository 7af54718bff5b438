/**
 * A fleet imported from a CSV file: POST /api/fleet/import with the file as text/csv, or
 * as JSON { "csv": "..." }. The file is read record by record, stopping at the row limit,
 * and its rows' values are checked, a few milliseconds at a time (runInSteps) so that a
 * large or hostile file never holds the event loop; no transaction is open meanwhile.
 * Then every row is checked against the owner's fleet (the rules of
 * src/domain/fleet/fleet-csv.ts) under the owner's fleet lock; all valid, all are stored in
 * one transaction with their change-log entries; any bad row, 400 with every row's message
 * and nothing stored.
 */
import type { IncomingMessage } from 'node:http';
import {
  checkFleetRowsAgainst,
  checkFleetRowValues,
  MAX_IMPORT_ROWS,
  maxImportLines,
  readFleetCsv,
} from '#domain/fleet/fleet-csv';
import { fleetImportAnswer, fleetImportRefusal } from '#domain/api/fleet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { errorBody } from '../plugins/error-handler';
import { auditRepository } from '../repositories/audit-repository';
import { fleetRepository } from '../repositories/fleet-repository';
import type { User } from '../repositories/user-repository';
import { runInSteps } from '../steps';
import { errorResponse } from './schemas';

/** 10,000 rows of generous length; the row count itself is checked as the file is read. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;

const importBody = z.union([z.string(), z.object({ csv: z.string({ error: 'csv must be the text of the file' }) })], {
  error: 'Send the CSV file as text/csv, or as JSON with the file’s text in "csv".',
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
        response: { 201: fleetImportAnswer, 400: fleetImportRefusal, 401: errorResponse },
      },
    },
    async (request, reply) => {
      const owner = request.user as User;
      const text = typeof request.body === 'string' ? request.body : request.body.csv;
      const at = now();
      // A year is checked against the server's day with a day's grace for a device ahead in its time zone.
      const today = new Date(at.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
      const read = await runInSteps(readFleetCsv(text));
      const values = read.ok ? await runInSteps(checkFleetRowValues(read, today)) : [];
      const outcome = !read.ok
        ? read
        : await db.transaction(async (tx) => {
            const fleet = fleetRepository(tx);
            await fleet.lockOwner(owner.id);
            const plates = await fleet.plateFacts(owner.id, null);
            const check = checkFleetRowsAgainst(values, {
              today,
              existingChassisNumbers: await fleet.chassisNumbers(owner.id),
              plates,
              // Whoever's vehicle carries one of the owner's plates: a plate is on one vehicle at most.
              plateHolders: await fleet.plateHolders(owner.id, [...plates.keys()]),
            });
            if (!check.ok) return check;
            const added = await fleet.importVehicles(owner.id, check.vehicles, at);
            await auditRepository(tx).record({
              actorId: owner.id,
              action: 'fleet.import',
              target: owner.id,
              detail: { vehicles: added.length },
              ip: request.ip,
            });
            return { ok: true as const, imported: added.length };
          });
      if (!outcome.ok) {
        const rows = outcome.errors.length;
        const message =
          rows === 1
            ? `${outcome.errors[0] ?? ''} Nothing was imported.`
            : `${rows.toLocaleString('en-GB')} rows need correcting. Nothing was imported.`;
        return reply.code(400).send({ ...errorBody(400, message), errors: outcome.errors });
      }
      request.log.info({ ownerId: owner.id, vehicles: outcome.imported }, 'fleet imported');
      return reply.code(201).send({ imported: outcome.imported });
    },
  );
};

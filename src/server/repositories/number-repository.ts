/**
 * Numbers a buyer chose: the numbers each application asked for, the holds that keep a
 * chosen number (and its look-alikes) for one application, the record of an approval that
 * found a chosen number gone, and the question every check asks — which numbers that read
 * like this one somebody already has (docs/plate-numbers.md).
 */
import type { Queryable } from '../db/database';

/** The number as it reads on a plate, in SQL: the same as lookAlikeKey in the domain. */
const READING = (column: string) => `translate(${column}, 'OI -', '01')`;

/** Every number somebody has or is about to have: registered, listed, allocated, held, ordered, sold in a shop. */
const TAKEN_NUMBERS = `
  SELECT plate_number AS n, NULL::text AS request_id FROM registered_plates
  UNION ALL SELECT number, NULL FROM plate_listings
  UNION ALL SELECT plate_number, request_id FROM request_plates
  UNION ALL SELECT plate_number, request_id FROM number_holds
  UNION ALL SELECT plate_number, NULL FROM agent_orders
  UNION ALL SELECT plate_number, NULL FROM whitebook_entries
  UNION ALL SELECT plate_number, NULL FROM plates`;

export function numberRepository(db: Queryable) {
  return {
    /**
     * The numbers somebody has that read like `reading` (lookAlikeKey), the number itself
     * included when it is taken. What `exceptRequest` holds or was allocated is left out.
     */
    async takenReadingLike(reading: string, exceptRequest?: string): Promise<string[]> {
      const rows = await db.query<{ n: string }>(
        `SELECT DISTINCT n FROM (${TAKEN_NUMBERS}) AS taken
         WHERE ${READING('n')} = $1 AND (request_id IS NULL OR request_id IS DISTINCT FROM $2) ORDER BY n`,
        [reading, exceptRequest ?? null],
      );
      return rows.map((row) => row.n);
    },

    /** The application holding the number, if one does. */
    async holder(plateNumber: string): Promise<string | undefined> {
      const [row] = await db.query<{ request_id: string }>(
        'SELECT request_id FROM number_holds WHERE plate_number = $1',
        [plateNumber],
      );
      return row?.request_id;
    },

    /** Holds the number for the application; false when it, or a number reading the same, is held already. */
    async hold(plateNumber: string, reading: string, requestId: string, at: Date): Promise<boolean> {
      const rows = await db.query<{ plate_number: string }>(
        `INSERT INTO number_holds (plate_number, look_alike, request_id, held_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING plate_number`,
        [plateNumber, reading, requestId, at],
      );
      return rows.length === 1;
    },

    /** The numbers an application holds, as held (kept by a rejection that an undo may give back). */
    async holdsOf(requestId: string): Promise<{ plateNumber: string; lookAlike: string; heldAt: string }[]> {
      const rows = await db.query<{ plate_number: string; look_alike: string; held_at: Date | string }>(
        'SELECT plate_number, look_alike, held_at FROM number_holds WHERE request_id = $1 ORDER BY plate_number',
        [requestId],
      );
      return rows.map((row) => ({
        plateNumber: row.plate_number,
        lookAlike: row.look_alike,
        heldAt: new Date(row.held_at).toISOString(),
      }));
    },

    /** Lets go of an application's holds (it was rejected): its chosen numbers are free again. */
    async releaseHolds(requestId: string): Promise<string[]> {
      const rows = await db.query<{ plate_number: string }>(
        'DELETE FROM number_holds WHERE request_id = $1 RETURNING plate_number',
        [requestId],
      );
      return rows.map((row) => row.plate_number);
    },

    async setRequested(requestId: string, numbers: readonly string[]): Promise<void> {
      await db.query('UPDATE plate_requests SET requested_numbers = $2::text[] WHERE id = $1', [requestId, numbers]);
    },

    /** The numbers each application asked for (none: allocated at approval), and a failed allocation's record. */
    async requestedOf(
      ids: readonly string[],
    ): Promise<Map<string, { numbers: string[]; allocationFailure: { at: string; message: string } | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await db.query<{
        id: string;
        requested_numbers: string[];
        allocation_failed_at: Date | string | null;
        allocation_failure: string | null;
      }>(
        'SELECT id, requested_numbers, allocation_failed_at, allocation_failure FROM plate_requests WHERE id = ANY($1::text[])',
        [ids],
      );
      return new Map(
        rows.map((row) => [
          row.id,
          {
            numbers: row.requested_numbers,
            allocationFailure:
              row.allocation_failed_at === null
                ? null
                : { at: new Date(row.allocation_failed_at).toISOString(), message: row.allocation_failure ?? '' },
          },
        ]),
      );
    },

    /** Keeps the reason an approval could not allocate the chosen numbers (the refund starts from it). */
    async recordAllocationFailure(requestId: string, message: string, at: Date): Promise<void> {
      await db.query(
        'UPDATE plate_requests SET allocation_failed_at = $2, allocation_failure = $3, version = version + 1 WHERE id = $1',
        [requestId, at, message],
      );
    },
  };
}

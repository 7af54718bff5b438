/**
 * Blank serials: the ranges delivered to each shop (on its inventory allocations), and every
 * blank used on a plate or spoiled, once each (the table's key is the serial). A spoiled
 * blank is published to the shop's and the administrators' devices in the same transaction.
 */
import type { BlankUse, SerialRange } from '#domain/serials/blank-serial';
import { formatBlankSerial } from '#domain/serials/blank-serial';
import type { SpoiledBlank, StoredSpoiledBlank } from '#domain/serials/serial-schemas';
import type { Queryable } from '../db/database';
import { changeLogRepository } from './change-log-repository';

export const SPOILED_BLANK_ENTITY = 'spoiledBlank';

/** A delivery's range, with the allocation it came on. */
export interface DeliveredRange extends SerialRange {
  id: string;
  number: number;
  shopId: string;
}

/** A recorded use of a blank, with the shop that recorded it. */
export type RecordedUse = BlankUse & { shopId: string };

interface UseRow {
  serial: number;
  shop_id: string;
  use: BlankUse['use'];
  plate_number: string | null;
  reason: string | null;
}

const toUse = (row: UseRow): RecordedUse => ({
  serial: row.serial,
  shopId: row.shop_id,
  use: row.use,
  detail: row.use === 'spoiled' ? (row.reason ?? '') : (row.plate_number ?? ''),
});

interface RangeRow {
  id: string;
  number: number;
  shop_id: string;
  serial_first: number;
  serial_last: number;
}

const toRange = (row: RangeRow): DeliveredRange => ({
  id: row.id,
  number: row.number,
  shopId: row.shop_id,
  first: row.serial_first,
  last: row.serial_last,
});

const day = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

export function blankSerialRepository(db: Queryable) {
  const log = changeLogRepository(db);
  return {
    /** Every delivery's range (all shops), oldest allocation first; with `shopId`, that shop's only. */
    async ranges(shopId?: string): Promise<DeliveredRange[]> {
      const rows = await db.query<RangeRow>(
        `SELECT id, number, shop_id, serial_first, serial_last FROM inventory_allocations
         WHERE serial_first IS NOT NULL ${shopId === undefined ? '' : 'AND shop_id = $1'} ORDER BY number`,
        shopId === undefined ? [] : [shopId],
      );
      return rows.map(toRange);
    },

    /** The recorded uses of these serials, by serial. */
    async usesOf(serials: readonly number[]): Promise<Map<number, RecordedUse>> {
      const rows = await db.query<UseRow>(
        'SELECT serial, shop_id, use, plate_number, reason FROM blank_serials WHERE serial = ANY($1::int[])',
        [serials],
      );
      return new Map(rows.map((row) => [row.serial, toUse(row)]));
    },

    /** Every use recorded by a shop (all shops without one), in serial order. */
    async uses(shopId?: string): Promise<RecordedUse[]> {
      const rows = await db.query<UseRow>(
        `SELECT serial, shop_id, use, plate_number, reason FROM blank_serials ${shopId === undefined ? '' : 'WHERE shop_id = $1'} ORDER BY serial`,
        shopId === undefined ? [] : [shopId],
      );
      return rows.map(toUse);
    },

    /** Every use recorded of a range's serials, in serial order. */
    async usesIn(range: SerialRange): Promise<RecordedUse[]> {
      const rows = await db.query<UseRow>(
        'SELECT serial, shop_id, use, plate_number, reason FROM blank_serials WHERE serial BETWEEN $1 AND $2 ORDER BY serial',
        [range.first, range.last],
      );
      return rows.map(toUse);
    },

    /** Whether any blank of this range has been used or spoiled. */
    async anyUsedIn(range: SerialRange): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM blank_serials WHERE serial BETWEEN $1 AND $2 LIMIT 1', [
        range.first,
        range.last,
      ]);
      return rows.length > 0;
    },

    /** Marks a blank used on a plate; false when the serial was already used or spoiled (a concurrent record). */
    async recordUse(
      shopId: string,
      serial: number,
      use: 'front' | 'rear',
      plateNumber: string,
      recordId: string,
    ): Promise<boolean> {
      const rows = await db.query(
        'INSERT INTO blank_serials (serial, shop_id, use, plate_number, manufacturing_record_id) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (serial) DO NOTHING RETURNING serial',
        [serial, shopId, use, plateNumber, recordId],
      );
      return rows.length > 0;
    },

    /**
     * A spoiled blank recorded and published: 'added', or 'taken' when the serial (or the id)
     * is already another record's.
     */
    async recordSpoiled(
      shopId: string,
      blank: SpoiledBlank & { serialNumber: number },
      at: Date,
    ): Promise<'added' | 'taken'> {
      const rows = await db.query<{ recorded_at: Date | string }>(
        `INSERT INTO blank_serials (serial, shop_id, use, spoiled_id, reason, spoiled_date, recorded_at) VALUES ($1, $2, 'spoiled', $3, $4, $5, $6)
         ON CONFLICT DO NOTHING RETURNING recorded_at`,
        [blank.serialNumber, shopId, blank.id, blank.reason, blank.spoiledDate, at],
      );
      if (rows.length === 0) return 'taken';
      const stored: StoredSpoiledBlank = {
        id: blank.id,
        serial: blank.serial,
        reason: blank.reason,
        spoiledDate: blank.spoiledDate,
        recordedAt: at.toISOString(),
      };
      await log.record([`agent:${shopId}`, 'admin'], SPOILED_BLANK_ENTITY, blank.id, 'put', { ...stored, shopId });
      return 'added';
    },

    /** The shop and serial of a spoiled-blank record, by its id. */
    async spoiledRecord(id: string): Promise<{ shopId: string; serial: number } | undefined> {
      const [row] = await db.query<{ shop_id: string; serial: number }>(
        'SELECT shop_id, serial FROM blank_serials WHERE spoiled_id = $1',
        [id],
      );
      return row && { shopId: row.shop_id, serial: row.serial };
    },

    /** The serials of the blanks a shop's manufacturing record of a plate names, stamped form; undefined when it names none. */
    async plateSerials(shopId: string, plateNumber: string): Promise<{ front: number; rear: number } | undefined> {
      const [row] = await db.query<{ front_serial: number | null; rear_serial: number | null }>(
        'SELECT front_serial, rear_serial FROM manufacturing_records WHERE agent_id = $1 AND plate_number = $2 ORDER BY created_at LIMIT 1',
        [shopId, plateNumber],
      );
      return row?.front_serial != null && row.rear_serial != null
        ? { front: row.front_serial, rear: row.rear_serial }
        : undefined;
    },

    /** The shops with a delivery carrying serials or a blank recorded, with their names. */
    async shopsWithSerials(): Promise<Array<{ id: string; name: string }>> {
      return db.query<{ id: string; name: string }>(
        `SELECT u.id, coalesce(nullif(u.business_name, ''), u.name) AS name FROM users u
         WHERE u.id IN (SELECT shop_id FROM inventory_allocations WHERE serial_first IS NOT NULL UNION SELECT shop_id FROM blank_serials) ORDER BY name`,
      );
    },

    /** A shop's spoiled blanks, as its devices hold them. */
    async spoiled(shopId: string): Promise<StoredSpoiledBlank[]> {
      const rows = await db.query<{
        spoiled_id: string;
        serial: number;
        reason: string;
        spoiled_date: Date | string;
        recorded_at: Date | string;
      }>(
        "SELECT spoiled_id, serial, reason, spoiled_date, recorded_at FROM blank_serials WHERE shop_id = $1 AND use = 'spoiled' ORDER BY serial",
        [shopId],
      );
      return rows.map((row) => ({
        id: row.spoiled_id,
        serial: formatBlankSerial(row.serial),
        reason: row.reason,
        spoiledDate: day(row.spoiled_date),
        recordedAt: new Date(row.recorded_at).toISOString(),
      }));
    },
  };
}

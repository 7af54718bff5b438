import type { PlateListing } from '#domain/marketplace/listing';
import type { Queryable } from '../db/database';
import { LISTING_COLUMNS, type ListingRow, listingStatusAt, toListingState } from './purchase-repository';

/** A listing as buyers see it at a moment: its effective status, and until when it is reserved or held. */
export type ListingAt = PlateListing & { reservedUntil: string | null };

function toListing(row: ListingRow, now: Date): ListingAt {
  const state = toListingState(row);
  const { status, reservedUntil } = listingStatusAt(state, now);
  return {
    id: state.id,
    number: state.number,
    price: state.price,
    type: state.type,
    status,
    featured: state.featured,
    description: state.description,
    reservedUntil,
  };
}

export function listingRepository(db: Queryable) {
  return {
    /** Every listing with its status at `now`: a lapsed reservation reads Available with no job run. */
    async all(now: Date = new Date()): Promise<ListingAt[]> {
      const rows = await db.query<ListingRow>(`SELECT ${LISTING_COLUMNS} FROM plate_listings ORDER BY number`);
      return rows.map((row) => toListing(row, now));
    },

    /**
     * What changes whenever any listing's answer in `all(now)` would: how many there are, their
     * versions (every update of a listing raises its version) and latest update, and how many
     * reservations and holds are still running at `now` (one lapsing turns its plate Available
     * with no write). Cheap beside reading them all: one aggregate over the table.
     */
    async stateAt(now: Date): Promise<string> {
      const [row] = await db.query<{ state: string }>(
        `SELECT concat_ws('|', count(*), coalesce(sum(version), 0), max(updated_at)::text,
           count(*) FILTER (WHERE reserved_until > $1), count(*) FILTER (WHERE held_until > $1)) AS state
         FROM plate_listings`,
        [now],
      );
      return row?.state ?? '';
    },

    async findByNumber(number: string, now: Date = new Date()): Promise<ListingAt | undefined> {
      const [row] = await db.query<ListingRow>(`SELECT ${LISTING_COLUMNS} FROM plate_listings WHERE number = $1`, [
        number,
      ]);
      return row ? toListing(row, now) : undefined;
    },

    async insertMany(listings: readonly PlateListing[]): Promise<void> {
      if (listings.length === 0) return;
      // One statement for the whole batch: row-by-row inserts are slow on PGlite.
      await db.query(
        `INSERT INTO plate_listings (id, number, price_ngwee, type, status, featured, description)
         SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::boolean[], $7::text[])
         ON CONFLICT (id) DO NOTHING`,
        [
          listings.map((l) => l.id),
          listings.map((l) => l.number),
          listings.map((l) => l.price),
          listings.map((l) => l.type),
          listings.map((l) => l.status),
          listings.map((l) => l.featured),
          listings.map((l) => l.description),
        ],
      );
    },
  };
}

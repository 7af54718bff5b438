import type { PlateListing } from '#domain/marketplace/listing';
import type { MarketplacePlateType, PlateStatus } from '#domain/statuses/statuses';
import { ngwee } from '#domain/money/money';
import type { Queryable } from '../db/database';

interface ListingRow {
  id: string;
  number: string;
  price_ngwee: string | number;
  type: string;
  status: string;
  featured: boolean;
  description: string;
}

function toListing(row: ListingRow): PlateListing {
  return {
    id: row.id,
    number: row.number,
    price: ngwee(Number(row.price_ngwee)),
    type: row.type as MarketplacePlateType, // constrained on insert by the domain type
    status: row.status as PlateStatus,
    featured: row.featured,
    description: row.description,
  };
}

export function listingRepository(db: Queryable) {
  return {
    async all(): Promise<PlateListing[]> {
      const rows = await db.query<ListingRow>(
        'SELECT id, number, price_ngwee, type, status, featured, description FROM plate_listings ORDER BY number',
      );
      return rows.map(toListing);
    },

    async findByNumber(number: string): Promise<PlateListing | undefined> {
      const [row] = await db.query<ListingRow>('SELECT id, number, price_ngwee, type, status, featured, description FROM plate_listings WHERE number = $1', [number]);
      return row ? toListing(row) : undefined;
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

// The listings the server wrote into /marketplace (decision 073): the first sync takes them into
// the device's store instead of asking again, unless the store's copy is fresher; later syncs ask.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LISTINGS_ID } from '../../../src/domain/marketplace/served-page';
import { kwacha } from '../../../src/domain/money/money';
import type { PlateStatus } from '../../../src/domain/statuses/statuses';
import { NambalaDatabase } from '../../../src/app/store/database';
import { pullListings } from '../../../src/app/sync/pull';
import {
  forgetPageListings,
  isStoreOlderThanPage,
  pageListings,
  type PageListing,
} from '../../../src/app/sync/page-listings';

const listing = (number: string, status: PlateStatus): PageListing => ({
  id: `PL-${number}`,
  number,
  price: kwacha(1500),
  type: 'Private',
  status,
  featured: false,
  description: '</script> is text',
  reservedUntil: null,
});
const FROM_PAGE = [listing('ZM-708-SOL', 'Available'), listing('ZM-111-ONE', 'Sold')];
const FROM_API = [listing('ZM-708-SOL', 'Sold')];

/** A page carrying `text` in its listings element (none when null). */
function pageWith(text: string | null): void {
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === PAGE_LISTINGS_ID && text !== null ? { textContent: text } : null),
  });
}

describe('the listings that came with the page', () => {
  let database: NambalaDatabase;
  let asked: string[];
  beforeEach(() => {
    forgetPageListings();
    database = new NambalaDatabase(`test-${crypto.randomUUID()}`);
    asked = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path);
        return new Response(JSON.stringify({ listings: FROM_API }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    forgetPageListings();
    await database.delete();
  });

  it('are taken into an empty store by the first sync, with no request, and later syncs ask the server', async () => {
    pageWith(JSON.stringify({ listings: FROM_PAGE }));
    expect(pageListings()?.listings).toEqual(FROM_PAGE);
    expect(await pullListings(database)).toBe(2);
    expect(asked).toEqual([]);
    expect((await database.listings.toArray()).map((row) => [row.number, row.status])).toEqual([
      ['ZM-111-ONE', 'Sold'],
      ['ZM-708-SOL', 'Available'],
    ]);
    const pulledAt = (await database.meta.get('listingsPulledAt'))?.value;
    expect(typeof pulledAt === 'number' && !isStoreOlderThanPage(pulledAt)).toBe(true);
    // The next run is an ordinary pull.
    await pullListings(database);
    expect(asked).toEqual(['/api/listings']);
    expect((await database.listings.toArray()).map((row) => [row.number, row.status])).toEqual([
      ['ZM-708-SOL', 'Sold'],
    ]);
  });

  it('replace a store pulled before this page was loaded, and leave one pulled since', async () => {
    pageWith(JSON.stringify({ listings: FROM_PAGE }));
    await database.listings.bulkPut([listing('ZM-999-OLD', 'Available')]);
    await database.meta.put({ key: 'listingsPulledAt', value: performance.timeOrigin - 60_000 });
    await pullListings(database);
    expect((await database.listings.toArray()).map((row) => row.number)).toEqual(['ZM-111-ONE', 'ZM-708-SOL']);

    forgetPageListings();
    await database.listings.clear();
    await database.listings.bulkPut([listing('ZM-555-NEW', 'Reserved')]);
    await database.meta.put({ key: 'listingsPulledAt', value: Date.now() + 1 });
    await pullListings(database);
    expect((await database.listings.toArray()).map((row) => row.number)).toEqual(['ZM-555-NEW']);
    expect(asked).toEqual([]);
  });

  it('are none on a page without them, or with them unreadable: the sync asks the server', async () => {
    pageWith(null);
    expect(pageListings()).toBeNull();
    await pullListings(database);
    expect(asked).toEqual(['/api/listings']);
    forgetPageListings();
    pageWith('{"listings": [');
    expect(pageListings()).toBeNull();
  });

  it('read older than the page only a store pulled before the page was loaded, or never', () => {
    expect(isStoreOlderThanPage(null)).toBe(true);
    expect(isStoreOlderThanPage(performance.timeOrigin - 1)).toBe(true);
    expect(isStoreOlderThanPage(performance.timeOrigin + 1)).toBe(false);
  });
});

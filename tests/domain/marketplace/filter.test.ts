import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kwacha, ngwee } from '#domain/money/money';
import type { Ngwee } from '#domain/money/money';
import {
  DEFAULT_MARKETPLACE_FILTERS,
  filterListings,
  MARKETPLACE_SORTS,
  marketplaceStats,
  PRICE_SLIDER,
  sortListings,
} from '#domain/marketplace/filter';
import type { MarketplaceFilters, MarketplaceSort } from '#domain/marketplace/filter';
import type { PlateListing } from '#domain/marketplace/listing';
import { isLuckyNumber } from '#domain/plates/plate-number';
import { MARKETPLACE_PLATE_TYPES, PLATE_STATUSES } from '#domain/statuses/statuses';

function plate(id: string, number: string, priceK: number, overrides: Partial<PlateListing> = {}): PlateListing {
  return {
    id,
    number,
    price: kwacha(priceK),
    type: 'Private',
    status: 'Available',
    featured: false,
    description: '',
    ...overrides,
  };
}

const SAMPLE: readonly PlateListing[] = [
  plate('1', 'ZM-777-VIP', 5500, { type: 'Premium', featured: true }),
  plate('2', 'ZM-001-ABC', 1500),
  plate('3', 'LUSAKA 1', 4000, { type: 'Personalized', status: 'Reserved', featured: true }),
  plate('4', 'ZM-888-GRZ', 3000, { type: 'Government', status: 'Sold' }),
  plate('5', 'zm-123-cd', 2000, { type: 'Commercial' }),
];

const filters = (overrides: Partial<MarketplaceFilters>): MarketplaceFilters => ({
  ...DEFAULT_MARKETPLACE_FILTERS,
  ...overrides,
});
const ids = (listings: readonly PlateListing[]) => listings.map((listing) => listing.id);

describe('defaults', () => {
  it('offers a 0 to 10000 kwacha slider in steps of 100, fully open by default', () => {
    expect(PRICE_SLIDER).toEqual({ min: 0, max: 10_000, step: 100 });
    expect(DEFAULT_MARKETPLACE_FILTERS).toEqual({
      search: '',
      priceRange: [0, kwacha(10_000)],
      type: 'all',
      status: 'all',
      luckyOnly: false,
    });
  });

  it('labels the three sorts', () => {
    expect(MARKETPLACE_SORTS).toEqual([
      { id: 'price-low', label: 'Price: Low to High' },
      { id: 'price-high', label: 'Price: High to Low' },
      { id: 'number', label: 'Plate Number' },
    ]);
  });
});

describe('filterListings', () => {
  it('keeps everything with the default filters', () => {
    expect(ids(filterListings(SAMPLE, DEFAULT_MARKETPLACE_FILTERS))).toEqual(['1', '2', '3', '4', '5']);
  });

  it('finds a plate however its spaces and hyphens are typed ("ZM777", "zm 777", "ZM-777")', () => {
    for (const typed of ['ZM777', 'zm 777', 'ZM-777', ' zm-7 77 ', 'zm777vip'])
      expect(ids(filterListings(SAMPLE, filters({ search: typed }))), typed).toEqual(['1']);
    expect(ids(filterListings(SAMPLE, filters({ search: 'lusaka1' })))).toEqual(['3']);
    expect(ids(filterListings(SAMPLE, filters({ search: 'zm 778' })))).toEqual([]);
  });

  it('searches plate numbers case-insensitively as a substring', () => {
    expect(ids(filterListings(SAMPLE, filters({ search: 'zm-' })))).toEqual(['1', '2', '4', '5']);
    expect(ids(filterListings(SAMPLE, filters({ search: 'CD' })))).toEqual(['5']);
    expect(ids(filterListings(SAMPLE, filters({ search: ' lusaka ' })))).toEqual(['3']);
  });

  it('keeps prices within the range, bounds included', () => {
    expect(ids(filterListings(SAMPLE, filters({ priceRange: [kwacha(2000), kwacha(4000)] })))).toEqual(['3', '4', '5']);
  });

  it('filters by type and by status', () => {
    expect(ids(filterListings(SAMPLE, filters({ type: 'Premium' })))).toEqual(['1']);
    expect(ids(filterListings(SAMPLE, filters({ status: 'Available' })))).toEqual(['1', '2', '5']);
  });

  it('keeps only lucky numbers when asked', () => {
    expect(ids(filterListings(SAMPLE, filters({ luckyOnly: true })))).toEqual(['1', '4']);
  });

  it('combines every filter', () => {
    expect(
      ids(
        filterListings(
          SAMPLE,
          filters({ search: 'zm', status: 'Available', luckyOnly: true, priceRange: [ngwee(0), kwacha(6000)] }),
        ),
      ),
    ).toEqual(['1']);
    expect(filterListings(SAMPLE, filters({ type: 'Diplomatic' }))).toEqual([]);
  });
});

describe('sortListings', () => {
  it('sorts by price either way and by plate number', () => {
    expect(ids(sortListings(SAMPLE, 'price-low'))).toEqual(['2', '5', '4', '3', '1']);
    expect(ids(sortListings(SAMPLE, 'price-high'))).toEqual(['1', '3', '4', '5', '2']);
    expect(ids(sortListings(SAMPLE, 'number'))).toEqual(['3', '2', '1', '4', '5']);
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [...SAMPLE];
    const sorted = sortListings(input, 'price-low');
    expect(sorted).not.toBe(input);
    expect(ids(input)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('keeps listings of equal price in their original order', () => {
    const same = [plate('a', 'B', 100), plate('b', 'A', 100), plate('c', 'C', 100)];
    expect(ids(sortListings(same, 'price-low'))).toEqual(['a', 'b', 'c']);
    expect(ids(sortListings(same, 'price-high'))).toEqual(['a', 'b', 'c']);
  });
});

describe('marketplaceStats', () => {
  it('counts available and featured plates and finds the lowest available price', () => {
    expect(marketplaceStats(SAMPLE)).toEqual({ available: 3, featured: 2, startingFrom: kwacha(1500) });
  });

  it('has no starting price when nothing is available', () => {
    expect(marketplaceStats([plate('1', 'A', 100, { status: 'Sold' })])).toEqual({
      available: 0,
      featured: 0,
      startingFrom: null,
    });
    expect(marketplaceStats([])).toEqual({ available: 0, featured: 0, startingFrom: null });
  });
});

// Property tests over generated marketplaces.
const numberArb = fc.string({
  unit: fc.constantFrom('Z', 'M', 'A', 'b', '-', ' ', '0', '1', '7', '8'),
  minLength: 1,
  maxLength: 10,
});
const priceArb = fc.integer({ min: 0, max: 120 }).map((hundreds) => ngwee(hundreds * 10_000));
const listingArb: fc.Arbitrary<PlateListing> = fc.record({
  id: fc.uuid(),
  number: numberArb,
  price: priceArb,
  type: fc.constantFrom(...MARKETPLACE_PLATE_TYPES),
  status: fc.constantFrom(...PLATE_STATUSES),
  featured: fc.boolean(),
  description: fc.constant(''),
});
const listingsArb = fc.array(listingArb, { maxLength: 30 });
const rangeArb = fc.tuple(priceArb, priceArb).map(([a, b]): readonly [Ngwee, Ngwee] => (a <= b ? [a, b] : [b, a]));
const filtersArb: fc.Arbitrary<MarketplaceFilters> = fc.record({
  search: fc.string({ unit: fc.constantFrom('Z', 'm', 'A', '-', ' ', '7', '1'), maxLength: 3 }),
  priceRange: rangeArb,
  type: fc.constantFrom('all' as const, ...MARKETPLACE_PLATE_TYPES),
  status: fc.constantFrom('all' as const, ...PLATE_STATUSES),
  luckyOnly: fc.boolean(),
});
const sortArb = fc.constantFrom<MarketplaceSort>('price-low', 'price-high', 'number');

describe('filterListings properties', () => {
  it('returns an order-preserving subset that is unchanged by filtering again', () => {
    fc.assert(
      fc.property(listingsArb, filtersArb, (listings, f) => {
        const once = filterListings(listings, f);
        expect(filterListings(once, f)).toEqual(once);
        // Subsequence of the input: every kept listing appears, in input order.
        let cursor = 0;
        for (const kept of once) {
          while (cursor < listings.length && listings[cursor] !== kept) cursor++;
          expect(cursor).toBeLessThan(listings.length);
          cursor++;
        }
      }),
    );
  });

  it('never keeps more when a filter is tightened', () => {
    const isSubset = (small: readonly PlateListing[], big: readonly PlateListing[]) =>
      small.every((listing) => big.includes(listing));
    fc.assert(
      fc.property(listingsArb, filtersArb, filtersArb, fc.string({ maxLength: 2 }), (listings, f, g, extra) => {
        const base = filterListings(listings, f);
        // Longer search text.
        expect(isSubset(filterListings(listings, { ...f, search: f.search + extra }), base)).toBe(true);
        // Narrower price range (the intersection with another range).
        const narrowed: readonly [Ngwee, Ngwee] = [
          ngwee(Math.max(f.priceRange[0], g.priceRange[0])),
          ngwee(Math.min(f.priceRange[1], g.priceRange[1])),
        ];
        expect(isSubset(filterListings(listings, { ...f, priceRange: narrowed }), base)).toBe(true);
        // A specific type or status instead of 'all'; lucky only instead of everything.
        expect(
          isSubset(filterListings(listings, { ...f, type: g.type }), filterListings(listings, { ...f, type: 'all' })),
        ).toBe(true);
        expect(
          isSubset(
            filterListings(listings, { ...f, status: g.status }),
            filterListings(listings, { ...f, status: 'all' }),
          ),
        ).toBe(true);
        expect(
          isSubset(
            filterListings(listings, { ...f, luckyOnly: true }),
            filterListings(listings, { ...f, luckyOnly: false }),
          ),
        ).toBe(true);
      }),
    );
  });

  it('keeps exactly the listings that pass each filter on its own', () => {
    fc.assert(
      fc.property(listingsArb, filtersArb, (listings, f) => {
        const expected = listings.filter(
          (l) =>
            // Compared without spaces and hyphens on either side.
            l.number.toUpperCase().replace(/[\s-]/g, '').includes(f.search.toUpperCase().replace(/[\s-]/g, '')) &&
            l.price >= f.priceRange[0] &&
            l.price <= f.priceRange[1] &&
            (f.type === 'all' || l.type === f.type) &&
            (f.status === 'all' || l.status === f.status) &&
            (!f.luckyOnly || isLuckyNumber(l.number)),
        );
        expect(filterListings(listings, f)).toEqual(expected);
      }),
    );
  });

  it("keeps every listing priced within the default range when type and status are 'all'", () => {
    fc.assert(
      fc.property(listingsArb, (listings) => {
        const inRange = listings.filter((l) => l.price >= 0 && l.price <= kwacha(PRICE_SLIDER.max));
        expect(filterListings(listings, DEFAULT_MARKETPLACE_FILTERS)).toEqual(inRange);
      }),
    );
  });
});

describe('sortListings properties', () => {
  it('returns an ordered permutation of the input', () => {
    fc.assert(
      fc.property(listingsArb, sortArb, (listings, sort) => {
        const sorted = sortListings(listings, sort);
        expect([...sorted].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
          [...listings].sort((a, b) => (a.id < b.id ? -1 : 1)),
        );
        for (let i = 1; i < sorted.length; i++) {
          const prev = sorted[i - 1]!;
          const curr = sorted[i]!;
          if (sort === 'price-low') expect(prev.price).toBeLessThanOrEqual(curr.price);
          if (sort === 'price-high') expect(prev.price).toBeGreaterThanOrEqual(curr.price);
          if (sort === 'number') expect(prev.number <= curr.number).toBe(true);
        }
      }),
    );
  });

  it('is stable: ties keep their input order', () => {
    fc.assert(
      fc.property(listingsArb, sortArb, (listings, sort) => {
        const sorted = sortListings(listings, sort);
        const key = (l: PlateListing) => (sort === 'number' ? l.number : String(l.price));
        for (let i = 1; i < sorted.length; i++) {
          const prev = sorted[i - 1]!;
          const curr = sorted[i]!;
          if (key(prev) === key(curr)) expect(listings.indexOf(prev)).toBeLessThan(listings.indexOf(curr));
        }
      }),
    );
  });
});

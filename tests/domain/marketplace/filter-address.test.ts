import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKETPLACE_FILTERS, DEFAULT_MARKETPLACE_SORT, PRICE_SLIDER } from '#domain/marketplace/filter';
import {
  readMarketplaceAddress,
  writeMarketplaceAddress,
  type MarketplaceAddressState,
} from '#domain/marketplace/filter-address';
import { kwacha } from '#domain/money/money';
import { MARKETPLACE_PLATE_TYPES, PLATE_STATUSES } from '#domain/statuses/statuses';

const read = (query: string) => readMarketplaceAddress(new URLSearchParams(query));

describe('the marketplace address', () => {
  it('is empty for the defaults, and reads back as the defaults', () => {
    const defaults = { filters: DEFAULT_MARKETPLACE_FILTERS, sort: DEFAULT_MARKETPLACE_SORT, view: 'grid' as const };
    expect(writeMarketplaceAddress(defaults)).toEqual([]);
    expect(read('')).toEqual(defaults);
  });

  it('keeps the search, price range, type, status, lucky numbers, sort and view', () => {
    const state = read('q=zm 777&min=1500&max=6000&type=Premium&status=Available&lucky=1&sort=number&view=list');
    expect(state).toEqual({
      filters: {
        search: 'zm 777',
        priceRange: [kwacha(1500), kwacha(6000)],
        type: 'Premium',
        status: 'Available',
        luckyOnly: true,
      },
      sort: 'number',
      view: 'list',
    });
    expect(new URLSearchParams(writeMarketplaceAddress(state)).toString()).toBe(
      'q=zm+777&min=1500&max=6000&type=Premium&status=Available&lucky=1&sort=number&view=list',
    );
  });

  it('falls back to the default for what it cannot read, and puts prices on the slider', () => {
    const state = read('type=Spaceship&status=Lost&sort=random&view=cards&min=abc&max=99999&lucky=yes');
    expect(state.filters.type).toBe('all');
    expect(state.filters.status).toBe('all');
    expect(state.sort).toBe(DEFAULT_MARKETPLACE_SORT);
    expect(state.view).toBe('grid');
    expect(state.filters.priceRange).toEqual([kwacha(PRICE_SLIDER.min), kwacha(PRICE_SLIDER.max)]);
    expect(state.filters.luckyOnly).toBe(false);
    expect(read('min=7000&max=2040').filters.priceRange).toEqual([kwacha(2000), kwacha(7000)]);
  });

  it('reads back whatever it wrote (property)', () => {
    const stateArb: fc.Arbitrary<MarketplaceAddressState> = fc
      .record({
        search: fc.string({ maxLength: 12 }),
        low: fc.integer({ min: 0, max: 100 }),
        high: fc.integer({ min: 0, max: 100 }),
        type: fc.constantFrom('all' as const, ...MARKETPLACE_PLATE_TYPES),
        status: fc.constantFrom('all' as const, ...PLATE_STATUSES),
        luckyOnly: fc.boolean(),
        sort: fc.constantFrom('price-low' as const, 'price-high' as const, 'number' as const),
        view: fc.constantFrom('grid' as const, 'list' as const),
      })
      .map(({ search, low, high, type, status, luckyOnly, sort, view }) => ({
        filters: {
          search,
          priceRange: [kwacha(Math.min(low, high) * 100), kwacha(Math.max(low, high) * 100)] as const,
          type,
          status,
          luckyOnly,
        },
        sort,
        view,
      }));
    fc.assert(
      fc.property(stateArb, (state) => {
        expect(readMarketplaceAddress(new URLSearchParams(writeMarketplaceAddress(state)))).toEqual(state);
      }),
    );
  });
});

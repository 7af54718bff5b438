/** The plate marketplace (spec section 2, "Marketplace"), read from the device's copy of the listings. */
import {
  filterListings,
  DEFAULT_MARKETPLACE_FILTERS,
  marketplaceStats,
  MARKETPLACE_SORTS,
  PRICE_SLIDER,
  sortListings,
  type MarketplaceFilters,
  type MarketplaceSort,
} from '#domain/marketplace/filter';
import {
  type MarketplaceAddressState,
  readMarketplaceAddress,
  writeMarketplaceAddress,
} from '#domain/marketplace/filter-address';
import type { PlateListing } from '#domain/marketplace/listing';
import { formatZmw, kwacha, toKwachaNumber } from '#domain/money/money';
import { normalisePlateInput, normalisePlateNumber } from '#domain/plates/plate-number';
import { MARKETPLACE_PLATE_TYPES, PLATE_STATUSES } from '#domain/statuses/statuses';
import { type CSSProperties, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CheckboxField } from '../../components/checkbox-field';
import { FilterSelect, PlainSelect, SearchField } from '../../components/filter-fields';
import { RangeSlider } from '../../components/range-slider';
import { useSession } from '../../session/use-session';
import { useIncrementalList } from '../../components/use-incremental-list';
import { ListingCard, loadListingDialog } from './listing-card';
import { useFavouriteIds, useListings } from './use-marketplace';
import { useOnlineStatus } from '../../components/use-online-status';
import { useMyReservations } from './use-my-reservations';
import { FiltersPanel, FiltersToggle } from './filters-panel';
import { staticClasses } from '../../theme/static-styles';
import type { marketplaceStyles } from './marketplace-page.styles';

// Styled at build time (marketplace-page.styles.tsx, decision 039): the first view draws without Chakra.
const cls = staticClasses<typeof marketplaceStyles>('marketplace');

/** The User Timing measure of one filter-and-sort pass (tests/bench/marketplace-bench.ts reads it). */
const FILTER_MEASURE = 'nambala:marketplace-filter';

/** The View group's buttons, in order. */
const VIEWS = [
  { view: 'grid', label: 'Grid' },
  { view: 'list', label: 'List' },
] as const;

/** The custom properties Chakra's ButtonGroup gives each of its items. */
function groupItemStyle(index: number): CSSProperties & { '--group-count': number; '--group-index': number } {
  return { '--group-count': VIEWS.length, '--group-index': index };
}

/** Cards drawn at a time: divisible by the grid's 1, 2 and 3 columns. */
const CARDS_PER_PAGE = 24;

function filterAndSort(
  listings: readonly PlateListing[],
  filters: MarketplaceFilters,
  sort: MarketplaceSort,
): PlateListing[] {
  const start = performance.now();
  const shown = sortListings(filterListings(listings, filters), sort);
  try {
    performance.measure(FILTER_MEASURE, { start, end: performance.now() });
  } catch {
    // User Timing missing: the listings are still shown.
  }
  return shown;
}

/** What the address shows: its search and filters, or the plate it names while it names no search of its own. */
function fromAddress(params: URLSearchParams): MarketplaceAddressState {
  const state = readMarketplaceAddress(params);
  const plate = normalisePlateNumber(params.get('plate') ?? '') || normalisePlateNumber(params.get('open') ?? '');
  return plate !== '' && !params.has('q') ? { ...state, filters: { ...state.filters, search: plate } } : state;
}

/** The address's plate parameters, kept while the list is narrowed. */
function namedPlateParams(params: URLSearchParams): [string, string][] {
  return ['plate', 'open', 'tab'].flatMap((name): [string, string][] => {
    const value = params.get(name);
    return value === null ? [] : [[name, value]];
  });
}

/** How many filters narrow the list (the search apart): the phone's Filters button says so. */
function activeFilterCount(filters: MarketplaceFilters): number {
  const defaults = DEFAULT_MARKETPLACE_FILTERS;
  return [
    filters.priceRange[0] !== defaults.priceRange[0] || filters.priceRange[1] !== defaults.priceRange[1],
    filters.type !== 'all',
    filters.status !== 'all',
    filters.luckyOnly,
  ].filter(Boolean).length;
}

export function MarketplacePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { listings, pulledAt } = useListings(loadListingDialog);
  const isOnline = useOnlineStatus();
  // Nothing here yet because this device has never loaded the marketplace: one message, not "no match".
  const notLoadedYet = listings !== undefined && listings.length === 0 && pulledAt === null;
  const favourites = useFavouriteIds();
  const myReservations = useMyReservations(useSession().status === 'signed-in');
  // The search, filters, sort and view live in the address (filter-address.ts): a reload or a link keeps them.
  // They answer a press here at once and the address follows (the router updates it in a transition, so
  // reading each press back from it would lose quick ones); a change of the address from elsewhere (Back,
  // a link) is taken up. `open` opens that plate's dialog (the way back from signing in, or from a
  // reservation); `plate` (older links) only searches for it.
  const addressKey = searchParams.toString();
  const [state, setState] = useState(() => fromAddress(searchParams));
  const ownWrites = useRef(new Set<string>());
  const latest = useRef(state);
  const named = useRef(namedPlateParams(searchParams));
  useEffect(() => {
    if (ownWrites.current.has(addressKey)) return;
    ownWrites.current.clear();
    const params = new URLSearchParams(addressKey);
    const taken = fromAddress(params);
    latest.current = taken;
    named.current = namedPlateParams(params);
    setState((shownNow) => (JSON.stringify(shownNow) === JSON.stringify(taken) ? shownNow : taken));
  }, [addressKey]);
  const { filters, sort, view } = state;
  const openedPlate = normalisePlateNumber(searchParams.get('open') ?? '');
  const filtersId = useId();
  const [areFiltersOpen, setFiltersOpen] = useState(false);
  const writeAddress = useCallback(
    (next: MarketplaceAddressState, keep: [string, string][]) => {
      const params = new URLSearchParams(writeMarketplaceAddress(next));
      for (const [name, value] of keep) params.set(name, value);
      // A search cleared while the address names a plate stays cleared (the plate is the search only until then).
      if (keep.length > 0 && !params.has('q')) params.set('q', '');
      ownWrites.current.add(params.toString());
      // Narrowing the list is not a page visit: Back leaves the marketplace.
      setSearchParams(params, { replace: true });
    },
    [setSearchParams],
  );
  const show = (next: Partial<MarketplaceAddressState>) => {
    const shownNow = { ...latest.current, ...next };
    latest.current = shownNow;
    setState(shownNow);
    writeAddress(shownNow, named.current);
  };
  const setFilters = (next: MarketplaceFilters) => show({ filters: next });
  const setSort = (next: MarketplaceSort) => show({ sort: next });
  const setView = (next: 'grid' | 'list') => show({ view: next });
  /** The plate's dialog was closed: the address no longer opens it, and the plate stays the search. */
  const closedPlate = useCallback(() => {
    named.current = [];
    writeAddress(latest.current, []);
  }, [writeAddress]);

  const shown = useMemo(() => filterAndSort(listings ?? [], filters, sort), [listings, filters, sort]);
  const stats = useMemo(() => marketplaceStats(listings ?? []), [listings]);
  // Another filter or sort starts again at the first page; a listing changed by sync does not.
  const { visible, remaining, showMore, sentinel } = useIncrementalList(
    shown,
    CARDS_PER_PAGE,
    `${JSON.stringify(filters)} ${sort} ${view}`,
  );
  const update = (patch: Partial<MarketplaceFilters>) => setFilters({ ...latest.current.filters, ...patch });

  return (
    <div className={cls('page')}>
      {/* Tighter on a phone: the first plate is on the first screen (docs/decisions/058). */}
      <div className={cls('sections')}>
        <div>
          <h1 className={cls('title')}>License Plate Marketplace</h1>
          <p className={cls('lead')}>Find a number you love, from lucky triples to personalised plates.</p>
        </div>

        <div className={cls('stats')}>
          {[
            { label: 'Available Plates', value: String(stats.available) },
            { label: 'Featured Plates', value: String(stats.featured) },
            { label: 'Starting From', value: stats.startingFrom === null ? '—' : formatZmw(stats.startingFrom) },
            { label: 'Fast Processing', value: '24hrs' },
          ].map((stat) => (
            <div key={stat.label} className={cls('statCard')}>
              <div className={cls('statBody')}>
                <dl className={cls('stat')}>
                  <dt className={cls('statLabel')}>{stat.label}</dt>
                  <dd className={cls('statValue')}>{stat.value}</dd>
                </dl>
              </div>
            </div>
          ))}
        </div>

        <div className={cls('columns')}>
          <FiltersPanel id={filtersId} isOpen={areFiltersOpen} onClear={() => setFilters(DEFAULT_MARKETPLACE_FILTERS)}>
            <RangeSlider
              label="Price Range"
              thumbLabels={['Minimum price', 'Maximum price']}
              min={PRICE_SLIDER.min}
              max={PRICE_SLIDER.max}
              step={PRICE_SLIDER.step}
              value={[toKwachaNumber(filters.priceRange[0]), toKwachaNumber(filters.priceRange[1])]}
              onChange={([low, high]) => update({ priceRange: [kwacha(low), kwacha(high)] })}
              format={(amount) => formatZmw(kwacha(amount))}
            />
            <FilterSelect
              label="Plate Type"
              allLabel="All Types"
              options={MARKETPLACE_PLATE_TYPES}
              value={filters.type}
              onChange={(type) => update({ type })}
            />
            <FilterSelect
              label="Availability"
              allLabel="All Status"
              options={PLATE_STATUSES}
              value={filters.status}
              onChange={(status) => update({ status })}
            />
            <CheckboxField checked={filters.luckyOnly} onChange={(luckyOnly) => update({ luckyOnly })}>
              Lucky Numbers Only
            </CheckboxField>
          </FiltersPanel>

          <div className={cls('results')}>
            <div className={cls('toolbar')}>
              <FiltersToggle
                isOpen={areFiltersOpen}
                activeFilters={activeFilterCount(filters)}
                panelId={filtersId}
                onToggle={() => setFiltersOpen((open) => !open)}
              />
              <SearchField
                label="Search plates"
                placeholder="Search plate numbers..."
                value={filters.search}
                maxLength={10}
                onChange={(search) => update({ search: normalisePlateInput(search) })}
              />
              <PlainSelect
                label="Sort by"
                hideLabel
                w="48-56"
                value={sort}
                onChange={(chosen) => setSort(MARKETPLACE_SORTS.find((option) => option.id === chosen)?.id ?? sort)}
              >
                {MARKETPLACE_SORTS.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </PlainSelect>
              <div role="group" aria-label="View" className={cls('viewGroup')}>
                {VIEWS.map((shownBy, index) => (
                  <button
                    key={shownBy.view}
                    type="button"
                    aria-pressed={view === shownBy.view}
                    // As Chakra's attached ButtonGroup marks its items: its rules join them by these.
                    data-group-item=""
                    data-first={index === 0 ? '' : undefined}
                    data-last={index === VIEWS.length - 1 ? '' : undefined}
                    style={groupItemStyle(index)}
                    className={cls(view === shownBy.view ? 'viewShown' : 'viewOther')}
                    onClick={() => setView(shownBy.view)}
                  >
                    {shownBy.label}
                  </button>
                ))}
              </div>
            </div>
            <div className={cls('status')} role="status" aria-live="polite">
              <p>
                {listings === undefined || (notLoadedYet && isOnline)
                  ? 'Loading plates…'
                  : notLoadedYet
                    ? 'No plates on this device yet'
                    : `Showing ${shown.length} of ${listings.length} plates`}
              </p>
              <p>{favourites.size} favorites saved</p>
            </div>
            {listings === undefined || (notLoadedYet && isOnline) ? (
              <div className={cls('loading')}>
                <span className={cls('spinner')} />
              </div>
            ) : notLoadedYet ? (
              <div className={cls('empty')} role="status">
                <p className={cls('emptyTitle')}>
                  You are offline, and the marketplace has not been loaded on this device yet
                </p>
                <p className={cls('emptyHint')}>
                  Connect to the internet once to load the plates for sale; after that you can browse them offline.
                </p>
              </div>
            ) : shown.length === 0 ? (
              <div className={cls('empty')}>
                <p className={cls('emptyTitle')}>
                  {listings.length === 0 ? 'No plates are for sale right now' : 'No plates match your filters'}
                </p>
                <p className={cls('emptyHint')}>
                  {listings.length === 0
                    ? 'New plates are listed often: come back soon.'
                    : 'Try a different search or clear the filters.'}
                </p>
              </div>
            ) : (
              <>
                <ul className={cls(view)}>
                  {visible.map((listing) => (
                    <ListingCard
                      key={listing.id}
                      listing={listing}
                      isFavourite={favourites.has(listing.id)}
                      layout={view}
                      reservedUntilMine={myReservations.get(listing.id)}
                      isOpenedByAddress={openedPlate !== '' && listing.number === openedPlate}
                      openTab={searchParams.get('tab') === 'reserve' ? 'reserve' : 'buy'}
                      onClosed={closedPlate}
                    />
                  ))}
                </ul>
                {remaining > 0 && (
                  <div ref={sentinel} className={cls('more')}>
                    <button type="button" className={cls('moreButton')} onClick={showMore}>
                      Show more plates ({remaining.toLocaleString('en')} not shown yet)
                    </button>
                  </div>
                )}
              </>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

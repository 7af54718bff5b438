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
import { Box, Button, ButtonGroup, Container, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
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

// The figures and the plates' grid are styled at build time (marketplace-page.styles.tsx, decision 039).
const cls = staticClasses<typeof marketplaceStyles>('marketplace');

/** The User Timing measure of one filter-and-sort pass (tests/bench/marketplace-bench.ts reads it). */
const FILTER_MEASURE = 'nambala:marketplace-filter';

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
    <Container maxW="7xl" py={{ base: '4', md: '12' }}>
      {/* Tighter on a phone: the first plate is on the first screen (docs/decisions/058). */}
      <Stack gap={{ base: '4', md: '8' }}>
        <Box>
          <Heading as="h1" size={{ base: 'xl', sm: '3xl', md: '4xl' }}>
            License Plate Marketplace
          </Heading>
          <Text color="fg.muted" mt="2" display={{ base: 'none', sm: 'block' }}>
            Find a number you love, from lucky triples to personalised plates.
          </Text>
        </Box>

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

        <Flex gap="6" direction={{ base: 'column', lg: 'row' }} align="flex-start">
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

          <Stack gap="4" flex="1" minW="0" w="full">
            <Flex gap="3" wrap="wrap">
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
                w={{ base: '48', sm: '56' }}
                value={sort}
                onChange={(chosen) => setSort(MARKETPLACE_SORTS.find((option) => option.id === chosen)?.id ?? sort)}
              >
                {MARKETPLACE_SORTS.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </PlainSelect>
              <ButtonGroup size="md" variant="outline" attached role="group" aria-label="View">
                <Button
                  aria-pressed={view === 'grid'}
                  variant={view === 'grid' ? 'solid' : 'outline'}
                  colorPalette="brand"
                  onClick={() => setView('grid')}
                >
                  Grid
                </Button>
                <Button
                  aria-pressed={view === 'list'}
                  variant={view === 'list' ? 'solid' : 'outline'}
                  colorPalette="brand"
                  onClick={() => setView('list')}
                >
                  List
                </Button>
              </ButtonGroup>
            </Flex>
            <Flex
              justify="space-between"
              wrap="wrap"
              gap="2"
              fontSize="sm"
              color="fg.muted"
              role="status"
              aria-live="polite"
            >
              <Text>
                {listings === undefined || (notLoadedYet && isOnline)
                  ? 'Loading plates…'
                  : notLoadedYet
                    ? 'No plates on this device yet'
                    : `Showing ${shown.length} of ${listings.length} plates`}
              </Text>
              <Text>{favourites.size} favorites saved</Text>
            </Flex>
            {listings === undefined || (notLoadedYet && isOnline) ? (
              <Flex justify="center" py="16">
                <Spinner color="brand.600" />
              </Flex>
            ) : notLoadedYet ? (
              <Box textAlign="center" py="16" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg" role="status">
                <Text fontWeight="medium">
                  You are offline, and the marketplace has not been loaded on this device yet
                </Text>
                <Text color="fg.muted" fontSize="sm" mt="1">
                  Connect to the internet once to load the plates for sale; after that you can browse them offline.
                </Text>
              </Box>
            ) : shown.length === 0 ? (
              <Box textAlign="center" py="16" px="4" borderWidth="1px" borderStyle="dashed" rounded="lg">
                <Text fontWeight="medium">
                  {listings.length === 0 ? 'No plates are for sale right now' : 'No plates match your filters'}
                </Text>
                <Text color="fg.muted" fontSize="sm" mt="1">
                  {listings.length === 0
                    ? 'New plates are listed often: come back soon.'
                    : 'Try a different search or clear the filters.'}
                </Text>
              </Box>
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
                  <Flex ref={sentinel} justify="center">
                    <Button variant="outline" colorPalette="brand" onClick={showMore}>
                      Show more plates ({remaining.toLocaleString('en')} not shown yet)
                    </Button>
                  </Flex>
                )}
              </>
            )}
          </Stack>
        </Flex>
      </Stack>
    </Container>
  );
}

/**
 * What is styled at build time (decision 039): the shell every page shows is drawn without
 * Chakra, each of its classes is in the sheet the pages carry, and the sheet holds Chakra's
 * own rules for each specimen.
 */
import { Box, Button, ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CheckboxField } from '../../../src/app/components/checkbox-field';
import { ConnectionStatus } from '../../../src/app/components/connection-status';
import { FilterSelect, PlainSelect, SearchField } from '../../../src/app/components/filter-fields';
import { RangeSlider } from '../../../src/app/components/range-slider';
import { FiltersPanel, FiltersToggle } from '../../../src/app/features/marketplace/filters-panel';
import { VerdictTemplates } from '../../../src/app/features/verification/verdict-templates';
import { ListingCard } from '../../../src/app/features/marketplace/listing-card';
import { kwacha } from '../../../src/domain/money/money';
import type { PlateListing } from '../../../src/domain/marketplace/listing';
import { PublicLayout } from '../../../src/app/layout/public-layout';
import { staticStyleRules } from '../../../src/app/prerender/static-style-sheet';
import { STATIC_STYLE_GROUPS } from '../../../src/app/prerender/static-style-groups';
import { appSystem } from '../../../src/app/theme/system';

/** Renders `element` with Chakra's provider and returns its markup and the class styles Emotion made for it. */
function renderWithChakra(element: ReactElement): { html: string; madeStyles: string[] } {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={appSystem()}>
        <MemoryRouter initialEntries={['/pricing']}>{element}</MemoryRouter>
      </ChakraProvider>
    </CacheProvider>,
  );
  const classNames = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]?.split(/\s+/) ?? []));
  return { html, madeStyles: [...classNames].filter((name) => name.startsWith('css-')) };
}

/** The classes `html` uses, and those among them the build's sheet has no rule for. */
function classesOf(html: string): { used: Set<string>; undefinedClasses: string[] } {
  const rules = staticStyleRules();
  const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1]?.split(/\s+/) ?? []));
  const undefinedClasses = [...used].filter(
    (name) =>
      name !== 'active' && !rules.includes(`.${name}{`) && !rules.includes(`.${name}:`) && !rules.includes(`.${name}[`),
  );
  return { used, undefinedClasses };
}

const SHELL = (
  <>
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/pricing" element={<p>The page</p>} />
      </Route>
    </Routes>
    <ConnectionStatus />
  </>
);

describe('the shell styled at build time', () => {
  it('is drawn with no style made at run time', () => {
    const { html, madeStyles } = renderWithChakra(SHELL);
    expect(html).toContain('Skip to content');
    expect(html).toContain('The page');
    expect(html).toContain('All rights reserved');
    expect(madeStyles).toEqual([]);
  });

  it('uses only classes the sheet defines', () => {
    const { used, undefinedClasses } = classesOf(renderWithChakra(SHELL).html);
    expect(undefinedClasses).toEqual([]);
    expect(used.size).toBeGreaterThan(15);
  });
});

describe('the verdict panel styled at build time', () => {
  // Every shape of answer the registry gives a typed number, as the page's templates hold them.
  const templates = () => renderWithChakra(<VerdictTemplates />);

  it('draws every verdict with no style made at run time', () => {
    const { html, madeStyles } = templates();
    for (const headline of [
      'Valid registration',
      'Registration expired',
      'Reported stolen',
      'Plate revoked',
      'Unknown plate',
    ])
      expect(html).toContain(headline);
    expect(madeStyles).toEqual([]);
  });

  it('uses only classes the sheet defines, a colour for each tone', () => {
    const { used, undefinedClasses } = classesOf(templates().html);
    expect(undefinedClasses).toEqual([]);
    for (const palette of ['Green', 'Red', 'Yellow']) expect(used).toContain(`nb-verdict-band${palette}`);
  });
});

describe('staticStyleRules', () => {
  it('writes Chakra’s own rules for an element under the named class, cascade layers and media queries included', () => {
    const specimen = <Button variant="ghost" size="sm" hideBelow="lg" />;
    const { html, madeStyles } = renderWithChakra(specimen);
    expect(html).toContain(madeStyles[0]);
    const cache = createCache({ key: 'css' });
    cache.compat = true;
    renderToString(
      <CacheProvider value={cache}>
        <ChakraProvider value={appSystem()}>{specimen}</ChakraProvider>
      </CacheProvider>,
    );
    const name = madeStyles[0] ?? '';
    const chakraRules = String(cache.inserted[name.slice('css-'.length)]);
    const rules = staticStyleRules({ test: { ghost: specimen } });
    expect(rules).toBe(`@layer reset,base,tokens,recipes;${chakraRules.replaceAll(`.${name}`, '.nb-test-ghost')}`);
    expect(rules).toContain('@layer recipes{');
    expect(rules).toContain('@media');
  });

  it('names every specimen of every group, and refuses one that Chakra does not style as one element', () => {
    const rules = staticStyleRules();
    for (const [group, styles] of Object.entries(STATIC_STYLE_GROUPS)) {
      for (const name of Object.keys(styles)) expect(rules, `${group}.${name}`).toContain(`.nb-${group}-${name}`);
    }
    expect(() => staticStyleRules({ test: { plain: <Box /> } })).toThrow(/has no style/);
  });
});

describe('the marketplace’s cards styled at build time', () => {
  const listing = (status: PlateListing['status'], featured: boolean): PlateListing => ({
    id: `listing-${status}`,
    number: 'ZM-777-VIP',
    price: kwacha(25_000),
    type: 'Premium',
    status,
    featured,
    description: 'Triple sevens',
  });
  const cards = () =>
    renderWithChakra(
      <ul>
        <ListingCard
          listing={listing('Available', true)}
          isFavourite={false}
          layout="grid"
          reservedUntilMine={undefined}
        />
        <ListingCard
          listing={listing('Reserved', false)}
          isFavourite
          layout="list"
          reservedUntilMine="2026-11-30T10:00:00.000Z"
        />
        <ListingCard listing={listing('Sold', false)} isFavourite={false} layout="grid" reservedUntilMine={undefined} />
      </ul>,
    );

  it('draws a card of each status and layout with no style made at run time', () => {
    const { html, madeStyles } = cards();
    for (const text of ['ZM-777-VIP', 'Featured', 'View Details', 'Sold', 'ZMW 25,000']) expect(html).toContain(text);
    expect(madeStyles).toEqual([]);
  });

  it('uses only classes the sheet defines', () => {
    const { used, undefinedClasses } = classesOf(cards().html);
    expect(undefinedClasses).toEqual([]);
    for (const name of [
      'nb-listing-cardInList',
      'nb-listing-favouriteChosen',
      'nb-plate-Reserved',
      'nb-listing-closed',
    ])
      expect(used).toContain(name);
  });
});

describe('the marketplace’s filters and the list fields styled at build time', () => {
  const ignore = () => undefined;
  // Every width the fields take on the marketplace and the dashboards, each state the filters show.
  const fields = () =>
    renderWithChakra(
      <>
        <FiltersToggle isOpen activeFilters={2} panelId="filters" onToggle={ignore} />
        <FiltersPanel id="filters" isOpen={false} onClear={ignore}>
          <RangeSlider
            label="Price Range"
            thumbLabels={['Minimum price', 'Maximum price']}
            min={0}
            max={100}
            step={1}
            value={[60, 100]}
            onChange={ignore}
            format={String}
          />
          <FilterSelect label="Plate Type" allLabel="All Types" options={['Private']} value="all" onChange={ignore} />
          <CheckboxField checked onChange={ignore}>
            Lucky Numbers Only
          </CheckboxField>
          <CheckboxField checked={false} onChange={ignore}>
            Not ticked
          </CheckboxField>
        </FiltersPanel>
        <FiltersPanel id="opened" isOpen onClear={ignore}>
          {null}
        </FiltersPanel>
        {(['48', '56', 'full-56'] as const).map((width) => (
          <SearchField key={width} label="Search" placeholder="Search..." value="" onChange={ignore} minW={width} />
        ))}
        {(['full-44', 'full-48', 'full-52', '48-56'] as const).map((width) => (
          <PlainSelect key={width} label="Sort by" hideLabel value="a" onChange={ignore} w={width}>
            <option value="a">A</option>
          </PlainSelect>
        ))}
      </>,
    );

  it('draws them with no style made at run time', () => {
    const { html, madeStyles } = fields();
    for (const text of ['Filters (2)', 'Clear All Filters', 'Lucky Numbers Only', 'All Types', 'Minimum price'])
      expect(html).toContain(text);
    expect(madeStyles).toEqual([]);
  });

  it('uses only classes the sheet defines', () => {
    const { used, undefinedClasses } = classesOf(fields().html);
    expect(undefinedClasses).toEqual([]);
    for (const name of [
      'nb-range-slider-thumbOnTop',
      'nb-checkbox-box',
      'nb-filter-fields-searchFullThenWide',
      'nb-filter-fields-select48Then56',
      'nb-marketplace-filtersPlaceOpen',
    ])
      expect(used).toContain(name);
  });

  it('marks the checkbox ticked or not as Chakra’s Checkmark does, its tick drawn only when ticked', () => {
    const { html } = fields();
    expect(html).toMatch(
      /<svg[^>]*data-state="checked"[^>]*><polyline points="20 6 9 17 4 12"><\/polyline><\/svg>Lucky/,
    );
    expect(html).toMatch(/<svg[^>]*data-state="unchecked"[^>]*><\/svg>Not ticked/);
    expect(staticStyleRules()).toMatch(/\.nb-checkbox-box[^{]*data-state=checked/);
  });
});

// A plate's dialog drawn before its code has arrived (decision 076): a template rendered by
// the app's own ListingDialog with a marker for each value, filled from the listing. Filled,
// it must be exactly the markup of the app's own dialog as its first frame is drawn, for every
// listing the dialog opens from the marketplace.
import { ChakraProvider } from '@chakra-ui/react';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PlateListing } from '#domain/marketplace/listing';
import { MARKETPLACE_PLATE_TYPES } from '#domain/statuses/statuses';
import { ngwee } from '#domain/money/money';
import {
  fillListingSlots,
  listingSlotValues,
  listingTemplateKey,
} from '../../../../src/app/features/marketplace/early-listing-dialog';
import { templateListings, withPriceMarker } from '../../../../src/app/features/marketplace/listing-dialog-templates';
import { ListingDialog } from '../../../../src/app/features/marketplace/listing-dialog';
import { appSystem } from '../../../../src/app/theme/system';

/** The dialog's markup for a listing as its first frame is drawn (its styles, the same for both, left out). */
const dialogHtml = (listing: PlateListing) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <ListingDialog listing={listing} isOpen onClose={() => undefined} reservedUntilMine={undefined} />
    </ChakraProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

/** Text in markup, escaped as React escapes it: the page sets text, never markup. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** The template for `listing`'s shape, filled as the page fills it (text only, so values are escaped as text). */
function filledTemplate(listing: PlateListing): string | null {
  const template = templateListings().find(
    (candidate) => listingTemplateKey(candidate) === listingTemplateKey(listing),
  );
  if (!template) return null;
  const values = Object.fromEntries(
    Object.entries(listingSlotValues(listing)).map(([slot, value]) => [slot, escapeHtml(value)]),
  );
  return fillListingSlots(withPriceMarker(dialogHtml(template)), values);
}

const text = (maxLength: number) =>
  fc.string({
    minLength: 1,
    maxLength,
    unit: fc.constantFrom('a', 'Z', ' ', '<', '>', '&', '"', "'", 'é', 'ñ', '7', '-', '\n'),
  });
const listing: fc.Arbitrary<PlateListing> = fc.record({
  id: fc.uuid(),
  number: fc.oneof(fc.stringMatching(/^ZM-\d{3}-[A-Z]{3}$/), text(12)),
  // Any size: from a ngwee to more than the marker's own amount, with and without cents.
  price: fc
    .oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }))
    .map(ngwee),
  type: fc.constantFrom(...MARKETPLACE_PLATE_TYPES),
  status: fc.constant('Available' as const),
  featured: fc.boolean(),
  // Long descriptions too: the dialog wraps them, the copy must carry all of it.
  description: fc.oneof(text(40), text(2_000)),
});

describe('a plate’s dialog drawn before its code has arrived', () => {
  it('has one template for each shape of listing the dialog opens, Featured or not', () => {
    const keys = templateListings().map(listingTemplateKey);
    expect(new Set(keys)).toEqual(new Set(['featured', 'plain']));
  });

  it('carries a marker for every value and no amount but the price’s', () => {
    for (const template of templateListings()) {
      const html = withPriceMarker(dialogHtml(template));
      for (const slot of ['number', 'price', 'type', 'description'])
        expect(html, `${listingTemplateKey(template)} ${slot}`).toContain(`\uE000${slot}\uE000`);
      expect(html).not.toContain('ZMW');
    }
  });

  it('is, filled from any listing, the markup of the app’s own dialog for it as its first frame is drawn', () => {
    fc.assert(
      fc.property(listing, (generated) => {
        expect(filledTemplate(generated)).toBe(dialogHtml(generated));
      }),
      { numRuns: 40 },
    );
    // Each run renders the dialog twice with the design system: tens of ms, far more on a loaded runner.
  }, 120_000);

  it('draws the plate, its price, badges, description and what is included, and a skeleton where the checkout goes', () => {
    const html = filledTemplate({
      id: 'l1',
      number: 'ZM-777-VIP',
      price: ngwee(1_250_000_50),
      type: MARKETPLACE_PLATE_TYPES[0],
      status: 'Available',
      featured: true,
      description: 'Rare & "lucky" <sevens> — très bien',
    });
    expect(html).toContain('Plate ZM-777-VIP');
    expect(html).toContain('ZMW 1,250,000.50');
    expect(html).toContain('Featured');
    expect(html).toContain('Rare &amp; &quot;lucky&quot; &lt;sevens&gt; — très bien');
    expect(html).toContain('Digital Documentation');
    expect(html).toContain('role="dialog"');
    expect(html).not.toContain('Buy Now');
  });
});

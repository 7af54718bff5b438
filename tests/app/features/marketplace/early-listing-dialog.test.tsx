// A plate's dialog drawn before its code has arrived (decision 076): a template rendered by
// the app's own ListingDialog with a marker for each value, filled from the listing. Filled,
// it must be exactly the markup of the app's own dialog as its first frame is drawn, for every
// listing the dialog opens from the marketplace: with a skeleton where the checkout goes, and with
// a visitor's checkout on either tab (decision 088).
import { ChakraProvider } from '@chakra-ui/react';
import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { PlateListing } from '#domain/marketplace/listing';
import { MARKETPLACE_PLATE_TYPES } from '#domain/statuses/statuses';
import { ngwee } from '#domain/money/money';
import {
  fillListingSlots,
  listingSlotValues,
  listingTemplateKey,
} from '../../../../src/app/features/marketplace/early-listing-dialog';
import {
  FirstFrame,
  TEMPLATE_CHECKOUTS,
  templateListings,
  withListingMarkers,
} from '../../../../src/app/features/marketplace/listing-dialog-templates';
import type { CheckoutKind } from '../../../../src/app/features/marketplace/checkout-rules';
import { signInPath } from '../../../../src/app/purchases/plate-dialog-path';
import { appSystem } from '../../../../src/app/theme/system';

/**
 * The dialog's markup for a listing as its first frame is drawn, for a visitor (its styles, the
 * same for both, left out): `checkout`, drawn with it on that tab, as the app's dialog draws it
 * when it takes the place of a copy that showed it.
 */
const dialogHtml = (listing: PlateListing, checkout: CheckoutKind | null) =>
  renderToString(
    <ChakraProvider value={appSystem()}>
      <StaticRouter location="/marketplace">
        <FirstFrame listing={listing} checkout={checkout} />
      </StaticRouter>
    </ChakraProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

/** Text in markup, escaped as React escapes it: the page sets text, never markup. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The template for `listing`'s shape and `checkout`, filled as the page fills it (text and attribute
 * values, never markup, so values are escaped as React escapes both).
 */
function filledTemplate(listing: PlateListing, checkout: CheckoutKind | null): string | null {
  const template = templateListings().find(
    (candidate) => listingTemplateKey(candidate, checkout) === listingTemplateKey(listing, checkout),
  );
  if (!template) return null;
  const values = Object.fromEntries(
    Object.entries(listingSlotValues(listing, checkout)).map(([slot, value]) => [slot, escapeHtml(value)]),
  );
  return fillListingSlots(withListingMarkers(dialogHtml(template, checkout)), values);
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
  it('has a template for each shape of listing the dialog opens, Featured or not, with a skeleton or a visitor’s checkout on either tab', () => {
    const keys = templateListings().flatMap((template) =>
      TEMPLATE_CHECKOUTS.map((checkout) => listingTemplateKey(template, checkout)),
    );
    expect(new Set(keys)).toEqual(
      new Set(['featured', 'plain', 'featured-buy', 'plain-buy', 'featured-reserve', 'plain-reserve']),
    );
  });

  it('carries a marker for every value and no amount but the price’s', () => {
    for (const template of templateListings())
      for (const checkout of TEMPLATE_CHECKOUTS) {
        const html = withListingMarkers(dialogHtml(template, checkout));
        const key = listingTemplateKey(template, checkout);
        for (const slot of ['number', 'price', 'type', 'description'])
          expect(html, `${key} ${slot}`).toContain(`\uE000${slot}\uE000`);
        // The checkout names the listing in its ids and links to signing in on the way back to it.
        for (const slot of ['id', 'signIn'])
          if (checkout) expect(html, `${key} ${slot}`).toContain(`\uE000${slot}\uE000`);
        expect(html).not.toContain('ZMW');
        expect(html).not.toContain('%25EE%2580%2580');
      }
  });

  it('is, filled from any listing, the markup of the app’s own dialog for it as its first frame is drawn', () => {
    fc.assert(
      fc.property(listing, fc.constantFrom(...TEMPLATE_CHECKOUTS), (generated, checkout) => {
        expect(filledTemplate(generated, checkout)).toBe(dialogHtml(generated, checkout));
      }),
      { numRuns: 40 },
    );
    // Each run renders the dialog twice with the design system: tens of ms, far more on a loaded runner.
  }, 120_000);

  const vip: PlateListing = {
    id: 'l1',
    number: 'ZM-777-VIP',
    price: ngwee(1_250_000_50),
    type: MARKETPLACE_PLATE_TYPES[0],
    status: 'Available',
    featured: true,
    description: 'Rare & "lucky" <sevens> — très bien',
  };

  it('draws the plate, its price, badges, description and what is included, and a skeleton where the checkout goes', () => {
    const html = filledTemplate(vip, null);
    expect(html).toContain('Plate ZM-777-VIP');
    expect(html).toContain('ZMW 1,250,000.50');
    expect(html).toContain('Featured');
    expect(html).toContain('Rare &amp; &quot;lucky&quot; &lt;sevens&gt; — très bien');
    expect(html).toContain('Digital Documentation');
    expect(html).toContain('role="dialog"');
    expect(html).not.toContain('Buy Now');
  });

  it('draws a visitor’s checkout on the tab it opens on: the price breakdown on its way and the link to sign in and come back', () => {
    const buy = filledTemplate(vip, 'buy') ?? '';
    expect(buy).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Buy Now<\/button>/);
    expect(buy).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="false"[^>]*>Reserve<\/button>/);
    expect(buy).toContain('Price Breakdown');
    expect(buy).toContain('Loading prices…');
    expect(buy).toMatch(new RegExp(`<a[^>]* href="${escapeRegExp(signInPath('ZM-777-VIP'))}"[^>]*>Sign in to buy</a>`));
    expect(buy).toContain('id="buy-l1-breakdown"');
    const reserve = filledTemplate(vip, 'reserve') ?? '';
    expect(reserve).toMatch(/<button[^>]*role="tab"[^>]*aria-selected="true"[^>]*>Reserve<\/button>/);
    expect(reserve).toMatch(
      new RegExp(`<a[^>]* href="${escapeRegExp(signInPath('ZM-777-VIP', 'reserve'))}"[^>]*>Sign in to reserve</a>`),
    );
  });
});

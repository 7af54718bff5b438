/**
 * A plate's dialog as its first frame is drawn, for every shape of listing it opens (Available,
 * Featured or not), rendered into /marketplace's HTML as `<template>`s after the app's root, at
 * build time and when the server renders the page: the page draws a copy at the tap while the
 * dialog's code is still on its way (early-listing-dialog.ts, decision 076). Rendered by the
 * app's own ListingDialog, open, before its first paint, so the two draw the same markup; their
 * styles go into the page's sheet with the page's. Each shape three times: the checkout still a
 * skeleton, and a visitor's checkout open on Buy Now and on Reserve (decision 088).
 */
import type { PlateListing } from '#domain/marketplace/listing';
import { LISTING_DIALOG_TEMPLATE } from '#domain/marketplace/served-page';
import { type Ngwee, formatZmw } from '#domain/money/money';
import type { MarketplacePlateType } from '#domain/statuses/statuses';
import { signInPath } from '../../purchases/plate-dialog-path';
import type { CheckoutKind } from './approved-message';
import { listingSlotMarker, listingTemplateKey } from './early-listing-dialog';
import { ListingDialog } from './listing-dialog';

/**
 * The price the templates are rendered with: the dialog formats a number, so its text is found
 * in the rendering and a marker put in its place (`withListingMarkers`). No other text of the
 * dialog reads like an amount of ZMW 9.8 billion.
 */
const MARKED_PRICE = 987_654_321_012 as Ngwee;

/** A listing of each shape the templates draw, a marker in place of each value. */
export function templateListings(): PlateListing[] {
  return [false, true].map((featured) => ({
    id: listingSlotMarker('id'),
    number: listingSlotMarker('number'),
    price: MARKED_PRICE,
    // A type is one of a few words in a listing; its marker is text the dialog writes where the word goes.
    type: listingSlotMarker('type') as MarketplacePlateType,
    status: 'Available',
    featured,
    description: listingSlotMarker('description'),
  }));
}

/** The checkout each shape is drawn with: none yet (a skeleton), or a visitor's on either tab. */
export const TEMPLATE_CHECKOUTS: readonly (CheckoutKind | null)[] = [null, 'buy', 'reserve'];

/**
 * The templates' markup with the price's marker in place of the price they were rendered with,
 * and the sign-in link's: its address is the number's, encoded twice over (a path inside a query),
 * and is written whole for each plate.
 */
export function withListingMarkers(html: string): string {
  const marked = html.replaceAll(formatZmw(MARKED_PRICE), listingSlotMarker('price'));
  return (['buy', 'reserve'] as const).reduce(
    (text, tab) =>
      text.replaceAll(
        `href="${signInPath(listingSlotMarker('number'), tab)}"`,
        `href="${listingSlotMarker('signIn')}"`,
      ),
    marked,
  );
}

/**
 * The browser's own dialog box drawn as nothing: no border, padding, background or backdrop of
 * its own, and the whole screen, so that the Chakra parts inside draw exactly as the app's do.
 */
const NATIVE_DIALOG_RESET =
  'dialog[data-early-listing-dialog]{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;' +
  'margin:0;padding:0;border:0;background:none;color:inherit;overflow:visible}' +
  'dialog[data-early-listing-dialog]::backdrop{background:none}';

/** The dialog's first frame for `listing`, open on `checkout` (null: a skeleton), as a template holds it. */
export function FirstFrame({ listing, checkout }: { listing: PlateListing; checkout: CheckoutKind | null }) {
  return (
    <ListingDialog
      listing={listing}
      isOpen
      onClose={() => undefined}
      reservedUntilMine={undefined}
      checkoutAtOnce={checkout}
    />
  );
}

export function ListingDialogTemplates() {
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: NATIVE_DIALOG_RESET }} />
      {templateListings().flatMap((listing) =>
        TEMPLATE_CHECKOUTS.map((checkout) => {
          const key = listingTemplateKey(listing, checkout);
          return (
            <template key={key} {...{ [LISTING_DIALOG_TEMPLATE]: key }}>
              <FirstFrame listing={listing} checkout={checkout} />
            </template>
          );
        }),
      )}
    </>
  );
}

/**
 * A plate's dialog as its first frame is drawn, for every shape of listing it opens (Available,
 * Featured or not), rendered into /marketplace's HTML as `<template>`s after the app's root, at
 * build time and when the server renders the page: the page draws a copy at the tap while the
 * dialog's code is still on its way (early-listing-dialog.ts, decision 076). Rendered by the
 * app's own ListingDialog, open, before its first paint (the checkout still a skeleton), so the
 * two draw the same markup; their styles go into the page's sheet with the page's.
 */
import type { PlateListing } from '#domain/marketplace/listing';
import { LISTING_DIALOG_TEMPLATE } from '#domain/marketplace/served-page';
import { type Ngwee, formatZmw } from '#domain/money/money';
import type { MarketplacePlateType } from '#domain/statuses/statuses';
import { listingSlotMarker, listingTemplateKey } from './early-listing-dialog';
import { ListingDialog } from './listing-dialog';

/**
 * The price the templates are rendered with: the dialog formats a number, so its text is found
 * in the rendering and a marker put in its place (`withPriceMarker`). No other text of the
 * dialog reads like an amount of ZMW 9.8 billion.
 */
const MARKED_PRICE = 987_654_321_012 as Ngwee;

/** A listing of each shape the templates draw, a marker in place of each value. */
export function templateListings(): PlateListing[] {
  return [false, true].map((featured) => ({
    id: '',
    number: listingSlotMarker('number'),
    price: MARKED_PRICE,
    // A type is one of a few words in a listing; its marker is text the dialog writes where the word goes.
    type: listingSlotMarker('type') as MarketplacePlateType,
    status: 'Available',
    featured,
    description: listingSlotMarker('description'),
  }));
}

/** The templates' markup with the price's marker in place of the price they were rendered with. */
export function withPriceMarker(html: string): string {
  return html.replaceAll(formatZmw(MARKED_PRICE), listingSlotMarker('price'));
}

/**
 * The browser's own dialog box drawn as nothing: no border, padding, background or backdrop of
 * its own, and the whole screen, so that the Chakra parts inside draw exactly as the app's do.
 */
const NATIVE_DIALOG_RESET =
  'dialog[data-early-listing-dialog]{position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;' +
  'margin:0;padding:0;border:0;background:none;color:inherit;overflow:visible}' +
  'dialog[data-early-listing-dialog]::backdrop{background:none}';

export function ListingDialogTemplates() {
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: NATIVE_DIALOG_RESET }} />
      {templateListings().map((listing) => {
        const key = listingTemplateKey(listing);
        return (
          <template key={key} {...{ [LISTING_DIALOG_TEMPLATE]: key }}>
            <ListingDialog listing={listing} isOpen onClose={() => undefined} reservedUntilMine={undefined} />
          </template>
        );
      })}
    </>
  );
}

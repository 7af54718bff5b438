/**
 * A plate's dialog drawn before its code has arrived (docs/decisions/076-a-plates-dialog-before-its-code.md).
 *
 * The dialog's code (~61 KiB gzip) is fetched once the page is ready, and on a slow phone a
 * plate tapped then waited 1.5–2 s for it. /marketplace carries the dialog's first frame itself,
 * rendered by the app's own ListingDialog at build time (and again when the server renders the
 * page), one `<template>` per shape of listing, with a marker where each value goes
 * (listing-dialog-templates.tsx). A tap fills a copy with the plate's values (text, never markup)
 * and shows it at once in a native modal <dialog>, whose browser styles are reset so that only
 * the Chakra markup inside draws: the top layer, the page beneath inert, Escape and the focus
 * kept inside come with it. When the app's dialog mounts open it takes the copy away in a layout
 * effect, before the frame is painted: the same markup, so nothing moves. Closing the copy
 * (Escape, its close button, a tap beside it) cancels the open: the app's dialog does not follow.
 *
 * Free of React and small (1.3 KiB gzip): in the marketplace's first load (ListingCard imports it),
 * so that a tap as the page becomes ready does not wait a round trip for it. The entry script
 * imports it too, for a View Details pressed before the app has started: the page's own chunk,
 * already on its way.
 */
import type { PlateListing } from '#domain/marketplace/listing';
import { LISTING_DIALOG_TEMPLATE } from '#domain/marketplace/served-page';
import { formatZmw } from '#domain/money/money';
import { pageListings } from '../../sync/page-listings';

/** The values a template has a place for. */
export type ListingSlot = 'number' | 'price' | 'type' | 'description';

/** A private-use character around a slot's name: never in a listing's text. */
const MARK = '\uE000';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`, 'g');

export function listingSlotMarker(slot: ListingSlot): string {
  return `${MARK}${slot}${MARK}`;
}

/**
 * Which template draws a listing: the dialog draws the Featured badge or leaves it out. Only an
 * Available plate has one; a buyer's own reservation (the session's) is left to the app.
 */
export function listingTemplateKey(listing: Pick<PlateListing, 'featured'>): string {
  return listing.featured ? 'featured' : 'plain';
}

/** What goes in each slot for this listing, as the app's dialog writes it. */
export function listingSlotValues(listing: PlateListing): Record<ListingSlot, string> {
  return {
    number: listing.number,
    price: formatZmw(listing.price),
    type: listing.type,
    description: listing.description,
  };
}

/** `text` with each slot's marker replaced by its value. */
export function fillListingSlots(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(MARKED, (marker: string, name: string) => values[name] ?? marker);
}

export interface EarlyListingDialog {
  readonly listingId: string;
  /** Closed by the person: the open it stood for is cancelled. */
  isCancelled: boolean;
}

interface Shown extends EarlyListingDialog {
  dialog: HTMLDialogElement;
  opener: HTMLElement | null;
}

let shown: Shown | null = null;

/**
 * Shows `listing`'s dialog from the page's template, or the one already shown for it; null
 * (nothing drawn) when the page has no template for it: the app then draws it as before.
 * `opener` takes the focus back on close; `onCancel` is told when the person closes it.
 */
export function showEarlyListingDialog(
  listing: PlateListing,
  opener: HTMLElement | null,
  onCancel?: () => void,
): EarlyListingDialog | null {
  if (shown?.listingId === listing.id) return shown;
  const template = document.querySelector<HTMLTemplateElement>(
    `template[${LISTING_DIALOG_TEMPLATE}="${listingTemplateKey(listing)}"]`,
  );
  if (shown || listing.status !== 'Available' || !template) return null;
  const copy = template.content.cloneNode(true) as DocumentFragment;
  const values = listingSlotValues(listing);
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    node.nodeValue = fillListingSlots(node.nodeValue ?? '', values);
  // The copy's ids (its title's, named by aria-labelledby) are its own, apart from the app's.
  for (const element of copy.querySelectorAll('[id], [aria-labelledby], [aria-describedby]'))
    for (const name of ['id', 'aria-labelledby', 'aria-describedby']) {
      const value = element.getAttribute(name);
      if (value) element.setAttribute(name, value.replace(/\S+/g, 'early-$&'));
    }
  const dialog = document.createElement('dialog');
  // The dialog inside (Chakra's content) is the one named to assistive technology.
  dialog.setAttribute('role', 'none');
  dialog.setAttribute('data-early-listing-dialog', '');
  dialog.append(copy);
  const current: Shown = { listingId: listing.id, isCancelled: false, dialog, opener };
  // Escape, the close button and a tap beside the dialog (on its backdrop) all end here.
  dialog.addEventListener('close', () => {
    if (shown !== current) return;
    shown = null;
    current.isCancelled = true;
    dialog.remove();
    opener?.focus({ preventScroll: true });
    onCancel?.();
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-part="close-trigger"]') || !target.closest('[data-part="content"]')) dialog.close();
  });
  document.body.append(dialog);
  dialog.showModal();
  // Where the app's dialog puts the focus as it opens: its first control, the close button.
  dialog.querySelector<HTMLElement>('[data-part="close-trigger"]')?.focus();
  shown = current;
  return current;
}

/**
 * A press on a plate's View Details before the app has started: its dialog, from the listings the
 * page came with (found by the button's name, "View Details of <number>" as ListingCard names it,
 * as early-input.ts finds the button again to press it once the app has started).
 * Closed then, the press is not made again.
 */
export function drawPressed(button: Element): void {
  const name = button.getAttribute('aria-label');
  const listing = pageListings()?.listings.find((candidate) => name === `View Details of ${candidate.number}`);
  if (!listing || !(button instanceof HTMLElement)) return;
  // Pressed again after closing: this press is the one made again, and it must reach the app.
  skipping?.stop();
  showEarlyListingDialog(listing, button, () => skipReplayedPress(button));
}

/** The press made again once the app has started, to be stopped (its copy was closed before then). */
let skipping: { stop: () => void } | null = null;

/**
 * The press is made again once the app has started (early-input.ts, a click from script): closed
 * before then, that click is stopped before the app hears it. A person's own clicks are trusted ones.
 */
function skipReplayedPress(button: HTMLElement): void {
  if (document.documentElement.hasAttribute('data-ready')) return;
  const skip = (event: MouseEvent) => {
    if (event.isTrusted || event.target !== button) return;
    event.stopPropagation();
    current.stop();
  };
  const current = {
    stop: () => {
      document.removeEventListener('click', skip, true);
      if (skipping === current) skipping = null;
    },
  };
  skipping?.stop();
  skipping = current;
  document.addEventListener('click', skip, true);
}

/** Closes the copy as the person would (its code could not be loaded): the open is cancelled. */
export function closeEarlyListingDialog(): void {
  shown?.dialog.close();
}

/**
 * The app's dialog, mounted open (`inside` is an element of its body), takes the copy's place
 * before the frame is painted: its entrance animations go on from where the copy's had reached,
 * and the focus is handed to the opener first, for the app's dialog to take and give back on close.
 */
export function takeEarlyListingDialog(inside: Element): void {
  const current = shown;
  if (!current) return;
  shown = null;
  const content = inside.closest('[data-part="content"]');
  const backdrop = content?.parentElement?.previousElementSibling?.closest('[data-part="backdrop"]');
  for (const [part, element] of [
    ['content', content],
    ['backdrop', backdrop],
  ] as const) {
    const early = current.dialog.querySelector(`[data-part="${part}"]`)?.getAnimations() ?? [];
    element?.getAnimations().forEach((animation, index) => {
      const reached = early[index]?.currentTime;
      if (reached === null || reached === undefined) animation.finish();
      else animation.currentTime = reached;
    });
  }
  current.dialog.remove();
  current.opener?.focus({ preventScroll: true });
}

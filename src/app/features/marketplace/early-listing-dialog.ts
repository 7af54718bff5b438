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
import { signInPath } from '../../purchases/plate-dialog-path';
import { pageListings } from '../../sync/page-listings';
import type { CheckoutKind } from './approved-message';
import { askQuoteEarly, dropEarlyQuote } from './early-quote';

/**
 * The values a template has a place for: in its text, and in its attributes (the listing's id in
 * the checkout's ids, the whole address of the visitor's sign-in link).
 */
export type ListingSlot = 'number' | 'price' | 'type' | 'description' | 'id' | 'signIn';

/** A private-use character around a slot's name: never in a listing's text. */
const MARK = '\uE000';
const MARKED = new RegExp(`${MARK}(\\w+)${MARK}`, 'g');

export function listingSlotMarker(slot: ListingSlot): string {
  return `${MARK}${slot}${MARK}`;
}

/**
 * Which template draws a listing: the dialog draws the Featured badge or leaves it out, and below
 * the plate a skeleton (`checkout` null) or a visitor's checkout open on the Buy Now or the Reserve
 * tab (decision 088). Only an Available plate has one; a buyer's own reservation (the session's) is
 * left to the app.
 */
export function listingTemplateKey(listing: Pick<PlateListing, 'featured'>, checkout: CheckoutKind | null): string {
  return `${listing.featured ? 'featured' : 'plain'}${checkout ? `-${checkout}` : ''}`;
}

/** What goes in each slot for this listing, as the app's dialog writes it (a visitor's sign-in on `checkout`'s tab). */
export function listingSlotValues(listing: PlateListing, checkout: CheckoutKind | null): Record<ListingSlot, string> {
  return {
    number: listing.number,
    price: formatZmw(listing.price),
    type: listing.type,
    description: listing.description,
    id: listing.id,
    signIn: signInPath(listing.number, checkout ?? 'buy'),
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
  listing: PlateListing;
  dialog: HTMLDialogElement;
  opener: HTMLElement | null;
  /** The tab of the visitor's checkout the copy shows, or null: a skeleton where the checkout goes. */
  checkout: CheckoutKind | null;
}

let shown: Shown | null = null;

function templateFor(listing: PlateListing, checkout: CheckoutKind | null): HTMLTemplateElement | null {
  return document.querySelector<HTMLTemplateElement>(
    `template[${LISTING_DIALOG_TEMPLATE}="${listingTemplateKey(listing, checkout)}"]`,
  );
}

/** The ARIA attributes that name other elements by id. */
const ID_REFERENCES = ['id', 'aria-labelledby', 'aria-describedby', 'aria-controls'];

/** A filled copy of `part` of a template: text and attributes (never markup), its ids apart from the app's. */
function filledCopy<Part extends DocumentFragment | Element>(
  part: Part,
  values: Readonly<Record<string, string>>,
): Part {
  const copy = part.cloneNode(true) as Part;
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    node.nodeValue = fillListingSlots(node.nodeValue ?? '', values);
  const elements = [...(copy instanceof Element ? [copy] : []), ...copy.querySelectorAll('*')];
  for (const element of elements)
    for (const { name, value } of [...element.attributes]) {
      // The copy's ids (its title's, named by aria-labelledby; the tabs') are its own, apart from the app's.
      const filled = fillListingSlots(value, values);
      const own = ID_REFERENCES.includes(name) ? filled.replace(/\S+/g, 'early-$&') : filled;
      if (own !== value) element.setAttribute(name, own);
    }
  return copy;
}

/** Where the checkout goes: the last part of the dialog's body, a skeleton or the checkout's tabs. */
const checkoutOf = (root: ParentNode) => root.querySelector('.chakra-dialog__body > * > :last-child');

/**
 * The visitor's checkout on `tab` in place of what is shown there (a skeleton, or the other tab),
 * from that tab's template; the focus on the tab's trigger if it was on a trigger.
 */
function showCheckoutTab(current: Shown, tab: CheckoutKind): void {
  const template = templateFor(current.listing, tab);
  const part = template && checkoutOf(template.content);
  const shownCheckout = checkoutOf(current.dialog);
  if (!part || !shownCheckout || current.checkout === tab) return;
  // Only the checkout is copied from that tab's template: the rest of the dialog is on screen already.
  const checkout = filledCopy(part, listingSlotValues(current.listing, tab));
  const wasOnTrigger = document.activeElement?.getAttribute('role') === 'tab';
  shownCheckout.replaceWith(checkout);
  current.checkout = tab;
  if (wasOnTrigger) checkout.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
}

const isCheckoutKind = (value: string | null | undefined): value is CheckoutKind =>
  value === 'buy' || value === 'reserve';

/**
 * A tab chosen in the copy: pressed, or reached from another with the keys the app's tabs follow
 * (the arrows to the previous and next, round; Home and End to the first and last).
 */
function followTabs(current: Shown): void {
  const triggerOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLElement>('[role="tab"]') : null;
  current.dialog.addEventListener('click', (event) => {
    const value = triggerOf(event.target)?.getAttribute('data-value');
    if (isCheckoutKind(value)) showCheckoutTab(current, value);
  });
  current.dialog.addEventListener('keydown', (event) => {
    const trigger = triggerOf(event.target);
    const triggers = [...current.dialog.querySelectorAll('[role="tab"]')];
    const at = trigger ? triggers.indexOf(trigger) : -1;
    const steps: Record<string, number> = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: triggers.length - 1 };
    const to = steps[event.key];
    if (at < 0 || to === undefined) return;
    event.preventDefault();
    const value = triggers[(to + triggers.length) % triggers.length]?.getAttribute('data-value');
    if (isCheckoutKind(value)) showCheckoutTab(current, value);
  });
}

/**
 * Shows `listing`'s dialog from the page's template, or the one already shown for it; null
 * (nothing drawn) when the page has no template for it: the app then draws it as before.
 * `checkout`: a visitor's checkout is drawn open on that tab, where a skeleton goes otherwise
 * (a signed-in buyer's forms, and a device offline, are the app's to draw). `opener` takes the
 * focus back on close; `onCancel` is told when the person closes it.
 */
export function showEarlyListingDialog(
  listing: PlateListing,
  opener: HTMLElement | null,
  { checkout = null, onCancel }: { checkout?: CheckoutKind | null; onCancel?: () => void } = {},
): EarlyListingDialog | null {
  if (shown?.listingId === listing.id) {
    // Drawn at a press before the app had started (no checkout then): the app, now here, knows the visitor.
    if (checkout && !shown.checkout) showCheckoutTab(shown, checkout);
    return shown;
  }
  const withCheckout = checkout ? templateFor(listing, checkout) : null;
  const template = withCheckout ?? templateFor(listing, null);
  if (shown || listing.status !== 'Available' || !template) return null;
  const dialog = document.createElement('dialog');
  // The dialog inside (Chakra's content) is the one named to assistive technology.
  dialog.setAttribute('role', 'none');
  dialog.setAttribute('data-early-listing-dialog', '');
  dialog.append(filledCopy(template.content, listingSlotValues(listing, checkout)));
  const current: Shown = {
    listingId: listing.id,
    listing,
    isCancelled: false,
    dialog,
    opener,
    checkout: withCheckout ? checkout : null,
  };
  // Escape, the close button and a tap beside the dialog (on its backdrop) all end here.
  dialog.addEventListener('close', () => {
    if (shown !== current) return;
    shown = null;
    current.isCancelled = true;
    dropEarlyQuote();
    dialog.remove();
    opener?.focus({ preventScroll: true });
    onCancel?.();
  });
  dialog.addEventListener('click', (event) => {
    const target = event.target as Element;
    if (target.closest('[data-part="close-trigger"]') || !target.closest('[data-part="content"]')) dialog.close();
  });
  followTabs(current);
  document.body.append(dialog);
  dialog.showModal();
  // The prices, for the app's dialog to show as soon as it opens rather than a round trip later.
  askQuoteEarly(listing.id);
  // Where the app's dialog puts the focus as it opens: its first control, the close button.
  dialog.querySelector<HTMLElement>('[data-part="close-trigger"]')?.focus();
  shown = current;
  return current;
}

/** The tab of the visitor's checkout the copy of `listingId`'s dialog shows, if it shows one: the app's dialog opens on it. */
export function earlyListingCheckout(listingId: string): CheckoutKind | null {
  return shown?.listingId === listingId ? shown.checkout : null;
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
  showEarlyListingDialog(listing, button, { onCancel: () => skipReplayedPress(button) });
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
 * Where the copy's focus was, found again in the app's dialog: the element at the same place in
 * the same markup (a checkout's tab or its sign-in link); taken once, by the app's dialog as it
 * sets its first focus (null: its own first control, the close button, as the copy's was).
 */
let handedFocus: HTMLElement | null = null;

export function takeHandedFocus(): HTMLElement | null {
  const element = handedFocus;
  handedFocus = null;
  return element?.isConnected ? element : null;
}

/** The element at `from`'s place below `root` in `other`, which carries the same markup. */
function samePlace(root: Element, from: Element, other: Element): Element | null {
  const path: number[] = [];
  for (let node: Element | null = from; node && node !== root; node = node.parentElement)
    path.unshift([...(node.parentElement?.children ?? [])].indexOf(node));
  return path.reduce<Element | null>((at, index) => at?.children[index] ?? null, other);
}

/**
 * The app's dialog, mounted open (`inside` is an element of its body), takes the copy's place
 * before the frame is painted: its entrance animations go on from where the copy's had reached,
 * and the focus is handed to the opener first, for the app's dialog to take and give back on close
 * (the app's dialog then puts it where the copy had it, `takeHandedFocus`).
 */
export function takeEarlyListingDialog(inside: Element): void {
  const current = shown;
  if (!current) return;
  shown = null;
  const content = inside.closest('[data-part="content"]');
  const backdrop = content?.parentElement?.previousElementSibling?.closest('[data-part="backdrop"]');
  const earlyContent = current.dialog.querySelector('[data-part="content"]');
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
  const focused = document.activeElement;
  const handed =
    content &&
    earlyContent &&
    focused &&
    earlyContent.contains(focused) &&
    focused.getAttribute('data-part') !== 'close-trigger'
      ? samePlace(earlyContent, focused, content)
      : null;
  handedFocus = handed instanceof HTMLElement ? handed : null;
  current.dialog.remove();
  current.opener?.focus({ preventScroll: true });
}

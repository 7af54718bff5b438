/**
 * The addresses of a plate's dialog in the marketplace, and of signing in on the way to it: a
 * module of its own, so that the copy of the dialog a tap draws before its code has arrived
 * (early-listing-dialog.ts, in the marketplace's first load) links as the app's dialog links
 * without loading the checkout's rules.
 */

/** Where a plate's own dialog opens in the marketplace: Buy Now alone for a plate the buyer has reserved. */
export function plateDialogPath(plateNumber: string, tab: 'buy' | 'reserve' = 'buy'): string {
  const query = new URLSearchParams({ open: plateNumber });
  if (tab === 'reserve') query.set('tab', 'reserve');
  return `/marketplace?${query.toString()}`;
}

/** Where a visitor signs in, coming back to the same plate's dialog, on the tab they were on. */
export function signInPath(plateNumber: string, tab: 'buy' | 'reserve' = 'buy'): string {
  return `/auth?redirect=${encodeURIComponent(plateDialogPath(plateNumber, tab))}`;
}

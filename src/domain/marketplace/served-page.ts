// What the server and the app agree on about /marketplace served with its listings (decision 073).

/** Written by the prerenderer after a page's root and what follows it: where the server's filling ends. */
export const ROOT_END = '<!--nb-root-end-->';

/** The id of the `<script type="application/json">` element carrying GET /api/listings's answer in the page. */
export const PAGE_LISTINGS_ID = 'nb-page-listings';

/**
 * The attribute of the `<template>`s after the page's root holding a plate's dialog as its first
 * frame is drawn, one per shape of listing, for a press before the dialog's code has arrived (decision 076).
 */
export const LISTING_DIALOG_TEMPLATE = 'data-listing-dialog-template';

/**
 * The attribute of a prerendered page's class sheet in its head, `css id id …`: Emotion's own
 * `data-emotion` under another name, which no Emotion cache adopts and moves; the app's cache
 * takes its classes as written, and the server replaces it with its own rendering's (decision 089).
 */
export const PRERENDERED_CLASSES = 'data-emotion-prerendered';

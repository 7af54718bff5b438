// What the server and the app agree on about /marketplace served with its listings (decision 073).

/** Written by the prerenderer after a page's root and what follows it: where the server's filling ends. */
export const ROOT_END = '<!--nb-root-end-->';

/** The id of the `<script type="application/json">` element carrying GET /api/listings's answer in the page. */
export const PAGE_LISTINGS_ID = 'nb-page-listings';

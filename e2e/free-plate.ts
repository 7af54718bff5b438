/**
 * Plates for sale that the browser tests share. A journey that buys a plate it names keeps it:
 * every test that buys "any Available plate" leaves the named ones (ZM-777-VIP and ZM-001-ABC
 * are checked by number on the home page and the verification page; ZM-333-LIV is the listed
 * number the home page's check must find for sale, in e2e/chosen-number.spec.ts, whichever
 * journeys ran before it; ZM-321-MNG is the order the administrator finds in
 * e2e/order-references.spec.ts). Running in parallel, two tests that pick at random rarely meet.
 */
import { expect, type Page } from '@playwright/test';

/** The plate order-references.spec.ts buys and then finds. */
export const ORDER_REFERENCE_PLATE = 'ZM-321-MNG';

/** The listed number e2e/chosen-number.spec.ts checks on the home page: still for sale. */
export const CHECKED_LISTED_PLATE = 'ZM-333-LIV';

const NAMED_PLATES = new Set(['ZM-777-VIP', 'ZM-001-ABC', CHECKED_LISTED_PLATE, ORDER_REFERENCE_PLATE]);

/** An Available plate no journey names, chosen at random. */
export async function freePlate(page: Page): Promise<{ id: string; number: string }> {
  const response = await page.request.get('/api/listings');
  expect(response.ok()).toBe(true);
  const { listings } = (await response.json()) as { listings: Array<{ id: string; number: string; status: string }> };
  const free = listings.filter((listing) => listing.status === 'Available' && !NAMED_PLATES.has(listing.number));
  expect(free.length).toBeGreaterThan(0);
  const chosen = free[Math.floor(Math.random() * free.length)];
  return { id: chosen?.id ?? '', number: chosen?.number ?? '' };
}

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The mark the app sets on the document once it has started (prerendered pages are visible
 * before that). A CSS locator: it is a signal for tests, nothing a person sees or a role names.
 */
export function appStarted(page: Page): Locator {
  return page.locator('html[data-ready]');
}

/**
 * Waits until a record shown on the page has synced: it is there, and no longer says it is
 * saved on this device (a synced record shows no sync state at all).
 */
export async function expectSynced(record: Locator, options: { timeout?: number } = {}): Promise<void> {
  await expect(record).toBeVisible(options);
  await expect(record).not.toContainText('Saved on this device', options);
  await expect(record).not.toContainText('Needs attention');
}

/** Waits until the app has started, after a navigation, a reload, or a redirect the app made. */
export async function waitForApp(page: Page, options: { timeout?: number } = {}): Promise<void> {
  await appStarted(page).waitFor({ state: 'attached', ...options });
}

/**
 * The forms of a page as prerendered, before the app has taken it over. A CSS locator: the
 * prerendered markup is marked on its root for the app and for tests, nothing a person sees.
 */
export function prerenderedForms(page: Page): Locator {
  return page.locator('#root[data-prerendered] form');
}

/** Opens a path and waits until the app has started (prerendered pages are visible before that). */
export async function openApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForApp(page);
}

/**
 * How long a screen may take to show what a device's first sync brings (the marketplace's
 * listings) after a cold load. On a loaded 2-core runner a cold /marketplace was ready only
 * 15 s after navigation, and its listings, fetched and stored a moment later, were not yet
 * drawn 8 s after that: more than the default 10 s of an expectation.
 */
export const FIRST_SYNC_TIMEOUT = 30_000;

/** Waits until the marketplace shows its listings (by default: any, at least one). */
export async function waitForListings(page: Page, shown: RegExp = /Showing \d+ of [1-9]\d* plates/): Promise<void> {
  await expect(page.getByText(shown)).toBeVisible({ timeout: FIRST_SYNC_TIMEOUT });
}

/** The seeded demo accounts (README), one per role. */
export const DEMO = {
  admin: { email: 'admin@nambala.zm', password: 'Admin#2026' },
  buyer: { email: 'buyer@nambala.zm', password: 'Buyer#2026' },
  agent: { email: 'agent@nambala.zm', password: 'Agent#2026' },
  police: { email: 'police@nambala.zm', password: 'Police#2026' },
  insurer: { email: 'insurer@nambala.zm', password: 'Insurer#2026' },
} as const;

/** Signs in through the API; the session cookie is shared with the page. */
export async function signInAs(page: Page, account: keyof typeof DEMO): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: DEMO[account] });
  expect(response.status()).toBe(200);
}

/** The demo account whose role opens a dashboard path. */
export function accountFor(path: string): keyof typeof DEMO {
  if (path.startsWith('/dashboard/admin')) return 'admin';
  if (path.startsWith('/dashboard/agent')) return 'agent';
  if (path.startsWith('/dashboard/insurance')) return 'insurer';
  if (path.startsWith('/dashboard/police')) return 'police';
  return 'buyer';
}

/**
 * Waits until the officer's device holds the whole registry copy: the demo registry's
 * 5,000 plates and the numbers the journeys running beside this one have added.
 */
export async function waitForRegistryCopy(page: Page): Promise<void> {
  await expect
    .poll(async () => Number(((await page.getByTestId('registry-plates').textContent()) ?? '0').replace(/\D/g, '')), {
      timeout: 60_000,
    })
    .toBeGreaterThanOrEqual(5000);
}

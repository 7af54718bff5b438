/**
 * Every screen of every role passes axe: each path the app has a page for (dist/routes.json,
 * written by the build from the route table, so a new screen cannot slip past), opened by the
 * role it belongs to, after its data has arrived. A page that leads to another (a redirect)
 * is checked where it lands. Public pages at 360 px (accessibility.spec.ts checks them at
 * 1280 px), the dashboards at 1280 px (the owner's pages, inventory, reports and the claims
 * page are checked at 360 px in their own specs).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { accountFor, type DEMO } from './app-page';
import { signedInPage } from './lifecycle-steps';
import { seriousViolations } from './axe';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROUTES = JSON.parse(readFileSync(path.join(root, 'dist', 'routes.json'), 'utf8')) as string[];

/** A real value for each route parameter, from the signed-in account's own data. */
async function concretePath(pattern: string, request: APIRequestContext): Promise<string> {
  if (!pattern.includes(':paymentId')) return pattern;
  const body = (await (await request.get('/api/payments')).json()) as { payments?: Array<{ id: string }> };
  const id = body.payments?.[0]?.id;
  if (!id) throw new Error('the demo buyer has no payment to open');
  return pattern.replace(':paymentId', id);
}

const byAccount = new Map<keyof typeof DEMO | 'visitor', string[]>();
for (const route of ROUTES) {
  const account = route.startsWith('/dashboard') ? accountFor(route) : 'visitor';
  byAccount.set(account, [...(byAccount.get(account) ?? []), route]);
}

const PHONE = { width: 360, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

for (const [account, routes] of byAccount) {
  const viewport = account === 'visitor' ? PHONE : DESKTOP;
  test(`every ${account === 'visitor' ? 'public' : account} screen has no serious accessibility violation at ${viewport.width} px`, async ({ browser }) => {
    test.setTimeout(240_000);
    const page = account === 'visitor' ? await (await browser.newContext({ viewport })).newPage() : await signedInPage(browser, account, { viewport });
    const failures: string[] = [];
    for (const route of routes) {
      await page.goto(await concretePath(route, page.request));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
      // The page's data has arrived: nothing is still loading.
      await expect(page.getByText(/^Loading/).filter({ visible: true })).toHaveCount(0, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const found = await seriousViolations(page);
      if (found.length > 0) failures.push(`${route}: ${found.join(' | ')}`);
    }
    expect(failures).toEqual([]);
    await page.context().close();
  });
}

/**
 * Every screen of every role: each path the app has a page for (dist/routes.json, written by
 * the build from the route table, so a new screen cannot slip past), opened by the role it
 * belongs to, after its data has arrived. On each: the page renders its heading in its own
 * frame (a public page in the public header and footer, at 360 px without scrolling
 * sideways; a dashboard in the shell, without them), the browser logs no error, and axe
 * finds no serious violation. A page that leads to another (a redirect) is checked where
 * it lands. Public pages at 360 px (accessibility.spec.ts checks them with axe at 1280 px),
 * the dashboards at 1280 px (the owner's pages, inventory, reports and the claims page are
 * checked at 360 px in their own specs, and three dashboards' layout in routes.spec.ts).
 * Each screen's words are read too: no day or moment as a machine writes it (2027-01-20) and
 * no plural left to the reader (plate(s)), src/domain/text/machine-words.ts.
 * One page per role goes through all of its screens: a fresh sign-in and first sync for
 * each screen would take the run minutes longer and check nothing more.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, test, type Page } from '@playwright/test';
import { accountFor, type DEMO } from './app-page';
import { SitePage } from './home-page';
import { PUBLIC_ROUTES } from './public-routes';
import { signedInPage } from './lifecycle-steps';
import { seriousViolations } from './axe';
import { machineWords } from '../src/domain/text/machine-words';

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

/** What the browser logs as an error while `page` is open, read and emptied per screen. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The frame a screen is drawn in: the public header and footer, or the dashboard's shell without them. */
async function frameProblems(page: Page, route: string, isPublic: boolean): Promise<string[]> {
  const problems: string[] = [];
  // The public frame's parts: present on a public page, absent from the dashboard's shell.
  const site = new SitePage(page);
  if (isPublic) {
    const expected = PUBLIC_ROUTES.find((publicRoute) => publicRoute.path === route);
    if (expected) {
      const heading = (await site.heading().first().textContent()) ?? '';
      const matches =
        typeof expected.heading === 'string' ? heading.includes(expected.heading) : expected.heading.test(heading);
      if (!matches) problems.push(`heading “${heading}”, expected ${String(expected.heading)}`);
      if (!(await site.header.isVisible())) problems.push('no public header');
      if (!(await site.footer.isVisible())) problems.push('no public footer');
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (overflow > 0) problems.push(`scrolls ${overflow} px sideways`);
  } else {
    if ((await site.footer.count()) > 0) problems.push('the public footer in the dashboard shell');
    if ((await site.link('How It Works').count()) > 0) problems.push('the public header in the dashboard shell');
  }
  return problems;
}

for (const [account, routes] of byAccount) {
  const isPublic = account === 'visitor';
  const viewport = isPublic ? PHONE : DESKTOP;
  test(`every ${isPublic ? 'public' : account} screen renders in its frame, logs no error and has no serious accessibility violation at ${viewport.width} px`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = isPublic
      ? await (await browser.newContext({ viewport })).newPage()
      : await signedInPage(browser, account, { viewport });
    const errors = consoleErrors(page);
    const site = new SitePage(page);
    const failures: string[] = [];
    for (const route of routes) {
      errors.length = 0;
      await page.goto(await concretePath(route, page.request));
      await expect(site.heading().first()).toBeVisible({ timeout: 20_000 });
      // The page's data has arrived: nothing is still loading.
      await expect(site.loadingWords).toHaveCount(0, { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const found = [
        ...(await frameProblems(page, route, isPublic)),
        ...errors.map((error) => `logged “${error}”`),
        ...(await seriousViolations(page)),
        ...machineWords(await page.locator('body').innerText()).map((found) => `reads “${found}”`),
      ];
      if (found.length > 0) failures.push(`${route}: ${found.join(' | ')}`);
    }
    expect(failures).toEqual([]);
    await page.context().close();
  });
}

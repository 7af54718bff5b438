/**
 * Typing is never lost: a prerendered page is usable before the app has started, so what
 * a person types, picks or submits then must survive the app taking the page over. The
 * CPU is slowed 4 times, and the app's start script is held back until the person has
 * finished, so the typing surely lands before the app starts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { DEMO, prerenderedForms, signInAs, waitForApp } from './app-page';
import { AuthPage } from './auth-page';
import { ContactPage } from './contact-page';
import { HomePage } from './home-page';
import { VerificationPage } from './verification-page';

const manifest = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8'),
) as Record<string, { file: string }>;
const START_SCRIPT = `/${manifest['src/app/start.tsx']?.file ?? 'missing-start-script'}`;

/**
 * Opens a prerendered page on a CPU slowed 4 times, with the app's start held back;
 * resolves `startApp` to let it load.
 */
async function openBeforeTheAppStarts(page: Page, pathname: string): Promise<{ startApp: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${START_SCRIPT}`, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(pathname, { waitUntil: 'commit' });
  await prerenderedForms(page).first().waitFor();
  return {
    startApp: async () => {
      expect(
        await page.evaluate(() => document.documentElement.hasAttribute('data-ready')),
        'the app started before the test typed',
      ).toBe(false);
      release();
      await waitForApp(page, { timeout: 30_000 });
    },
  };
}

/** Every request for a registry verdict the page sends, as paths. */
function checksSent(page: Page): string[] {
  const checks: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/verification/')) checks.push(url.pathname + url.search);
  });
  return checks;
}

/** /verification opened with the app held back, `typed` entered as the plate number and Enter pressed. */
async function checkBeforeTheAppStarts(
  page: Page,
  typed: string,
): Promise<{ checks: string[]; startApp: () => Promise<void> }> {
  const checks = checksSent(page);
  const { startApp } = await openBeforeTheAppStarts(page, '/verification');
  const field = new VerificationPage(page).plateNumber;
  await field.fill(typed);
  await field.press('Enter');
  return { checks, startApp };
}

test.describe('typing before the app has started', () => {
  test('sign-in: the email and password typed and Login pressed early sign the buyer in, nothing in the address', async ({
    page,
  }) => {
    const { startApp } = await openBeforeTheAppStarts(page, '/auth');
    const auth = new AuthPage(page);
    await auth.email.fill(DEMO.buyer.email);
    await auth.password.fill(DEMO.buyer.password);
    await auth.loginButton.click();
    await startApp();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    expect(page.url()).not.toContain('password');
  });

  test('a page drawn afresh (/auth?tab=signup) keeps the email typed into the login form shown before it', async ({
    page,
  }) => {
    const { startApp } = await openBeforeTheAppStarts(page, '/auth?tab=signup');
    const auth = new AuthPage(page);
    await auth.email.fill(DEMO.buyer.email);
    await startApp();
    await expect(auth.signUpForm).toBeVisible();
    await auth.tab('Login').click();
    await expect(auth.email).toHaveValue(DEMO.buyer.email);
  });

  test('verification: a plate typed and Enter pressed early is sent at once, and its verdict shown once the app has started', async ({
    page,
  }) => {
    const { checks, startApp } = await checkBeforeTheAppStarts(page, 'zm-789-ghi');
    await expect.poll(() => checks.length, { message: 'the number was not sent before the app started' }).toBe(1);
    await startApp();
    await expect(new VerificationPage(page).result).toHaveAttribute('data-verdict', 'Stolen', {
      timeout: 20_000,
    });
    // The app took the answer to the request already sent, rather than asking again.
    expect(checks).toEqual([
      expect.stringMatching(/\/api\/verification\/ZM-789-GHI\?checkId=[0-9a-f-]{36}&method=manual$/),
    ]);
  });

  test('verification: the verdict on a number sent early is drawn before the app has started, and the app’s panel takes its place unchanged', async ({
    page,
  }) => {
    const { checks, startApp } = await checkBeforeTheAppStarts(page, 'ZM-123-ABC');
    const verification = new VerificationPage(page);
    const early = verification.early;
    await expect(early.root).toHaveAttribute('data-verdict', 'Valid', { timeout: 20_000 });
    await expect(early.registeredVehicle).toHaveText('Silver Toyota Corolla (2019)');
    await expect(early.heading).toBeFocused();
    // Drawn from the template with every value in place, and the placeholder beneath it hidden.
    const drawn = await early.root.evaluate((panel) => panel.outerHTML.replace(/<!--.*?-->/g, ''));
    expect(drawn).not.toContain('\uE000');
    await expect(verification.placeholder).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);

    await startApp();
    await expect(verification.earlySlot).toBeEmpty({ timeout: 20_000 });
    const panels = verification.verdict;
    await expect(panels.root).toHaveCount(1);
    expect(
      await panels.root.evaluate((panel) => panel.outerHTML),
      'the app drew other markup than the early panel',
    ).toBe(drawn);
    await expect(panels.heading).toBeFocused();
    expect(checks).toHaveLength(1);

    // A check made once the app runs takes the early verdict's place.
    const field = verification.plateNumber;
    await field.fill('ZM-789-GHI');
    await field.press('Enter');
    await expect(panels.root).toHaveAttribute('data-verdict', 'Stolen');
    await expect(panels.root).toHaveCount(1);
  });

  test('verification: an officer’s verdict sent early is drawn with the owner and insurance before the app has started', async ({
    page,
  }) => {
    await signInAs(page, 'police');
    const { startApp } = await checkBeforeTheAppStarts(page, 'ZM-123-ABC');
    const verification = new VerificationPage(page);
    const early = verification.early;
    await expect(early.ownerName).toHaveText('Mwila Banda', { timeout: 20_000 });
    await expect(early.insuranceCover).toContainText(/^Insured until \d{1,2} \w{3,4} \d{4} \(/);
    const drawn = await early.root.evaluate((panel) => panel.outerHTML.replace(/<!--.*?-->/g, ''));
    await startApp();
    await expect(verification.earlySlot).toBeEmpty({ timeout: 20_000 });
    expect(await verification.result.evaluate((panel) => panel.outerHTML)).toBe(drawn);
  });

  test('verification: what is not a plate number is not sent early; the app says what is wrong with it', async ({
    page,
  }) => {
    const { checks, startApp } = await checkBeforeTheAppStarts(page, '-ABC');
    await startApp();
    await expect(
      new VerificationPage(page).fieldError('Plate number must start and end with a letter or digit'),
    ).toBeVisible();
    expect(checks).toEqual([]);
  });

  test('verification: a number sent from the home page (?plate=) is checked before the app has started', async ({
    page,
  }) => {
    const checks = checksSent(page);
    const { startApp } = await openBeforeTheAppStarts(page, '/verification?plate=ZM-123-ABC');
    await expect.poll(() => checks.length, { message: 'the number was not sent before the app started' }).toBe(1);
    await startApp();
    await expect(new VerificationPage(page).result).toHaveAttribute('data-verdict', 'Valid', { timeout: 20_000 });
    expect(checks).toHaveLength(1);
  });

  test('contact and the home page quick search keep what was typed', async ({ page }) => {
    let app = await openBeforeTheAppStarts(page, '/about-contact');
    const contact = new ContactPage(page);
    await contact.fill({ name: 'Mwila Banda', message: 'When can I collect my plates?' });
    await app.startApp();
    await expect(contact.field('name')).toHaveValue('Mwila Banda');
    await expect(contact.field('message')).toHaveValue('When can I collect my plates?');

    await page.unrouteAll();
    app = await openBeforeTheAppStarts(page, '/');
    const home = new HomePage(page);
    await home.availabilityField.fill('ZM-777-VIP');
    await app.startApp();
    await expect(home.availabilityField).toHaveValue('ZM-777-VIP');
  });
});

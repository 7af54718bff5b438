/**
 * A page model of the administrator's USSD simulator (/dashboard/admin/ussd): a phone drawn on
 * the page, found as a person finds it: the Phone number field, the Dial button, the phone's
 * screen (a status region) and the Reply field under it.
 */
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { openApp, signInAs } from './app-page';

export class UssdSimulatorPage {
  constructor(readonly page: Page) {}

  /** Signed in as the administrator, from the dashboard through the menu's link. */
  static async open(browser: Browser): Promise<UssdSimulatorPage> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAs(page, 'admin');
    await openApp(page, '/dashboard/admin');
    await page.getByRole('link', { name: 'USSD simulator' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'USSD simulator' })).toBeVisible();
    return new UssdSimulatorPage(page);
  }

  get screen(): Locator {
    return this.page.getByRole('status', { name: 'Phone screen' });
  }

  /** Dials the service from `phone` and waits for the first screen. */
  async dial(phone: string): Promise<void> {
    await this.page.getByRole('textbox', { name: 'Phone number' }).fill(phone);
    await this.page.getByRole('button', { name: 'Dial' }).click();
    await expect(this.screen).toContainText('1 Check a plate');
  }

  /** Types an answer on the phone and sends it. */
  async answer(text: string): Promise<void> {
    const reply = this.page.getByRole('textbox', { name: 'Reply' });
    await reply.fill(text);
    await this.page.getByRole('button', { name: 'Send', exact: true }).click();
  }
}

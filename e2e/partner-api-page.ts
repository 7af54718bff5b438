/**
 * A page model of the administrator's Partner API page (/dashboard/admin/partners), found by
 * headings, labels and button names: registering an organisation, issuing a key and reading
 * it from the dialog that shows it once.
 */
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { openApp, signInAs } from './app-page';

export class PartnerApiPage {
  constructor(readonly page: Page) {}

  static async open(browser: Browser): Promise<PartnerApiPage> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAs(page, 'admin');
    await openApp(page, '/dashboard/admin/partners');
    await expect(page.getByRole('heading', { level: 1, name: 'Partner API' })).toBeVisible();
    return new PartnerApiPage(page);
  }

  get organisations(): Locator {
    return this.page.getByRole('list', { name: 'Partner organisations' });
  }

  /** An organisation's entry in the list, by its name. */
  organisation(name: string): Locator {
    return this.organisations.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name }) });
  }

  async registerInsurer(name: string, insurerName: string, contactEmail: string): Promise<void> {
    await this.page.getByLabel('Organisation name').fill(name);
    await this.page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Insurer' });
    await this.page.getByLabel('Insurer name on its policies').fill(insurerName);
    await this.page.getByLabel('Contact email').fill(contactEmail);
    await this.page.getByRole('button', { name: 'Register organisation' }).click();
    await expect(this.organisation(name)).toBeVisible();
  }

  /** Issues a key with these scopes (labels as shown) and answers the key the dialog shows once. */
  async issueKey(organisation: string, scopes: string[]): Promise<string> {
    await this.page.getByRole('button', { name: `Issue key for ${organisation}` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Issue an API key for ${organisation}` });
    // The checkboxes are native inputs inside their labels.
    for (const scope of scopes) await dialog.getByRole('checkbox', { name: scope }).check();
    await dialog.getByRole('button', { name: 'Issue key' }).click();
    const shown = this.page.getByRole('alertdialog', { name: `API key for ${organisation}` });
    await expect(shown.getByText('This key is shown only once')).toBeVisible();
    await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
    const key = await shown.getByLabel('API key').inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    return key;
  }

  /** Opens an organisation's webhooks, adds one at `url`, and answers the signing secret shown once. */
  async addWebhook(organisation: string, url: string): Promise<string> {
    await this.page.getByRole('button', { name: `Webhooks of ${organisation}` }).click();
    await this.page.getByLabel('Address to send events to').fill(url);
    await this.page.getByRole('button', { name: 'Add webhook' }).click();
    const shown = this.page.getByRole('alertdialog', { name: 'Webhook signing secret' });
    await expect(shown.getByText('This secret is shown only once')).toBeVisible();
    const secret = await shown.getByLabel('Signing secret').inputValue();
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(this.page.getByRole('list', { name: `Webhooks of ${organisation}` })).toContainText(url);
    return secret;
  }
}

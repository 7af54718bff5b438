/**
 * Page models of the public site: its frame on every public page (header, mobile menu,
 * footer, main), and the home page's quick search (availability and Verify Plate).
 */
import { type Locator, type Page } from '@playwright/test';
import { openApp } from './app-page';

/** The public frame around every page that is not the dashboard. */
export class SitePage {
  constructor(readonly page: Page) {}

  /** Opens a path and waits until the app has started. */
  static async open(page: Page, path: string): Promise<SitePage> {
    await openApp(page, path);
    return new SitePage(page);
  }

  /** The page's heading (level 1), or the one named so. */
  heading(name?: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name }) });
  }

  /** A heading of any level: a message shown in place of a page (not found, could not be shown). */
  titled(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name });
  }

  /** A named section of the page (a plan, a panel). */
  region(name: string): Locator {
    return this.page.getByRole('region', { name });
  }

  /** A link in the page, by its name. */
  link(name: string | RegExp): Locator {
    return this.page.getByRole('link', { name });
  }

  get header(): Locator {
    return this.page.getByRole('banner');
  }

  /** A header link (the header may hold one for wide and one for narrow screens). */
  headerLink(name: string): Locator {
    return this.header.getByRole('link', { name });
  }

  get openMenu(): Locator {
    return this.page.getByRole('button', { name: 'Open menu' });
  }

  get mobileMenu(): Locator {
    return this.page.getByRole('navigation', { name: 'Mobile' });
  }

  mobileMenuLink(name: string): Locator {
    return this.mobileMenu.getByRole('link', { name });
  }

  get footer(): Locator {
    return this.page.getByRole('contentinfo');
  }

  footerLink(name: string): Locator {
    return this.footer.getByRole('link', { name });
  }

  /** How far down the page the reader has scrolled, in CSS pixels. */
  scrolledTo(): Promise<number> {
    return this.page.evaluate(() => window.scrollY);
  }

  /** The header's online/offline and sync state (a live region named after what it shows). */
  get connectionStatus(): Locator {
    return this.page.getByRole('status', { name: /^(Online|Offline|Syncing), / });
  }

  /** The spinner shown in place of a page whose code is loading. */
  get loading(): Locator {
    return this.page.getByRole('status', { name: 'Loading' });
  }

  /** The page's main region (it takes focus after a navigation and is marked busy while the next page loads). */
  get main(): Locator {
    return this.page.getByRole('main');
  }

  /**
   * Words a screen shows while its data is on its way ("Loading…"), where a person sees them.
   * By their words: plain lines of text, each screen its own.
   */
  get loadingWords(): Locator {
    return this.page.getByText(/^Loading/).filter({ visible: true });
  }

  // Installing and updating the app

  /** Install app, in the header (or in the menu on a phone). */
  get installApp(): Locator {
    return this.page.getByRole('button', { name: 'Install app' });
  }

  /** The steps to add Nambala from the Share menu, on an iPhone. */
  get homeScreenSteps(): Locator {
    return this.page.getByRole('dialog', { name: 'Add Nambala to your Home Screen' });
  }

  /** The steps' Done button. */
  get homeScreenDone(): Locator {
    return this.homeScreenSteps.getByRole('button', { name: 'Done' });
  }

  /** The notice that a new version waits. */
  get appUpdate(): Locator {
    return this.page.getByRole('region', { name: 'App update' });
  }

  /** The notice's words, in the notice. */
  get updateNotice(): Locator {
    return this.appUpdate.getByText('A new version of Nambala is ready.');
  }

  /** The notice's words anywhere on the page (so that their absence is checked everywhere). */
  get updateReady(): Locator {
    return this.page.getByText('A new version of Nambala is ready.');
  }

  /**
   * The page's body. By its element: a journey that stands in for the browser's install
   * prompt counts the prompt's openings on it, a mark of the test's own.
   */
  get body(): Locator {
    return this.page.locator('body');
  }

  get updateNow(): Locator {
    return this.appUpdate.getByRole('button', { name: 'Update now' });
  }
}

/** The home page (/) and its quick search. */
export class HomePage extends SitePage {
  static override async open(page: Page): Promise<HomePage> {
    await openApp(page, '/');
    return new HomePage(page);
  }

  get availability(): Locator {
    return this.page.getByRole('search', { name: 'Check plate availability' });
  }

  get availabilityField(): Locator {
    return this.availability.getByRole('textbox', { name: 'Plate number' });
  }

  get checkAvailability(): Locator {
    return this.availability.getByRole('button', { name: 'Check Availability' });
  }

  /**
   * The answer to a check. By its test id: an alert box that is shown as a whole, with
   * no name of its own, and the journeys read it by its words.
   */
  get answer(): Locator {
    return this.availability.getByTestId('availability-answer');
  }

  /** The answer's link to the number in the marketplace. */
  get viewInMarketplace(): Locator {
    return this.answer.getByRole('link', { name: 'View it in the marketplace' });
  }

  /** The answer's link that opens the wizard with a free number chosen ("Apply for ZM-500-MWB"). */
  applyFor(plate: string): Locator {
    return this.answer.getByRole('link', { name: `Apply for ${plate}` });
  }

  async checkPlate(plate: string): Promise<void> {
    await this.availabilityField.fill(plate);
    await this.checkAvailability.click();
  }

  get verifyTab(): Locator {
    return this.page.getByRole('tab', { name: 'Verify Plate' });
  }

  get verifyForm(): Locator {
    return this.page.getByRole('form', { name: 'Verify a plate' });
  }

  get verifyField(): Locator {
    return this.verifyForm.getByRole('textbox', { name: 'Plate number' });
  }

  get verifyButton(): Locator {
    return this.verifyForm.getByRole('button', { name: 'Verify Plate' });
  }

  async verify(plate: string): Promise<void> {
    await this.verifyTab.click();
    await this.verifyField.fill(plate);
    await this.verifyButton.click();
  }
}

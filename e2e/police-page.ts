/**
 * A page model of the officer's Roadside Verification (/dashboard/police): the number's field
 * and the verdict (as on plate verification), the Recent checks, a flag raised on a plate and
 * My flags; found by the tables', regions', dialogs' and buttons' names.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DashboardPage } from './dashboard-page';
import { VerificationPage } from './verification-page';

export class PolicePage extends DashboardPage {
  /** The number's field and the verdict, the same parts as on plate verification. */
  readonly verification: VerificationPage;

  constructor(page: Page) {
    super(page);
    this.verification = new VerificationPage(page);
  }

  /** Types a number, presses Verify Plate and waits until the verdict names it. */
  async typePlate(plateNumber: string): Promise<void> {
    await this.verification.check(plateNumber);
    await expect(this.verification.result).toContainText(plateNumber);
  }

  get recentChecks(): Locator {
    return this.page.getByRole('table', { name: 'Recent checks' });
  }

  /** A row of Recent checks, by everything it is to show (the plate, how it was checked, its sync state). */
  recentCheck(...texts: string[]): Locator {
    let row = this.recentChecks.getByRole('row');
    for (const text of texts) row = row.filter({ hasText: text });
    return row;
  }

  get flagButton(): Locator {
    return this.page.getByRole('button', { name: 'Flag this plate' });
  }

  flagDialog(plate: string): Locator {
    return this.page.getByRole('dialog', { name: `Flag ${plate}` });
  }

  /** Flags the plate of the verdict shown; answers with the flag's dialog (it closes once sent). */
  async flag(plate: string, suspicion: string, note: string): Promise<Locator> {
    await this.flagButton.click();
    const dialog = this.flagDialog(plate);
    await dialog.getByRole('combobox', { name: 'What do you suspect?' }).selectOption(suspicion);
    await dialog.getByRole('textbox', { name: 'What did you see?' }).fill(note);
    await dialog.getByRole('button', { name: 'Send Flag' }).click();
    return dialog;
  }

  get myFlags(): Locator {
    return this.page.getByRole('region', { name: 'My flags' });
  }

  /**
   * A flag's entry in My flags. By the plate's line, two levels up: the entries are plain blocks
   * with no role or name of their own, and that block holds the flag's badges.
   */
  myFlag(plate: string): Locator {
    return this.myFlags.getByText(plate, { exact: true }).locator('xpath=../..');
  }

  get refreshNow(): Locator {
    return this.page.getByRole('button', { name: 'Refresh now' });
  }
}

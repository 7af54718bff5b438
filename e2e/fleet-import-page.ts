/**
 * A page model of Vehicles & Fleet's Import from CSV dialog: the file, the Import button, what
 * the import did, the rows to correct and their download, and importing the good rows without
 * them. Found by the dialog's, buttons' and statuses' names.
 */
import { expect, type Download, type Locator } from '@playwright/test';
import { FleetPage } from './fleet-page';

export class FleetImportPage extends FleetPage {
  get importButton(): Locator {
    return this.page.getByRole('button', { name: 'Import from CSV' }).first();
  }

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Import from CSV' });
  }

  /** Opens the dialog, chooses a file with this text, and presses Import. */
  async importFile(name: string, text: string): Promise<void> {
    await this.importButton.click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    await this.dialog.getByRole('button', { name: 'Import', exact: true }).click();
  }

  /** What the import did, or where it stands ("3 vehicles added, 0 updated"). */
  get status(): Locator {
    return this.dialog.getByRole('status');
  }

  /** The rows to correct, with the reason the file was refused. */
  get problems(): Locator {
    return this.dialog.getByRole('alert');
  }

  /** "Import the N good rows": the good rows go in without the bad ones. */
  get importGoodRows(): Locator {
    return this.dialog.getByRole('button', { name: /^Import the \d+ good rows?$/ });
  }

  /** Downloads the rows to correct. */
  async downloadRowsToCorrect(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.dialog.getByRole('button', { name: 'Download the rows to correct' }).click();
    return download;
  }

  async close(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(this.dialog).toBeHidden();
  }
}

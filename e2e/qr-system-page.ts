/**
 * A page model of the administrator's QR System (/dashboard/admin/qr-system): the flagged
 * plates and their decisions, the registry's signing keys with their rotation, revocation
 * and re-issue, the revocation list and the Personal Data Access Log; found by the
 * buttons', dialogs', sections' and tables' names.
 */
import { type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

export class QrSystemPage extends DashboardPage {
  // Flagged plates

  /** A flag's Revoke plate button, by the plate it names. */
  revokePlateButton(plate: string): Locator {
    return this.page.getByRole('button', { name: `Revoke plate (${plate})` });
  }

  /** The confirmation of a plate's revocation. */
  revokePlateDialog(plate: string): Locator {
    return this.page.getByRole('alertdialog', { name: `Revoke ${plate}?` });
  }

  /** Revokes a flagged plate with a decision note and waits until the confirmation closes. */
  async revokePlate(plate: string, note: string, options: { timeout?: number } = {}): Promise<Locator> {
    await this.revokePlateButton(plate).click(options);
    const confirm = this.revokePlateDialog(plate);
    await confirm.getByRole('textbox', { name: 'Decision note (optional)' }).fill(note);
    await confirm.getByRole('button', { name: 'Revoke plate' }).click();
    return confirm;
  }

  // Signing keys

  get signingKeys(): Locator {
    return this.page.getByRole('table', { name: 'Signing keys' });
  }

  /** A key's row, by its number (the row starts with it). */
  keyRow(key: number): Locator {
    return this.signingKeys.getByRole('row').filter({ hasText: new RegExp(`^${key}`) });
  }

  get rotateKeyButton(): Locator {
    return this.page.getByRole('button', { name: 'Rotate Key' });
  }

  get rotateDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Rotate the signing key?' });
  }

  revokeKeyButton(key: number): Locator {
    return this.page.getByRole('button', { name: `Revoke key ${key}` });
  }

  revokeKeyDialog(key: number): Locator {
    return this.page.getByRole('alertdialog', { name: `Revoke key ${key}?` });
  }

  /** The progress of the plates a revoked key signed being issued again. */
  reissueProgressBar(key: number): Locator {
    return this.page.getByRole('progressbar', { name: new RegExp(`because key ${key} was revoked`) });
  }

  // Revocation list

  get revocationList(): Locator {
    return this.page.getByRole('region', { name: 'Revocation list' });
  }

  /** The list's count of what it shows ("Showing 50 of 125"), or the words given. */
  revocationsShown(count: string | RegExp = /^Showing \d+ of \d+$/): Locator {
    return this.revocationList.getByText(count);
  }

  /** Draws the list's next page (for keyboards; reaching the end of the list does it too). */
  get showMoreRevocations(): Locator {
    return this.revocationList.getByRole('button', { name: /^Show more/ });
  }

  /** The list's search, by the name it gives screen readers. */
  get revocationSearch(): Locator {
    return this.revocationList.getByRole('searchbox', { name: 'Search revoked and stolen plates' });
  }

  /** A revoked plate's cell in the list. */
  revocation(plate: string): Locator {
    return this.revocationList.getByRole('cell', { name: plate });
  }

  // Personal Data Access Log

  get accessLog(): Locator {
    return this.page.getByRole('region', { name: 'Personal Data Access Log' });
  }

  get accessLogOfficer(): Locator {
    return this.accessLog.getByLabel('Officer', { exact: true });
  }

  get accessLogPlate(): Locator {
    return this.accessLog.getByLabel('Plate', { exact: true });
  }

  /** "Showing n of m lookups". */
  get accessLogShown(): Locator {
    return this.accessLog.getByText(/^Showing \d+ of \d+ lookups?$/);
  }

  /** The CSV of the lookups the filters leave (a link to the file; a disabled button offline). */
  get accessLogExport(): Locator {
    return this.accessLog.getByRole('link', { name: 'Export CSV' });
  }

  get accessLogExportOffline(): Locator {
    return this.accessLog.getByRole('button', { name: 'Export CSV (needs a connection)' });
  }

  /** Words in the log (a plate number in its rows, what it says offline), as a person reads them. */
  inAccessLog(text: string | RegExp): Locator {
    return this.accessLog.getByText(text);
  }

  /**
   * The re-issue's line of progress under its bar. By test id: a plain line of text whose words
   * are what the journey reads, so they cannot be what finds it.
   */
  get reissueProgress(): Locator {
    return this.page.getByTestId('reissue-progress');
  }
}

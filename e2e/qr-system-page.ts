/**
 * A page model of the administrator's QR System (/dashboard/admin/qr-system): the flagged
 * plates and their decisions, and the registry's signing keys with their rotation, revocation
 * and re-issue; found by the buttons', dialogs' and tables' names.
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

  /**
   * The re-issue's line of progress under its bar. By test id: a plain line of text whose words
   * are what the journey reads, so they cannot be what finds it.
   */
  get reissueProgress(): Locator {
    return this.page.getByTestId('reissue-progress');
  }
}

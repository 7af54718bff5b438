/**
 * A page model of the owner's My Plates & Orders (/dashboard/user/plates), found by the
 * table's and buttons' names.
 */
import { expect, type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

export class MyPlatesPage extends DashboardPage {
  get table(): Locator {
    return this.page.getByRole('table', { name: 'My Plates & Orders' });
  }

  /** A plate's row, by its number. */
  row(plate: string): Locator {
    return this.table.getByRole('row').filter({ hasText: plate });
  }

  /** A plate's entry in the list a phone shows in place of the table, by something it shows. */
  item(text: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: text });
  }

  /** The plate's insurance cover in a row (or in the whole table). By test id: a plain line of text in a cell. */
  cover(within: Locator = this.table): Locator {
    return within.getByTestId('plate-cover');
  }

  // Transfers

  transferButton(plate: string): Locator {
    return this.page.getByRole('button', { name: `Transfer ${plate}` });
  }

  transferDialog(plate: string): Locator {
    return this.page.getByRole('dialog', { name: `Transfer plate ${plate}` });
  }

  /** Invites a new owner by email or phone number in the plate's open Transfer dialog and presses Start transfer. */
  async startTransfer(plate: string, newOwner: string): Promise<void> {
    const dialog = this.transferDialog(plate);
    await dialog.getByRole('textbox', { name: /New owner’s email or phone number/ }).fill(newOwner);
    await dialog.getByRole('button', { name: 'Start transfer' }).click();
  }

  /** The transfers offered to the signed-in person, awaiting their answer. */
  get pendingTransfers(): Locator {
    return this.page.getByRole('region', { name: 'Pending transfers' });
  }

  acceptDialog(plate: string): Locator {
    return this.page.getByRole('dialog', { name: `Accept plate ${plate}` });
  }

  /** Presses Accept on a pending transfer, gives the name and NRC as on the ID, and presses Accept transfer. */
  async acceptTransfer(plate: string, person: { name: string; nrc: string }): Promise<Locator> {
    await this.pendingTransfers.getByRole('button', { name: 'Accept' }).click();
    const dialog = this.acceptDialog(plate);
    await dialog.getByRole('textbox', { name: /Full name/ }).fill(person.name);
    await dialog.getByRole('textbox', { name: /NRC number/ }).fill(person.nrc);
    await dialog.getByRole('button', { name: 'Accept transfer' }).click();
    return dialog;
  }

  /**
   * Shows the whole list: once it is drawn, presses Show more until it is gone; with `until`, until
   * that is on screen too (rows the device's sync brings after the first drawing bring Show more back).
   */
  async showAll(until?: Locator): Promise<void> {
    await expect(this.table.getByRole('row').nth(1)).toBeVisible();
    const more = this.page.getByRole('button', { name: /^Show more/ });
    await expect(async () => {
      while (await more.isVisible()) await more.click();
      if (until) await expect(until.first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  }
}

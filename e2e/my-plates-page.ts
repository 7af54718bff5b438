/**
 * A page model of the owner's My Plates & Orders (/dashboard/user/plates), found by the
 * table's and buttons' names.
 */
import { type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

export class MyPlatesPage extends DashboardPage {
  get table(): Locator {
    return this.page.getByRole('table', { name: 'My Plates & Orders' });
  }

  /** A plate's row, by its number. */
  row(plate: string): Locator {
    return this.table.getByRole('row').filter({ hasText: plate });
  }

  /** The plate's insurance cover in a row (or in the whole table). By test id: a plain line of text in a cell. */
  cover(within: Locator = this.table): Locator {
    return within.getByTestId('plate-cover');
  }

  /** Shows the whole list: presses Show more until it is gone. */
  async showAll(): Promise<void> {
    const more = this.page.getByRole('button', { name: /^Show more/ });
    while (await more.isVisible()) await more.click();
  }
}

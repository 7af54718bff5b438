/**
 * A page model of the administrator's Inventory Management (/dashboard/admin/inventory): the
 * list of allocations with its search and filters, the Add and Edit allocation dialogs and the
 * deletion's confirmation, found by the buttons', fields' and dialogs' names.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

/** What the Add and Edit allocation dialogs ask; what is not given is left as the dialog has it. */
export interface Allocation {
  /** The Plate Maker option, by its label (a shop's name). */
  maker?: string;
  /** The Plate Type option (Diplomatic, Military…). */
  type?: string;
  quantity?: string;
  note?: string;
}

export class InventoryPage extends DashboardPage {
  /** Opens Inventory Management (the page must be signed in already) once the first sync has brought the allocations. */
  static async openWithAllocations(page: Page): Promise<InventoryPage> {
    await page.goto('/dashboard/admin/inventory');
    const inventory = new InventoryPage(page);
    await expect(inventory.heading('Inventory Management')).toBeVisible();
    await expect(inventory.shown()).toBeVisible({ timeout: 30_000 });
    return inventory;
  }

  /** "Showing n of m allocations" (n at least one), or the count given. */
  shown(count: string | RegExp = /Showing [1-9]\d* of \d+ allocations/): Locator {
    return this.page.getByText(count);
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search inventory' });
  }

  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
  }

  get stockStatus(): Locator {
    return this.page.getByRole('combobox', { name: 'Stock status' });
  }

  /** An allocation's row, by something it shows (its plate type). */
  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /**
   * The number the server gave an allocation ("#12"), in its row. By its text: a plain cell's
   * words with no name of their own, and the number is what the journey reads.
   */
  allocationNumber(row: Locator): Locator {
    return row.getByText(/^#\d+$/);
  }

  /** A row's Edit or Delete button, by the allocation's number ("#12"). */
  rowButton(action: 'Edit' | 'Delete', label: string): Locator {
    return this.page.getByRole('button', { name: `${action} allocation ${label}` });
  }

  get addButton(): Locator {
    return this.page.getByRole('button', { name: 'Add Allocation' });
  }

  get addDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add New Inventory Allocation' });
  }

  get editDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Edit Inventory Allocation' });
  }

  get confirmDeletion(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  }

  /** A field of the Add or Edit allocation dialog. */
  field(dialog: Locator, name: keyof Allocation): Locator {
    switch (name) {
      case 'maker':
        return dialog.getByRole('combobox', { name: /Plate Maker/ });
      case 'type':
        return dialog.getByRole('combobox', { name: /Plate Type/ });
      case 'quantity':
        return dialog.getByRole('spinbutton', { name: /Allocated Quantity/ });
      case 'note':
        return dialog.getByRole('textbox', { name: 'Note' });
    }
  }

  /** Fills in what is given in a dialog, in the order given (the maker chosen by its label). */
  async fill(dialog: Locator, allocation: Allocation): Promise<void> {
    for (const [name, value] of Object.entries(allocation) as [keyof Allocation, string][]) {
      if (name === 'maker') await this.field(dialog, name).selectOption({ label: value });
      else if (name === 'type') await this.field(dialog, name).selectOption(value);
      else await this.field(dialog, name).fill(value);
    }
  }

  /** The Add dialog's own Add Allocation button (the page's opens the dialog). */
  get submitAdd(): Locator {
    return this.addDialog.getByRole('button', { name: 'Add Allocation' });
  }

  get submitEdit(): Locator {
    return this.editDialog.getByRole('button', { name: 'Update Allocation' });
  }
}

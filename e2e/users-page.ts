/**
 * A page model of the administrator's User Management (/dashboard/admin/users) and its
 * dialogs, found by the search box's, buttons' and dialogs' names.
 */
import { type Browser, expect, type Locator } from '@playwright/test';
import { signInAs } from './app-page';
import { DashboardPage } from './dashboard-page';

/** What the Add User and Edit User dialogs ask. */
export interface UserFields {
  name?: string;
  email?: string;
  /** The User Type option: Customer, INSURANCE_AGENT… */
  type?: string;
  status?: string;
}

export class UsersPage extends DashboardPage {
  /** The demo administrator, in a context of their own, on User Management with its list shown. */
  static async openAsAdmin(browser: Browser): Promise<UsersPage> {
    const page = await (await browser.newContext()).newPage();
    await signInAs(page, 'admin');
    await page.goto('/dashboard/admin/users');
    const users = new UsersPage(page);
    await expect(users.shown()).toBeVisible();
    return users;
  }

  /** "Showing n of m users", or the count given. */
  shown(count: string | RegExp = /Showing \d+ of \d+ users/): Locator {
    return this.page.getByText(count);
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search users' });
  }

  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
  }

  /** A user's row in the list, by something it shows (their email). */
  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** A row's View, Edit or Delete button, by the person's name. */
  rowButton(action: 'View' | 'Edit' | 'Delete', person: string): Locator {
    return this.page.getByRole('button', { name: `${action} ${person}` });
  }

  get addUserButton(): Locator {
    return this.page.getByRole('button', { name: 'Add User' });
  }

  get details(): Locator {
    return this.page.getByRole('dialog', { name: 'User Details' });
  }

  get addDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add User' });
  }

  /** The Add User dialog's own Add User button. */
  get addDialogButton(): Locator {
    return this.addDialog.getByRole('button', { name: 'Add User' });
  }

  /** What the Add User dialog says is missing or wrong, by its words. */
  addDialogError(text: string): Locator {
    return this.addDialog.getByText(text);
  }

  get editDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Edit User' });
  }

  get confirmDeletion(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Confirm Deletion' });
  }

  /** A field of the Add User or Edit User dialog. */
  field(dialog: Locator, name: keyof UserFields): Locator {
    switch (name) {
      case 'name':
        return dialog.getByRole('textbox', { name: /Full Name/ });
      case 'email':
        return dialog.getByRole('textbox', { name: /Email/ });
      case 'type':
        return dialog.getByRole('combobox', { name: /User Type/ });
      case 'status':
        return dialog.getByRole('combobox', { name: /Status/ });
    }
  }

  /** Fills in what is given in a dialog (choices by their option). */
  async fill(dialog: Locator, fields: UserFields): Promise<void> {
    for (const [name, value] of Object.entries(fields) as [keyof UserFields, string][]) {
      if (name === 'type' || name === 'status') await this.field(dialog, name).selectOption(value);
      else await this.field(dialog, name).fill(value);
    }
  }

  /** The refusal shown over the list (your own account, for one). */
  alert(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}

/**
 * A page model of an account's Settings (/dashboard/settings): the Email and Phone form
 * and the Password form, found by the forms' names and the fields' labels.
 */
import { type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

export class SettingsPage extends DashboardPage {
  get contactForm(): Locator {
    return this.page.getByRole('form', { name: 'Email and Phone' });
  }

  get phone(): Locator {
    return this.contactForm.getByRole('textbox', { name: 'Phone' });
  }

  get contactPassword(): Locator {
    return this.contactForm.getByLabel(/Current Password/);
  }

  get changeContact(): Locator {
    return this.contactForm.getByRole('button', { name: 'Change Email or Phone' });
  }

  /** The Email and Phone form's report of a change. */
  contactChanged(text: string): Locator {
    return this.contactForm.getByRole('status').filter({ hasText: text });
  }

  get passwordForm(): Locator {
    return this.page.getByRole('form', { name: 'Password' });
  }

  get currentPassword(): Locator {
    return this.passwordForm.getByLabel(/Current Password/);
  }

  get newPassword(): Locator {
    return this.passwordForm.getByLabel(/^New Password/);
  }

  get confirmNewPassword(): Locator {
    return this.passwordForm.getByLabel(/Confirm New Password/);
  }

  get changePassword(): Locator {
    return this.passwordForm.getByRole('button', { name: 'Change Password' });
  }
}

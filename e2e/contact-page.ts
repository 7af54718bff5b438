/**
 * A page model of About & Contact (/about-contact) and its contact form, found by the
 * fields' and button's names.
 */
import { type Locator, type Page } from '@playwright/test';
import { openApp } from './app-page';
import { SitePage } from './home-page';

/** What the contact form asks. */
export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}

const LABELS: Record<keyof ContactMessage, string> = {
  name: 'Name',
  email: 'Email',
  subject: 'Subject',
  message: 'Message',
};

export class ContactPage extends SitePage {
  static async openContact(page: Page): Promise<ContactPage> {
    await openApp(page, '/about-contact');
    return new ContactPage(page);
  }

  field(name: keyof ContactMessage): Locator {
    return this.page.getByRole('textbox', { name: LABELS[name] });
  }

  get send(): Locator {
    return this.page.getByRole('button', { name: 'Send Message' });
  }

  async fill(values: Partial<ContactMessage>): Promise<void> {
    for (const [name, value] of Object.entries(values) as [keyof ContactMessage, string][])
      await this.field(name).fill(value);
  }

  /** The form's report that the message was taken. */
  sentReport(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }
}

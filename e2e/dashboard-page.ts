/**
 * A page model of the dashboard's frame, around every /dashboard screen: the page heading,
 * the View switch, the sidebar, the account link, notifications, sign-out and the
 * connection status, found by their roles and names.
 */
import { type Locator, type Page } from '@playwright/test';
import { openApp } from './app-page';

export class DashboardPage {
  constructor(readonly page: Page) {}

  /** Opens a dashboard path (the page must be signed in already) and waits until the app has started. */
  static async open<T extends DashboardPage>(this: new (page: Page) => T, page: Page, path = '/dashboard'): Promise<T> {
    await openApp(page, path);
    return new this(page);
  }

  /** The page's heading (level 1), or the one named so. */
  heading(name?: string | RegExp): Locator {
    return this.page.getByRole('heading', { level: 1, ...(name === undefined ? {} : { name }) });
  }

  /** A heading of any level: the messages shown in place of a page (awaiting approval, not allowed). */
  notice(name: string | RegExp): Locator {
    return this.page.getByRole('heading', { name });
  }

  /**
   * Words the screen shows (a toast, a form's report or refusal, a badge), wherever they are
   * drawn or within the part given; for the one-off words a journey reads.
   */
  says(text: string | RegExp, within?: Locator): Locator {
    return within === undefined ? this.page.getByText(text) : within.getByText(text);
  }

  /** The View switch's buttons (User, Admin, Agent…): the views the account may open. */
  get views(): Locator {
    return this.page.getByRole('group', { name: 'View' }).getByRole('button');
  }

  get sidebar(): Locator {
    return this.page.getByRole('navigation', { name: 'Dashboard' });
  }

  sidebarLink(name: string): Locator {
    return this.sidebar.getByRole('link', { name });
  }

  /** The header's link to the account's settings (it shows the initials). */
  accountSettings(person: string): Locator {
    return this.page.getByRole('link', { name: `Account settings for ${person}` });
  }

  get signOut(): Locator {
    return this.page.getByRole('button', { name: 'Sign out' });
  }

  /** The notifications button, by what it says: "1 unread", "none unread", /\d+ unread/; or whatever it says. */
  notificationsButton(unread?: string | RegExp): Locator {
    if (unread === undefined) return this.page.getByRole('button', { name: /^Notifications/ });
    const name =
      typeof unread === 'string' ? `Notifications, ${unread}` : new RegExp(`^Notifications, ${unread.source}`);
    return this.page.getByRole('button', { name });
  }

  /**
   * The count drawn in the notifications button's badge. By its element: the figure is hidden
   * from screen readers (the button's name says it), so it has no role or name of its own.
   */
  unreadBadge(unread?: string | RegExp): Locator {
    return this.notificationsButton(unread)
      .locator('span[aria-hidden]')
      .filter({ hasText: /^\d+\+?$/ });
  }

  get notifications(): Locator {
    return this.page.getByRole('dialog', { name: 'Notifications' });
  }

  async markRead(title: string): Promise<void> {
    await this.notifications.getByRole('button', { name: `Mark as read: ${title}` }).click();
  }

  /**
   * The notice that the screen shows what the device held at its last sync. By test id: a plain
   * information box with no name, whose words name the screen's data and the time.
   */
  get offlineAsOf(): Locator {
    return this.page.getByTestId('offline-as-of');
  }

  /**
   * The first plate number, application or payment reference (ZM-…, LP-…, PAY-…) a person sees
   * on the screen: the account's rows, once the first sync has brought them. By their words:
   * they stand in tables, cards and lists alike.
   */
  get firstReference(): Locator {
    return this.page
      .getByText(/ZM-\d{3}-[A-Z]{3}|LP-\d{6}|PAY-\d{6}/)
      .filter({ visible: true })
      .first();
  }

  /** The header's online/offline and sync state (a live region named after what it shows). */
  get connectionStatus(): Locator {
    return this.page.getByRole('status', { name: /^(Online|Offline|Syncing), / });
  }
}

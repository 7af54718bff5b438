/**
 * A page model of the administrator's Refunds (/dashboard/admin/refunds), found by headings,
 * labels and button names; and the refund as a payer reads it on a receipt.
 */
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { openApp, signInAs } from './app-page';

/** /dashboard/admin/refunds at desktop width (the table). */
export class RefundsPage {
  constructor(readonly page: Page) {}

  static async open(browser: Browser): Promise<RefundsPage> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signInAs(page, 'admin');
    await openApp(page, '/dashboard/admin/refunds');
    await expect(page.getByRole('heading', { level: 1, name: 'Refunds' })).toBeVisible();
    return new RefundsPage(page);
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'All refunds' });
  }

  /** A refund's row, by something it shows (its payment's PAY- reference). */
  row(text: string): Locator {
    return this.table.getByRole('row').filter({ hasText: text });
  }

  get statusFilter(): Locator {
    return this.page.getByRole('combobox', { name: 'Status' });
  }

  retryButton(refundReference: string): Locator {
    return this.page.getByRole('button', { name: `Retry ${refundReference}` });
  }

  get exportButton(): Locator {
    return this.page.getByRole('button', { name: 'Export CSV' });
  }

  /** Refreshes until the row shows `status` (the sandbox refunds a few seconds after it is asked). */
  async waitForStatus(text: string, status: string): Promise<void> {
    await expect(async () => {
      await this.page.getByRole('button', { name: 'Refresh' }).click();
      await expect(this.row(text)).toContainText(status, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }
}

/** The refund line of a receipt (/dashboard/user/payments/:id), reloaded until it shows `label`. */
export async function expectReceiptRefund(page: Page, paymentId: string, label: string): Promise<Locator> {
  const refund = page.getByRole('article', { name: /^(Receipt|Payment) PAY-/ });
  await expect(async () => {
    await openApp(page, `/dashboard/user/payments/${paymentId}`);
    await expect(refund.getByText(label, { exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 40_000 });
  return refund;
}

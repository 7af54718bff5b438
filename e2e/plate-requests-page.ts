/**
 * A page model of the administrator's Plate Requests (/dashboard/admin/requests), found
 * the way a person finds things on it: by headings, labels and button names.
 */
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { openApp, signInAs } from './app-page';

/** A page model of /dashboard/admin/requests at desktop width (the table). */
export class PlateRequestsPage {
  constructor(readonly page: Page) {}

  static async open(browser: Browser): Promise<PlateRequestsPage> {
    const page = await (await browser.newContext()).newPage();
    await signInAs(page, 'admin');
    await openApp(page, '/dashboard/admin/requests');
    await expect(page.getByRole('heading', { level: 1, name: 'Plate Requests' })).toBeVisible();
    await expect(page.getByText('Manage and process license plate applications')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Select REQ-001' })).toBeVisible();
    return new PlateRequestsPage(page);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Plate Requests' });
  }

  /** The counts above the table (Total Requests, Pending…). */
  get summary(): Locator {
    return this.page.getByRole('region', { name: 'Summary' });
  }

  get searchBox(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search requests' });
  }

  get statusFilter(): Locator {
    return this.page.getByRole('combobox', { name: 'Status' });
  }

  /**
   * The Status filter's choices. By the option elements: a closed list's options are not
   * shown, so they are read, not found by role.
   */
  get statusOptions(): Locator {
    return this.statusFilter.locator('option');
  }

  get bulkApprove(): Locator {
    return this.page.getByRole('button', { name: 'Bulk Approve' });
  }

  get bulkReject(): Locator {
    return this.page.getByRole('button', { name: 'Bulk Reject' });
  }

  /** A row's action button: "Approve", "Reject", "View details of". */
  rowButton(id: string, action: 'Approve' | 'Reject' | 'View details of'): Locator {
    return this.row(id).getByRole('button', { name: `${action} ${id}` });
  }

  /** A request's details dialog. */
  details(id: string): Locator {
    return this.page.getByRole('dialog', { name: `Request ${id}` });
  }

  /** The confirmation before approving ("Approve Request", "Approve 3 Requests"). */
  get approveDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: /^Approve/ });
  }

  /** Approves in the confirmation the Approve buttons open, and waits for it to close. */
  async confirmApproval(): Promise<void> {
    const dialog = this.approveDialog;
    await dialog.getByRole('button', { name: /^Approve \d* ?Requests?$/ }).click();
    await expect(dialog).toBeHidden();
  }

  /** The Undo offered for a short time after an approve or reject. */
  get undoButton(): Locator {
    return this.page.getByRole('button', { name: 'Undo', exact: true });
  }

  /** The rejection dialog, by its title ("Reject Request", "Reject 2 Requests"). */
  rejectDialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** A bank transfer awaiting confirmation, by its payment reference. */
  transfer(reference: string): Locator {
    return this.page
      .getByRole('region', { name: 'Bank transfers awaiting confirmation' })
      .getByRole('row')
      .filter({ hasText: reference });
  }

  get markReceivedDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Mark Transfer Received' });
  }

  qrCode(id: string): Locator {
    return this.page.getByRole('img', { name: `QR code of request ${id}` });
  }

  get printQrButton(): Locator {
    return this.page.getByRole('button', { name: 'Print QR Code' });
  }

  get table(): Locator {
    return this.page.getByRole('table', { name: 'Plate requests' });
  }

  /** A request's row, by its Request ID (the cell shows the buyer's LP- reference under it). */
  row(id: string): Locator {
    return this.table
      .getByRole('row')
      .filter({ has: this.page.getByRole('cell', { name: new RegExp(`^${id}(\\s|LP-|$)`) }) });
  }

  /** The request's Generate QR Code button. */
  qrButton(id: string): Locator {
    return this.row(id).getByRole('button', { name: `Generate QR code for ${id}` });
  }

  /** The link a request's QR code carries, as the dialog prints it. */
  get qrLink(): Locator {
    return this.page.getByRole('dialog', { name: 'Request QR Code' }).getByText(/^https?:\/\/\S+\?request=REQ-\d+$/);
  }

  /** The report of the last decision (a live region). */
  get report(): Locator {
    return this.page.getByRole('status').filter({ has: this.page.getByRole('listitem') });
  }

  /** The marketplace orders (PO-) the search found, under the requests. */
  get marketplaceOrders(): Locator {
    return this.page.getByRole('list', { name: 'Marketplace orders' });
  }

  /** One marketplace order's card, by its PO- reference. */
  marketplaceOrder(id: string): Locator {
    return this.marketplaceOrders.getByRole('listitem').filter({ hasText: id });
  }

  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
  }

  async filter(status: string): Promise<void> {
    await this.statusFilter.selectOption({ label: status });
  }

  /** Ticks (or unticks) a box from the keyboard, as the visible box sits over the real one. */
  async tick(name: string, isChecked = true): Promise<void> {
    const box = this.page.getByRole('checkbox', { name });
    await box.focus();
    await this.page.keyboard.press('Space');
    await expect(box).toBeChecked({ checked: isChecked });
  }

  async rejectWith(reason: string, confirm: string | RegExp): Promise<void> {
    const dialog = this.page.getByRole('dialog', { name: /^Reject/ });
    await dialog.getByRole('textbox', { name: /Reason for rejection/ }).fill(reason);
    await dialog.getByRole('button', { name: confirm }).click();
  }

  /**
   * Opens a request's QR dialog, checks its summary, and prints it (the browser's print is
   * counted, not opened). Answers with the open dialog.
   */
  async printQr(id: string, summary: string[]): Promise<Locator> {
    await this.page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await this.row(id)
      .getByRole('button', { name: `Generate QR code for ${id}` })
      .click();
    const dialog = this.page.getByRole('dialog', { name: 'Request QR Code' });
    await expect(dialog.getByRole('img', { name: `QR code of request ${id}` })).toBeVisible();
    await expect(dialog).toContainText('Scan this QR code to view order details, quantity, and tracking information');
    for (const text of summary) await expect(dialog).toContainText(text);
    await dialog.getByRole('button', { name: 'Print QR Code' }).click();
    expect(await this.page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    return dialog;
  }

  /** Approves one request from its row and answers with the plates the report says were allocated. */
  async approve(id: string, applicant: string, plateCount: number): Promise<string[]> {
    await this.row(id)
      .getByRole('button', { name: `Approve ${id}` })
      .click();
    await this.confirmApproval();
    await expect(this.report).toContainText('1 request approved');
    const line = await this.report.getByRole('listitem').first().textContent();
    const plate = 'ZM-\\d{3}-[A-Z]{3}';
    expect(line).toMatch(
      new RegExp(
        `^LP-\\d{6,} / ${id} \\(${applicant}\\) approved: ${Array(plateCount).fill(plate).join(', ')}, sent to Cairo Road Plates to make\\.$`,
      ),
    );
    await expect(this.row(id)).toContainText('Approved');
    await expect(this.row(id).getByRole('button', { name: `Approve ${id}` })).toBeDisabled();
    return line?.match(/ZM-\d{3}-[A-Z]{3}/g) ?? [];
  }
}

/** The demo plate maker's shop (Cairo Road Plates) signs in and finds each plate among its orders. */
export async function expectShopOrders(browser: Browser, plates: string[], applicant: string): Promise<void> {
  const agent = await (await browser.newContext()).newPage();
  await signInAs(agent, 'agent');
  await openApp(agent, '/dashboard/agent');
  const recent = agent.getByRole('region', { name: 'Recent Orders' });
  for (const plate of plates)
    await expect(recent.getByRole('row').filter({ hasText: plate })).toContainText(applicant, { timeout: 20_000 });
  await agent.context().close();
}

/**
 * A page model of the administrator's figures: the System Dashboard (/dashboard/admin) and
 * Reports & Analytics (/dashboard/admin/reports), which share their period, summary figures,
 * charts and Export menu; found by the choices', headings' and buttons' names.
 */
import { type Download, type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

export class ReportsPage extends DashboardPage {
  get period(): Locator {
    return this.page.getByRole('combobox', { name: 'Period' });
  }

  /** The System Dashboard's View choice (Inventory, Users…). */
  get view(): Locator {
    return this.page.getByRole('combobox', { name: 'View' });
  }

  /** Reports & Analytics' Report type choice. */
  get reportType(): Locator {
    return this.page.getByRole('combobox', { name: 'Report type' });
  }

  /** A chart's heading (Monthly Trends, Plate Types…). */
  chart(name: string): Locator {
    return this.page.getByRole('heading', { name });
  }

  /**
   * A chart's "Show the data as a table". By its words: it is a details element's summary,
   * which has no role a locator finds.
   */
  get showDataAsTable(): Locator {
    return this.page.getByText('Show the data as a table');
  }

  /** A chart's data table, by its name ("Monthly trends"). */
  dataTable(name: string): Locator {
    return this.page.getByRole('table', { name });
  }

  /**
   * The figure on a summary card, as shown. By the card's definition list: a card has no role or
   * name of its own; its term names the figure and its first description holds the number.
   */
  async figure(label: string): Promise<string> {
    const card = this.page
      .locator('dl')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .first();
    return ((await card.locator('dd').first().textContent()) ?? '').trim();
  }

  /** Opens an Export menu ("Export", "Export Report") and downloads its CSV or PDF file. */
  async exportAs(button: string, format: 'CSV' | 'PDF'): Promise<Download> {
    const downloading = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: button, exact: true }).click();
    await this.page.getByRole('menuitem', { name: new RegExp(`^${format} file`) }).click();
    return downloading;
  }

  /** A Quick Report Action: a link or a button, by its name. */
  quickReport(name: string): Locator {
    return this.page.getByRole('link', { name, exact: true }).or(this.page.getByRole('button', { name, exact: true }));
  }
}

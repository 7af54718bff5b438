/**
 * A page model of the administrator's Settings (/dashboard/admin/settings): the Prices and
 * Fees form, the Stock Thresholds form, the Roadside Verdict Freshness form and the history of
 * changes, found by the forms' names and the fields' labels.
 */
import { type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

export class AdminSettingsPage extends DashboardPage {
  get pricesForm(): Locator {
    return this.page.getByRole('form', { name: 'Prices and Fees' });
  }

  get platePrice(): Locator {
    return this.pricesForm.getByRole('textbox', { name: /Plate price/ });
  }

  get savePrices(): Locator {
    return this.pricesForm.getByRole('button', { name: 'Save Changes' });
  }

  get thresholdsForm(): Locator {
    return this.page.getByRole('form', { name: 'Stock Thresholds' });
  }

  /** The Stock Thresholds section's heading (the page is drawn once it shows). */
  get thresholdsHeading(): Locator {
    return this.page.getByRole('heading', { name: 'Stock Thresholds' });
  }

  get criticalAt(): Locator {
    return this.thresholdsForm.getByRole('textbox', { name: /Critical at/ });
  }

  get lowStockAt(): Locator {
    return this.thresholdsForm.getByRole('textbox', { name: /Low stock at/ });
  }

  get saveThresholds(): Locator {
    return this.thresholdsForm.getByRole('button', { name: 'Save Thresholds' });
  }

  get history(): Locator {
    return this.page.getByRole('table', { name: 'History of changes', exact: true });
  }

  get freshnessForm(): Locator {
    return this.page.getByRole('form', { name: 'Roadside Verdict Freshness' });
  }

  get cautionAfter(): Locator {
    return this.freshnessForm.getByRole('textbox', { name: /Caution after/ });
  }

  get cannotConfirmAfter(): Locator {
    return this.freshnessForm.getByRole('textbox', { name: /Cannot confirm offline after/ });
  }

  get saveFreshness(): Locator {
    return this.freshnessForm.getByRole('button', { name: 'Save Freshness Thresholds' });
  }

  /** The Roadside Verdict Freshness section's history of changes. */
  get freshnessHistory(): Locator {
    return this.page.getByRole('region', { name: 'Roadside Verdict Freshness' }).getByRole('table');
  }

  /** Sets both thresholds (in hours) and saves. */
  async saveFreshnessHours(caution: string, cannotConfirm: string): Promise<void> {
    await this.cautionAfter.fill(caution);
    await this.cannotConfirmAfter.fill(cannotConfirm);
    await this.saveFreshness.click();
  }
}

/**
 * A page model of the insurance agent's Insurance Dashboard (/dashboard/insurance-agent/dashboard):
 * its figures, and the claim totals, found by the group's and figures' names.
 */
import { type Locator } from '@playwright/test';
import { claimTotal } from './claims-page';
import { DashboardPage } from './dashboard-page';

export class InsuranceOverviewPage extends DashboardPage {
  /** A figure of the Claim totals (Total Claimed, Total Approved, Total Paid, Approved, Not Yet Paid). */
  claimTotal(label: string): Locator {
    return claimTotal(this.page.getByRole('region', { name: 'Claim totals' }), label);
  }
}

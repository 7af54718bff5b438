/**
 * Page models of the owner's dashboard: its overview (/dashboard) with the renewals banner,
 * and Certificates (/dashboard/user/certificates) with each plate's certificate to download.
 */
import { expect, type Locator } from '@playwright/test';
import { payOnCardPage } from './card-page';
import { DashboardPage } from './dashboard-page';

export class OwnerOverviewPage extends DashboardPage {
  /**
   * The banner of plates due for renewal. By test id: a plain warning box with no name, whose
   * words change with the plates and dates it lists.
   */
  get renewalsBanner(): Locator {
    return this.page.getByTestId('renewals-banner');
  }

  /** The banner's Renew link of a plate. */
  renewLink(plate: string): Locator {
    return this.renewalsBanner.getByRole('link', { name: `Renew ${plate}` });
  }

  renewDialog(plate: string): Locator {
    return this.page.getByRole('dialog', { name: `Renew plate ${plate}` });
  }

  /**
   * Pays the renewal by card from the plate's open Renew dialog: the card is entered on the card
   * provider's page, which sends the owner back to the renewal's receipt.
   */
  async renewByCard(plate: string, cardNumber: string): Promise<void> {
    const dialog = this.renewDialog(plate);
    // The card a person taps (drawn over the real radio button, which a forced check could
    // find outside the screen while the dialog was still opening on a busy machine).
    await dialog.getByText('Credit/Debit Card').click();
    await expect(dialog.getByRole('radio', { name: /Credit\/Debit Card/ })).toBeChecked();
    await dialog.getByRole('button', { name: /and renew/ }).click();
    await payOnCardPage(this.page, cardNumber);
  }
}

export class CertificatesPage extends DashboardPage {
  /** A plate's certificate: a card on a wide screen, an entry of the list on a narrow one. */
  certificate(plate: string): Locator {
    return this.page
      .getByRole('article')
      .filter({ hasText: plate })
      .or(this.page.getByRole('listitem').filter({ hasText: plate }))
      .first();
  }

  /** A certificate's Download certificate (PDF) button. */
  downloadButton(certificate: Locator): Locator {
    return certificate.getByRole('button', { name: /certificate/i });
  }
}

/**
 * A page model of the insurance agent's Claims (/dashboard/insurance-agent/claims): the list of
 * claims, the New Claim dialog with its camera panel and photos, and a claim's dialog with its
 * steps (assessment, approval, payment); found by the dialogs', fields' and buttons' names.
 */
import { type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

export class ClaimsPage extends DashboardPage {
  /** A claim's entry in the list (a phone's list), by something it shows (its number, its place). */
  claim(text: string | RegExp): Locator {
    return this.page.getByRole('listitem').filter({ hasText: text });
  }

  get newClaimButton(): Locator {
    return this.page.getByRole('button', { name: 'New Claim' });
  }

  get newClaimDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'New Claim' });
  }

  /** Chooses the policy of a plate in the New Claim dialog. */
  async choosePolicy(plate: string): Promise<void> {
    const dialog = this.newClaimDialog;
    // By the option element: a closed list's options are not shown, so its value is read from it.
    const policy = await dialog.locator('option', { hasText: plate }).first().getAttribute('value');
    await dialog.getByRole('combobox', { name: /^Policy/ }).selectOption(policy ?? '');
  }

  get place(): Locator {
    return this.newClaimDialog.getByRole('textbox', { name: /Place of the Incident/ });
  }

  get description(): Locator {
    return this.newClaimDialog.getByRole('textbox', { name: /Description/ });
  }

  get takePhoto(): Locator {
    return this.newClaimDialog.getByRole('button', { name: 'Take Photo' });
  }

  /** The app's own camera panel in the New Claim dialog. */
  get camera(): Locator {
    return this.newClaimDialog.getByRole('group', { name: 'Camera' });
  }

  get capture(): Locator {
    return this.camera.getByRole('button', { name: 'Capture' });
  }

  get cameraDone(): Locator {
    return this.camera.getByRole('button', { name: 'Done' });
  }

  /** The claim's photos in the New Claim dialog, or the one named ("Photo 1 of the claim"). */
  photos(name: string | RegExp = /Photo \d+ of the claim/): Locator {
    return this.newClaimDialog.getByRole('img', { name });
  }

  /**
   * The file input that takes photos from the gallery. By test id: it is hidden (a button opens
   * it), so it is out of the accessibility tree and no role or label finds it.
   */
  get photoFiles(): Locator {
    return this.newClaimDialog.getByTestId('claim-photo-files');
  }

  get submitClaim(): Locator {
    return this.newClaimDialog.getByRole('button', { name: 'Submit Claim' });
  }

  /** Opens a claim from its entry; answers with the claim's dialog. */
  async openClaim(entry: Locator, claimNumber: string): Promise<Locator> {
    await entry.getByRole('button', { name: `Open claim ${claimNumber}` }).click();
    return this.page.getByRole('dialog', { name: `Claim ${claimNumber}` });
  }

  /** The amount claimed in the New Claim dialog, in kwacha. */
  get claimedAmount(): Locator {
    return this.newClaimDialog.getByRole('textbox', { name: /Amount Claimed/ });
  }

  /**
   * Presses a step in a claim's dialog (Start Assessment, Record Assessment, Approve, Mark Paid),
   * fills what it asks by the fields' names (Assessed Amount (K), Approved Amount (K), Payment
   * Method, Payment Reference, Payment Date…; a list is chosen from) and confirms it; answers with
   * the confirmation. The buttons are pressed from the keyboard, as a keyboard user presses them.
   */
  async takeStep(detail: Locator, step: string, fields: Record<string, string> = {}): Promise<Locator> {
    await detail.getByRole('button', { name: step }).press('Enter');
    const confirm = this.page.getByRole('alertdialog');
    for (const [name, value] of Object.entries(fields)) {
      const list = confirm.getByRole('combobox', { name: new RegExp(`^${name}`) });
      if ((await list.count()) > 0) await list.selectOption(value);
      else await confirm.getByLabel(new RegExp(`^${name}`)).fill(value);
    }
    await confirm.getByRole('button', { name: step }).press('Enter');
    return confirm;
  }

  /** A figure of the totals of the claims shown (Total Claimed, Total Approved, Total Paid, Approved, Not Yet Paid). */
  shownTotal(label: string): Locator {
    return claimTotal(this.page.getByRole('region', { name: 'Totals of the claims shown' }), label);
  }

  get searchClaims(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search claims' });
  }
}

/** A claim total's value in a group of totals, by its label. */
export function claimTotal(totals: Locator, label: string): Locator {
  return totals.locator('dl').filter({ hasText: label }).locator('dd').first();
}

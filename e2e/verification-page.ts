/**
 * A page model of plate verification (/verification, and /v# for a QR link): the Manual
 * Entry and QR Scan tabs, the number's field, and the verdict. The officer's Roadside
 * Verification (/dashboard/police) has the same field and verdict.
 */
import { type Locator, type Page } from '@playwright/test';
import { openApp } from './app-page';

export class VerificationPage {
  constructor(readonly page: Page) {}

  /** Opens /verification (or a path with its query or a /v# link) and waits until the app has started. */
  static async open(page: Page, path = '/verification'): Promise<VerificationPage> {
    await openApp(page, path);
    return new VerificationPage(page);
  }

  tab(name: 'Manual Entry' | 'QR Scan'): Locator {
    return this.page.getByRole('tab', { name });
  }

  panel(name: 'Manual Entry' | 'QR Scan'): Locator {
    return this.page.getByRole('tabpanel', { name });
  }

  // Manual Entry

  get plateNumber(): Locator {
    return this.page.getByRole('textbox', { name: 'Plate Number' });
  }

  get verifyButton(): Locator {
    return this.page.getByRole('button', { name: 'Verify Plate' });
  }

  /** Types a number and presses Verify Plate. */
  async check(plate: string): Promise<void> {
    await this.plateNumber.fill(plate);
    await this.verifyButton.click();
  }

  // QR Scan

  get startScanning(): Locator {
    return this.page.getByRole('button', { name: 'Start Scanning' });
  }

  /** The file input that takes a photo of a code instead of the camera. */
  get photoInput(): Locator {
    return this.page.getByLabel('Photo of a QR code');
  }

  // The verdict

  /**
   * The verdict's panel. By its test id: it is a plain block with no role of its own, and the
   * journeys read its verdict from its data-verdict attribute, not from words that may change.
   */
  get result(): Locator {
    return this.page.getByTestId('verification-result');
  }

  /** The registered vehicle in the verdict ("Silver Toyota Corolla"). By test id: a plain paragraph under its caption. */
  get registeredVehicle(): Locator {
    return this.page.getByTestId('registered-vehicle');
  }

  /**
   * The verdict's heading (it takes focus when the verdict is shown). By test id: its words are
   * the verdict, which each journey checks, so they cannot be what finds it.
   */
  get verdictHeading(): Locator {
    return this.page.getByTestId('verdict-heading');
  }

  /** The plate number drawn large under the heading. By test id: a decorative copy, hidden from screen readers. */
  get verdictPlateNumber(): Locator {
    return this.page.getByTestId('verdict-plate-number');
  }

  /**
   * Every plate number drawn in the verdict (under the heading and in the explanation). By their
   * data attribute: plain spans of text with no role, some hidden from screen readers.
   */
  get plateNumbersInVerdict(): Locator {
    return this.result.locator('[data-plate-number]');
  }

  /** The plate's insurance, shown to officers only. By test id: a plain line of the verdict. */
  get insuranceCover(): Locator {
    return this.page.getByTestId('insurance-cover');
  }

  /** The plate's blank serials ("front …, rear …"), shown to officers. By test id: a plain line of the verdict. */
  get blankSerials(): Locator {
    return this.page.getByTestId('blank-serials');
  }

  /** The registered owner's name, shown to officers online only. By test id: a plain line of the verdict. */
  get ownerName(): Locator {
    return this.page.getByTestId('owner-name');
  }

  /** The hint under the blank serials (compare them with the plates). By test id: a plain line of the verdict. */
  get serialsHint(): Locator {
    return this.page.getByTestId('serials-hint');
  }

  /** What the verdict's place says before any check. By its words: a plain line, and the words are what is read. */
  get placeholder(): Locator {
    return this.page.getByText('Enter a plate number or scan a QR code to see its status here.');
  }

  /** What the number's field says is wrong with what was typed, by its words. */
  fieldError(text: string): Locator {
    return this.page.getByText(text);
  }

  /**
   * The slot a verdict is drawn into before the app has started. By its data attribute: a plain
   * container the prerendered page fills, with no role or name.
   */
  get earlySlot(): Locator {
    return this.page.locator('[data-early-verdict]');
  }

  /** The verdict drawn in that slot before the app has started, with its parts. */
  get early(): VerdictPanel {
    return new VerdictPanel(this.earlySlot.getByTestId('verification-result'));
  }

  /** The verdict the app draws, with its parts. */
  get verdict(): VerdictPanel {
    return new VerdictPanel(this.result);
  }
}

/**
 * One verdict panel and its parts, found inside it (the early panel drawn before the app has
 * started and the app's own are on the page together for a moment). By test ids, as above:
 * plain lines of the panel with no role or name of their own.
 */
export class VerdictPanel {
  constructor(readonly root: Locator) {}

  get registeredVehicle(): Locator {
    return this.root.getByTestId('registered-vehicle');
  }

  get heading(): Locator {
    return this.root.getByTestId('verdict-heading');
  }

  get ownerName(): Locator {
    return this.root.getByTestId('owner-name');
  }

  get insuranceCover(): Locator {
    return this.root.getByTestId('insurance-cover');
  }
}

/**
 * A page model of the application wizard (/buy-process): its three steps, the payment
 * step's methods and price breakdown, and the confirmation's payment, found the way a
 * buyer finds them: by headings, labels and button names.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { openApp } from './app-page';

/** What step 1 asks, by field. */
export interface Applicant {
  fullName: string;
  nrcNumber: string;
  phoneNumber: string;
  email: string;
  address: string;
  numberOfPlates: string;
  vehicleMake: string;
  vehicleModel: string;
  vehicleRegistration: string;
}

const LABELS: Record<keyof Applicant, RegExp> = {
  fullName: /^Full Name/,
  nrcNumber: /^NRC Number/,
  phoneNumber: /^Phone Number/,
  email: /^Email/,
  address: /^Address/,
  numberOfPlates: /^Number of Plates/,
  vehicleMake: /^Vehicle Make/,
  vehicleModel: /^Vehicle Model/,
  vehicleRegistration: /^Registration Number/,
};

export class BuyProcessPage {
  constructor(readonly page: Page) {}

  /** Opens /buy-process and waits until the app has started. */
  static async open(page: Page): Promise<BuyProcessPage> {
    await openApp(page, '/buy-process');
    return new BuyProcessPage(page);
  }

  /** The page's heading (level 1), "License Plate". */
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'License Plate' });
  }

  get progress(): Locator {
    return this.page.getByRole('navigation', { name: 'Application progress' });
  }

  field(name: keyof Applicant): Locator {
    return this.page.getByLabel(LABELS[name]);
  }

  get form(): Locator {
    return this.page.getByRole('form');
  }

  get next(): Locator {
    return this.page.getByRole('button', { name: 'Next', exact: true });
  }

  get previous(): Locator {
    return this.page.getByRole('button', { name: 'Previous' });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Submit Application' });
  }

  /** A step's (or the outcome's) heading, level 2: "Personal Info", "Payment", "Application Submitted!"… */
  stepHeading(name: string): Locator {
    return this.page.getByRole('heading', { level: 2, name });
  }

  async fill(applicant: Partial<Applicant>): Promise<void> {
    for (const [name, value] of Object.entries(applicant) as [keyof Applicant, string][])
      await this.field(name).fill(value);
  }

  async expectFields(applicant: Partial<Applicant>): Promise<void> {
    for (const [name, value] of Object.entries(applicant) as [keyof Applicant, string][])
      await expect(this.field(name)).toHaveValue(value);
  }

  /**
   * Ticks "Registration not yet known". By its text: the box a person sees is drawn over the
   * real one, so it is the words beside it that take the click.
   */
  async tickRegistrationNotYetKnown(): Promise<void> {
    await this.page.getByText('Registration not yet known', { exact: true }).click();
  }

  // Step 1: plate numbers

  /** The numbers the buyer chose, one list item each. */
  get chosenNumbers(): Locator {
    return this.page.getByRole('list', { name: 'Chosen numbers' });
  }

  get chooseNumberField(): Locator {
    return this.page.getByLabel(/^Choose a number/);
  }

  get addNumber(): Locator {
    return this.page.getByRole('button', { name: 'Add number' });
  }

  /**
   * The chosen numbers as the confirmation repeats them. By its test id: a box of text with no
   * role or name of its own, read by its words.
   */
  get chosenNumbersSummary(): Locator {
    return this.page.getByTestId('chosen-numbers');
  }

  // Step 2: payment

  /** A payment method's radio, by the method's name. */
  method(name: string): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${name}`) });
  }

  /**
   * Chooses a payment method as a person does, on its card. By the card's text: the radio
   * itself is hidden under the card, so it is the name on the card that takes the click.
   */
  async chooseMethod(name: string): Promise<void> {
    await this.page.getByText(name, { exact: true }).click();
  }

  get breakdown(): Locator {
    return this.page.getByRole('region', { name: 'Price Breakdown' });
  }

  /** A plate shop's radio on step 2, by the shop's name ("Leave it to the administrator" too). */
  shop(name: string): Locator {
    return this.page.getByRole('radio', { name: new RegExp(`^${name}`) });
  }

  /** Chooses a plate shop, by its name beside the (hidden) radio, as a person clicks it. */
  async chooseShop(name: string): Promise<void> {
    await this.page.getByText(name, { exact: true }).click();
  }

  /** Asks for delivery to `address`: the choice by its words (the radio is hidden), then the address box. */
  async chooseDelivery(address: string): Promise<void> {
    await this.page.getByText(/^Deliver to me/).click();
    await this.page.getByRole('textbox', { name: /^Delivery address/ }).fill(address);
  }

  /** One of the confirmation's Next Steps, by its title ("Delivery"…). */
  nextStep(title: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: new RegExp(`^${title}:`) });
  }

  get walletNumber(): Locator {
    return this.page.getByLabel(/^Mobile money number/);
  }

  /** The sandbox's one notice that payments are tests. */
  get testPaymentsNote(): Locator {
    return this.page.getByRole('note', { name: 'Test payments' });
  }

  /** The notice that an offline submit stays on the device. */
  get offlineNotice(): Locator {
    return this.page.getByRole('status').filter({
      hasText: "You're offline. Your application is saved on this device; submit it when you're back online.",
    });
  }

  // Step 3: the outcome

  /** The confirmation's reference number (LP-…), a plain line of text. */
  get referenceText(): Locator {
    return this.page.getByText(/^LP-\d+$/);
  }

  /** The confirmation step's reference number, as shown. */
  async reference(): Promise<string> {
    await expect(this.referenceText).toBeVisible();
    return (await this.referenceText.textContent()) ?? '';
  }

  /**
   * The payment's panel. By its test id: a block with no role of its own, and the journeys
   * read the payment's state from its data-status attribute.
   */
  get payment(): Locator {
    return this.page.getByTestId('payment-panel');
  }

  /**
   * What became of the payment, leading the outcome. By its test id: a block with no role of
   * its own, read by its data-outcome attribute and its words.
   */
  get outcome(): Locator {
    return this.page.getByTestId('payment-outcome');
  }

  /** The sandbox's stand-in for the buyer's phone asking them to approve a mobile money payment. */
  get handsetPrompt(): Locator {
    return this.page.getByRole('group', { name: 'Test payments: the handset prompt' });
  }

  get payAgain(): Locator {
    return this.page.getByRole('form', { name: 'Pay again' });
  }
}

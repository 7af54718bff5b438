/**
 * Page models of the marketplace (/marketplace): its filters, the plate cards, and a plate's
 * dialog with its Buy Now and Reserve tabs; and of the buyer's Payments and receipts
 * (/dashboard/user/payments). Found by roles, labels and button names.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { openApp, waitForListings } from './app-page';
import { DashboardPage } from './dashboard-page';

export class MarketplacePage {
  constructor(readonly page: Page) {}

  /** Opens /marketplace (for one plate, if given) and waits until the app has started. */
  static async open(page: Page, plate?: string): Promise<MarketplacePage> {
    await openApp(page, plate === undefined ? '/marketplace' : `/marketplace?plate=${plate}`);
    return new MarketplacePage(page);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'License Plate Marketplace' });
  }

  /** Waits until the listings are shown (by default: any, at least one). */
  async waitForListings(shown?: RegExp): Promise<void> {
    await waitForListings(this.page, shown);
  }

  /** "Showing n of m plates", or the count given. */
  shown(count: string | RegExp = /Showing \d+ of \d+ plates/): Locator {
    return this.page.getByText(count);
  }

  /** The plate cards: list items with a favourite toggle. */
  get cards(): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('button', { name: /favorites$/ }) });
  }

  card(number: string): Locator {
    return this.cards.filter({ hasText: number });
  }

  /** A card's favourite toggle ("Add ZM-… to favorites", "Remove ZM-… from favorites"). */
  favourite(card: Locator, name: RegExp = /favorites$/): Locator {
    return card.getByRole('button', { name });
  }

  /** The card's prices, as numbers, in the order shown. */
  async prices(): Promise<number[]> {
    return (await this.cards.allInnerTexts()).map((text) =>
      Number(/ZMW ([\d,]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? Number.NaN),
    );
  }

  get showMore(): Locator {
    return this.page.getByRole('button', { name: /^Show more plates/ });
  }

  get search(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search plates' });
  }

  get sortBy(): Locator {
    return this.page.getByRole('combobox', { name: 'Sort by' });
  }

  get filters(): Locator {
    return this.page.getByRole('complementary', { name: 'Filters' });
  }

  get priceRange(): Locator {
    return this.filters.getByRole('group', { name: 'Price Range' });
  }

  get luckyOnly(): Locator {
    return this.filters.getByRole('checkbox', { name: 'Lucky Numbers Only' });
  }

  /**
   * Ticks Lucky Numbers Only with the mouse. By its text: the box a person sees is drawn over
   * the real one, so it is the words beside it that take the click.
   */
  async clickLuckyOnly(): Promise<void> {
    await this.page.getByText('Lucky Numbers Only').click();
  }

  /** Every card's View Details button ("View Details of ZM-…"). */
  get viewDetailsButtons(): Locator {
    return this.page.getByRole('button', { name: /^View Details of / });
  }

  /**
   * Every card's favourite toggle, or those whose name matches ("to favorites": not yet saved).
   * Hidden ones too: while a plate's dialog is open the page beneath it is hidden from
   * assistive technology, and a journey still measures where the toggles are drawn.
   */
  favourites(name: RegExp = /favorites$/): Locator {
    return this.page.getByRole('button', { name, includeHidden: true });
  }

  /** The plate dialog that is open, whichever plate's it is. */
  get openDialog(): Locator {
    return this.page.getByRole('dialog');
  }

  /** "n favorites saved", over the cards. By its words: a plain line, and its figure is what is read. */
  get favouritesSaved(): Locator {
    return this.page.getByText(/\d+ favorites saved/);
  }

  /** What a visitor offline is told before the marketplace has ever been loaded on the device. */
  get notLoadedOffline(): Locator {
    return this.page.getByText('You are offline, and the marketplace has not been loaded on this device yet');
  }

  /** What the list says when listings are there but none passes the filters. */
  get noMatch(): Locator {
    return this.page.getByText('No plates match your filters');
  }

  /** Opens the first card that offers View Details; answers with the dialog, whichever plate's it is. */
  async openFirstPlate(): Promise<PlateDialog> {
    const view = this.page.getByRole('button', { name: 'View Details' });
    await this.cards.filter({ has: view }).first().getByRole('button', { name: 'View Details' }).click();
    return new PlateDialog(this.page.getByRole('dialog'));
  }

  /** Opens a plate's card (View Details); answers with its dialog, once shown. */
  async openPlate(number: string): Promise<PlateDialog> {
    await this.card(number).getByRole('button', { name: 'View Details' }).click();
    const dialog = new PlateDialog(this.page.getByRole('dialog', { name: `Plate ${number}` }));
    await expect(dialog.root).toBeVisible();
    return dialog;
  }
}

/** A plate's dialog in the marketplace: Buy Now and Reserve. */
export class PlateDialog {
  constructor(readonly root: Locator) {}

  tab(name: 'Buy Now' | 'Reserve'): Locator {
    return this.root.getByRole('tab', { name });
  }

  get buy(): Locator {
    return this.root.getByRole('tabpanel', { name: 'Buy Now' });
  }

  get reserve(): Locator {
    return this.root.getByRole('tabpanel', { name: 'Reserve' });
  }

  /**
   * Chooses a payment method in a tab, on its card. By the card's text: the radio itself is
   * hidden under the card, so it is the name on the card that takes the click. Bank Transfer
   * must match whole: the fee line and the transfer's notes name it too.
   */
  async chooseMethod(panel: Locator, name: string): Promise<void> {
    await panel.getByText(name, { exact: name === 'Bank Transfer' }).click();
  }

  get ownerName(): Locator {
    return this.buy.getByRole('textbox', { name: 'Full Name' });
  }

  get ownerNrc(): Locator {
    return this.buy.getByRole('textbox', { name: 'NRC Number' });
  }

  get checkout(): Locator {
    return this.buy.getByRole('button', { name: 'Add to Cart & Checkout' });
  }

  /** A vehicle field of Buy Now: "Vehicle Make", "Vehicle Model", "Registration Number". */
  vehicleField(label: 'Vehicle Make' | 'Vehicle Model' | 'Registration Number'): Locator {
    return this.buy.getByRole('textbox', { name: new RegExp(`^${label}`) });
  }

  /**
   * Ticks "Vehicle not yet known" at Buy Now. By its text: the box a person sees is drawn over
   * the real one, so it is the words beside it that take the click.
   */
  async tickVehicleNotYetKnown(): Promise<void> {
    await this.buy.getByText('Vehicle not yet known', { exact: true }).click();
  }

  /** A plate shop's radio at Buy Now, by the shop's name ("Leave it to the administrator" too). */
  shop(name: string): Locator {
    return this.buy.getByRole('radio', { name: new RegExp(`^${name}`) });
  }

  /** Chooses a plate shop, by its name beside the (hidden) radio, as a person clicks it. */
  async chooseShop(name: string): Promise<void> {
    await this.buy.getByText(name, { exact: true }).click();
  }

  /**
   * What became of a payment, in a tab. By test id: a block with no role of its own, read by
   * its data-outcome attribute and its words.
   */
  outcome(panel: Locator): Locator {
    return panel.getByTestId('payment-outcome');
  }

  /** The payment's panel in a tab. By test id: a block with no role, read by its data-status attribute. */
  payment(panel: Locator): Locator {
    return panel.getByTestId('payment-panel');
  }

  /** Whose the plate will be, in a tab. By test id: a plain paragraph, read by its words. */
  registeredOwner(panel: Locator): Locator {
    return panel.getByTestId('registered-owner');
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click();
  }
}

/** The buyer's Payments (/dashboard/user/payments) and a receipt. */
export class PaymentsPage extends DashboardPage {
  get history(): Locator {
    return this.page.getByRole('table', { name: 'Payment History' });
  }

  /** A payment's row, by its description ("Purchase of plate ZM-…"). */
  row(text: string): Locator {
    return this.history.getByRole('row').filter({ hasText: text });
  }

  receiptLink(row: Locator): Locator {
    return row.getByRole('link', { name: /^(Receipt|Payment) PAY-\d+$/ });
  }

  get printReceipt(): Locator {
    return this.page.getByRole('button', { name: 'Print receipt' });
  }
}

/**
 * A page model of the plate maker's workspace (/dashboard/agent/…): the Whitebook Entry,
 * Manufacturing and Inventory forms, the order book and its order dialog, and the
 * Needs attention list of changes the server refused; found by forms', fields' and
 * buttons' names.
 */
import { type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

/** A whitebook sale, by field; what is not given is left as the form has it. */
export interface Sale {
  plate?: string;
  saleDate?: string;
  make?: string;
  model?: string;
  colour?: string;
  year?: string;
  chassis?: string;
  owner?: string;
  nrc?: string;
  registration?: string;
  reference?: string;
}

const SALE_FIELDS: Record<Exclude<keyof Sale, 'saleDate'>, RegExp> = {
  plate: /Plate Number/,
  make: /Vehicle Make/,
  model: /Vehicle Model/,
  colour: /Vehicle Colour/,
  year: /Vehicle Year/,
  chassis: /Chassis Number/,
  owner: /Owner Name/,
  nrc: /Owner NRC Number/,
  registration: /Registration Number/,
  reference: /Entitlement Document Reference/,
};

/** A manufacturing record, by field. */
export interface Manufacturing {
  plate?: string;
  status?: string;
  batch?: string;
  productionDate?: string;
  frontBlank?: string;
  rearBlank?: string;
}

export class AgentPage extends DashboardPage {
  // Whitebook Entry

  get whitebookForm(): Locator {
    return this.page.getByRole('form', { name: /Plate Sale and Vehicle/ });
  }

  saleField(name: keyof Sale): Locator {
    if (name === 'saleDate') return this.whitebookForm.getByLabel(/Sale Date/);
    return this.whitebookForm.getByRole('textbox', { name: SALE_FIELDS[name] });
  }

  /** The order a sale is made against, a choice of the shop's orders. */
  get orderChoice(): Locator {
    return this.page.getByRole('combobox', { name: 'Order' });
  }

  /**
   * An order among the choices, by its plate. By the option element: a closed list's options
   * are not shown, so only their presence can be counted.
   */
  orderOption(plate: string): Locator {
    return this.orderChoice.locator('option', { hasText: plate });
  }

  /** Fills in the sale's fields in the order given. */
  async fillSale(sale: Sale): Promise<void> {
    for (const [name, value] of Object.entries(sale) as [keyof Sale, string][]) await this.saleField(name).fill(value);
  }

  /** Fills in the sale's fields in the order given and presses Submit Entry. */
  async submitSale(sale: Sale): Promise<void> {
    await this.fillSale(sale);
    await this.whitebookForm.getByRole('button', { name: 'Submit Entry' }).click();
  }

  /** What a record kept on the device while offline is answered with, wherever it is shown. */
  get savedOnDevice(): Locator {
    return this.says("Saved on this device — it will be sent when you're back online.");
  }

  // Manufacturing

  get manufacturingForm(): Locator {
    return this.page.getByRole('form', { name: /Upload Plate Manufacturing Details/ });
  }

  manufacturingField(name: keyof Manufacturing): Locator {
    const form = this.manufacturingForm;
    switch (name) {
      case 'plate':
        return form.getByRole('textbox', { name: /Plate Number/ });
      case 'status':
        return form.getByRole('combobox', { name: /Status/ });
      case 'batch':
        return form.getByRole('textbox', { name: /Batch Number/ });
      case 'productionDate':
        return form.getByLabel(/Production Date/);
      case 'frontBlank':
        return form.getByRole('textbox', { name: /Front blank serial/ });
      case 'rearBlank':
        return form.getByRole('textbox', { name: /Rear blank serial/ });
    }
  }

  /** Fills in the record's fields in the order given (the status chosen) and presses Submit Details. */
  async submitManufacturing(record: Manufacturing): Promise<void> {
    for (const [name, value] of Object.entries(record) as [keyof Manufacturing, string][]) {
      if (name === 'status') await this.manufacturingField(name).selectOption(value);
      else await this.manufacturingField(name).fill(value);
    }
    await this.manufacturingForm.getByRole('button', { name: 'Submit Details' }).click();
  }

  // Inventory

  get inventoryForm(): Locator {
    return this.page.getByRole('form', { name: /Add Inventory Item/ });
  }

  /**
   * Fills in the Add Inventory Item form and presses Add Item. `against`: the allocation it was
   * received against, by the words of its option ("#12 · Diplomatic").
   */
  async addInventory(item: {
    type: string;
    quantity: string;
    batch: string;
    receivedDate: string;
    against?: string;
  }): Promise<void> {
    const form = this.inventoryForm;
    await form.getByRole('combobox', { name: /Item Type/ }).selectOption(item.type);
    await form.getByRole('spinbutton', { name: /Quantity/ }).fill(item.quantity);
    await form.getByRole('textbox', { name: /Batch Number/ }).fill(item.batch);
    await form.getByLabel(/Received Date/).fill(item.receivedDate);
    if (item.against !== undefined) {
      const against = form.getByRole('combobox', { name: 'Received Against' });
      // By the option element: a closed list's options are not shown, so its value is read from it.
      await against.selectOption(
        (await against.locator('option', { hasText: item.against }).getAttribute('value')) ?? '',
      );
    }
    await form.getByRole('button', { name: /Add Item/ }).click();
  }

  /** The allocations the administrator gave the shop (Inventory). */
  get allocatedToShop(): Locator {
    return this.page.getByRole('region', { name: 'Allocated to Your Shop' });
  }

  /** An allocation's row in Allocated to Your Shop, by something it shows (its number). */
  allocatedRow(text: string): Locator {
    return this.allocatedToShop.getByRole('row').filter({ hasText: text });
  }

  // Lists, orders, refused changes

  /** A row of the screen's list (sales, records, stock, orders), by something it shows. */
  row(text: string): Locator {
    return this.page.getByRole('row').filter({ hasText: text });
  }

  /** A record's card on a phone, where a list's rows are cards, by something it shows. */
  card(text: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: text });
  }

  /** Opens an order from its row in the order book; answers with the order's dialog. */
  async openOrder(row: Locator): Promise<Locator> {
    const button = row.getByRole('button', { name: /^View order / });
    const orderId = ((await button.getAttribute('aria-label')) ?? '').replace('View order ', '');
    await button.click();
    return this.page.getByRole('dialog', { name: `Order ${orderId}` });
  }

  /** A detail of an open order's dialog (Buyer’s Reference, Plate Number…), by its label. */
  orderDetail(dialog: Locator, label: string): Locator {
    return dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  }

  /** The header's button to the changes the server refused ("1 needs attention"). */
  needsAttentionButton(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  get needsAttention(): Locator {
    return this.page.getByRole('dialog', { name: 'Needs attention' });
  }
}

/**
 * The administrator's Compliance (/dashboard/admin/compliance): the shops' records, table by
 * table, and the Integrity Alerts with their decisions (suspend the shop, mark reviewed).
 */
export class CompliancePage extends DashboardPage {
  /** A row of a named table ("Whitebook Sales", "Manufacturing", "Blank Stock"), by something it shows. */
  row(table: string, text: string): Locator {
    return this.page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });
  }

  get integrityAlerts(): Locator {
    return this.page.getByRole('region', { name: 'Integrity Alerts' });
  }

  /** An alert in the queue, by something it shows (the plate number). */
  integrityAlert(text: string): Locator {
    return this.integrityAlerts.getByRole('listitem').filter({ hasText: text });
  }

  /** An alert's Suspend button, by the shop it names. */
  suspendButton(alert: Locator, shop: string): Locator {
    return alert.getByRole('button', { name: `Suspend ${shop}` });
  }

  suspendDialog(shop: string): Locator {
    return this.page.getByRole('alertdialog', { name: `Suspend ${shop}?` });
  }

  suspendReason(shop: string): Locator {
    return this.suspendDialog(shop).getByRole('textbox', { name: /Reason the shop is told/ });
  }

  /** The confirmation's Suspend shop button. */
  confirmSuspension(shop: string): Locator {
    return this.suspendDialog(shop).getByRole('button', { name: 'Suspend shop' });
  }

  /** An alert's Mark reviewed button. */
  markReviewedButton(alert: Locator): Locator {
    return alert.getByRole('button', { name: /^Mark reviewed/ });
  }

  get reviewDialog(): Locator {
    return this.page.getByRole('alertdialog', { name: 'Mark this alert reviewed' });
  }

  get reviewFindings(): Locator {
    return this.reviewDialog.getByRole('textbox', { name: /What you found/ });
  }

  get confirmReview(): Locator {
    return this.reviewDialog.getByRole('button', { name: 'Mark reviewed' });
  }

  /** The queue's button that opens the alerts already reviewed ("Reviewed alerts (n)"). */
  get reviewedAlerts(): Locator {
    return this.integrityAlerts.getByRole('button', { name: /Reviewed alerts/ });
  }
}

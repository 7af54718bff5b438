/**
 * A page model of the owner's Vehicles & Fleet (/dashboard/user/vehicles): the vehicles and
 * drivers lists (a phone's lists) and the Add Driver and Add Vehicle dialogs; found by the
 * dialogs', fields' and buttons' names.
 */
import { type Locator } from '@playwright/test';
import { DashboardPage } from './dashboard-page';

export class FleetPage extends DashboardPage {
  /** A vehicle's or driver's entry in the lists, by something it shows. */
  entry(text: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: text });
  }

  get addDriverButton(): Locator {
    return this.page.getByRole('button', { name: 'Add Driver' });
  }

  get driverDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add Driver' });
  }

  /** The Add Driver dialog's own Add Driver button (the page's opens the dialog). */
  get submitDriver(): Locator {
    return this.driverDialog.getByRole('button', { name: 'Add Driver' });
  }

  /** Fills in the Add Driver dialog and presses its Add Driver. */
  async addDriver(driver: { name: string; licence: string; phone: string }): Promise<void> {
    const dialog = this.driverDialog;
    await dialog.getByRole('textbox', { name: /Full Name/ }).fill(driver.name);
    await dialog.getByRole('textbox', { name: /Licence Number/ }).fill(driver.licence);
    await dialog.getByRole('textbox', { name: /Phone Number/ }).fill(driver.phone);
    await this.submitDriver.click();
  }

  /** The page's Add Vehicle button (the first: an empty list may show another). */
  get addVehicleButton(): Locator {
    return this.page.getByRole('button', { name: 'Add Vehicle' }).first();
  }

  get vehicleDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Add Vehicle' });
  }

  /** Fills in the Add Vehicle dialog and presses its Add Vehicle. */
  async addVehicle(vehicle: { make: string; model: string; colour: string }): Promise<void> {
    const dialog = this.vehicleDialog;
    await dialog.getByRole('textbox', { name: /^Make/ }).fill(vehicle.make);
    await dialog.getByRole('textbox', { name: /^Model/ }).fill(vehicle.model);
    await dialog.getByRole('textbox', { name: /^Colour/ }).fill(vehicle.colour);
    await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  }
}

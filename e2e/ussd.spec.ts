/**
 * A plate checked from a phone without a smartphone: the administrator dials the plate-check
 * service in the USSD simulator, chooses Check a plate, keys in the demo plate reported stolen
 * (ZM-789-GHI, as a keypad gives it: no hyphens) and reads the warning on the phone's screen.
 * A check changes nothing other specs read (a report would raise an alert: the server tests
 * cover that).
 */
import { expect, test } from '@playwright/test';
import { UssdSimulatorPage } from './ussd-simulator-page';

test('an administrator checks a stolen plate in the USSD simulator and reads the warning', async ({ browser }) => {
  const simulator = await UssdSimulatorPage.open(browser);
  // A number of its own each run, so the per-phone limit never meets a rerun.
  const phone = `+26095${String(Date.now() % 10_000_000).padStart(7, '0')}`;
  await simulator.dial(phone);
  await simulator.answer('1');
  await expect(simulator.screen).toContainText('Enter the plate number');
  await simulator.answer('ZM789GHI');
  await expect(simulator.screen).toContainText('ZM-789-GHI: Reported stolen - do not buy, call the police');
  await expect(simulator.screen).toContainText('White Toyota Hilux');
  await expect(simulator.screen).toContainText('Session ended.');
  await simulator.page.context().close();
});

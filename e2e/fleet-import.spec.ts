/**
 * A fleet imported from a CSV file reports what it did, its vehicles are on the table at once
 * (no reload), the same file again adds nothing twice, and a file with bad rows imports the good
 * ones once the owner says so, the bad ones downloadable to correct. A new account of its own,
 * so no other journey's fleet is touched.
 */
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { FleetImportPage } from './fleet-import-page';
import { signUpThroughApi } from './signup-steps';

const FLEET = [
  'make,model,year,colour,chassis_number',
  'Toyota,Hilux,2019,White,AHTFR22G906012345',
  'Isuzu,D-Max,2021,Red,MPATFS86JMT012345',
  'Nissan,NP300,2020,Silver,ADNCJUD23Z0012345',
].join('\n');

test('a fleet import says what it did, shows the vehicles at once, adds nothing twice and imports good rows on request', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const signup = await signUpThroughApi(page.request, {
    name: 'Bwalya Transport',
    email: `fleet-import-${Date.now()}@example.zm`,
    password: 'Fleet#Import2026',
    confirmPassword: 'Fleet#Import2026',
    userType: 'fleet',
  });
  expect(signup.status()).toBe(201);
  const fleet = await FleetImportPage.open(page, '/dashboard/user/vehicles');
  const rows = (model: string) => page.getByRole('row').filter({ hasText: model });

  await fleet.importFile('fleet.csv', FLEET);
  await expect(fleet.status).toHaveText('3 vehicles added, 0 updated');
  await fleet.close();
  // On the table at once, read from the device's store (the server's answer put them there).
  for (const model of ['Hilux', 'D-Max', 'NP300']) await expect(rows(model)).toHaveCount(1, { timeout: 2_000 });

  // Reloading asks nothing (it warned twice): nothing was left unsaved.
  let asked = 0;
  page.on('dialog', (dialog) => {
    asked += 1;
    void dialog.accept();
  });
  await page.reload();
  await expect(rows('Hilux')).toHaveCount(1);
  expect(asked).toBe(0);

  // The same file again: matched by chassis number, nothing added twice.
  await fleet.importFile('fleet.csv', FLEET);
  await expect(fleet.status).toHaveText('0 vehicles added, 0 updated, 3 unchanged');
  await fleet.close();
  for (const model of ['Hilux', 'D-Max', 'NP300']) await expect(rows(model)).toHaveCount(1);

  // A file with a bad row: the good rows go in once the owner says so; the bad one is downloadable.
  await fleet.importFile(
    'more.csv',
    ['make,model,colour,chassis_number', 'Mazda,BT-50,Blue,', ',Corolla,Grey,', 'Ford,Ranger,Black,'].join('\n'),
  );
  await expect(fleet.problems).toContainText('One row needs correcting.');
  await expect(fleet.problems).toContainText('Row 3: Make is required.');
  const download = await fleet.downloadRowsToCorrect();
  const corrected = await readFile((await download.path()) ?? '', 'utf8');
  expect(corrected).toContain('make,model,colour,chassis_number,problem');
  expect(corrected).toContain(',Corolla,Grey,,Row 3: Make is required.');
  await fleet.importGoodRows.click();
  await expect(fleet.status).toHaveText('2 vehicles added, 0 updated, 1 row left out');
  await fleet.close();
  await expect(rows('BT-50')).toHaveCount(1, { timeout: 2_000 });
  await expect(rows('Ranger')).toHaveCount(1);
  await expect(rows('Corolla')).toHaveCount(0);
  await context.close();
});

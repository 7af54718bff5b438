/**
 * Claims with money: the demo insurance agent (on a 360 px phone) records a claim on the
 * policy covering one of the demo buyer's plates with the amount claimed, records the
 * assessment, approves it for an amount, pays it (method, reference, date); the totals of the
 * claims shown and the dashboard's claim totals follow, and the plate's owner sees the amounts
 * on the claim in the plate's View. The claim is new and its own (a unique place), so the
 * journey disturbs no other; the dashboard's totals only grow by it (journeys beside it may add
 * their own), so they are checked to have grown by at least its amounts.
 */
import { expect, test } from '@playwright/test';
import type { OwnerCoverTerm } from '#domain/registry/cover';
import { seriousViolations } from './axe';
import { ClaimsPage } from './claims-page';
import { InsuranceOverviewPage } from './insurance-overview-page';
import { signedInPage } from './lifecycle-steps';
import { MyPlatesPage } from './my-plates-page';

/** "K12,345.67" as ngwee. */
const ngweeOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[K,\s]/g, '')) * 100);

test('an insurer records a claim’s amounts through to payment; the totals follow and the owner sees the amounts', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await signedInPage(browser, 'buyer');
  const today = await owner.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
  // The demo agent's policy covering one of the buyer's plates today (their vehicle's driver is insured on it).
  const plates = (
    (await (await owner.request.get('/api/me/plates')).json()) as {
      plates: Array<{ plateNumber: string; cover?: OwnerCoverTerm[] }>;
    }
  ).plates;
  const covered = plates
    .flatMap((plate) => (plate.cover ?? []).map((term) => ({ plateNumber: plate.plateNumber, term })))
    .find(({ term }) => term.startDate <= today && today <= term.endDate && term.disputedAt == null);
  expect(covered, 'a demo plate of the buyer insured by the demo agent').toBeDefined();
  const plateNumber = covered?.plateNumber ?? '';
  const policyNumber = covered?.term.policyNumber ?? '';

  const agent = await signedInPage(browser, 'insurer', { viewport: { width: 360, height: 800 } });
  const overview = await InsuranceOverviewPage.open(agent, '/dashboard/insurance-agent/dashboard');
  await expect(overview.claimTotal('Total Claimed')).toHaveText(/^K/, { timeout: 30_000 });
  const claimedBefore = ngweeOf(await overview.claimTotal('Total Claimed').textContent());
  const paidBefore = ngweeOf(await overview.claimTotal('Total Paid').textContent());

  const claims = await ClaimsPage.open(agent, '/dashboard/insurance-agent/claims');
  await expect(claims.claim(/CLM-\d{6}/).first()).toBeVisible({ timeout: 30_000 });
  const place = `Chilanga Turn-off ${Date.now().toString(36)}`;
  await claims.newClaimButton.click();
  await claims.choosePolicy(policyNumber);
  await claims.place.fill(place);
  await claims.description.fill('Reversed into by a delivery truck; tailgate and bumper to replace.');
  await claims.claimedAmount.fill('12,345.67');
  await claims.submitClaim.click();
  await expect(claims.newClaimDialog).toBeHidden();

  await claims.searchClaims.fill(place);
  const row = claims.claim(place);
  await expect(row).toContainText(/CLM-\d{6}/, { timeout: 30_000 });
  const claimNumber = /CLM-\d{6}/.exec((await row.textContent()) ?? '')?.[0] ?? '';
  await expect(claims.shownTotal('Total Claimed')).toHaveText('K12,345.67');
  await expect(claims.shownTotal('Total Paid')).toHaveText('K0.00');

  const detail = await claims.openClaim(row, claimNumber);
  await expect(detail).toContainText('K12,345.67');
  await expect(await claims.takeStep(detail, 'Start Assessment')).toBeHidden();
  await expect(await claims.takeStep(detail, 'Record Assessment', { 'Assessed Amount': '11000' })).toBeHidden();
  await expect(detail).toContainText('K11,000.00');
  // Above the assessment: refused on the device with the rule's words.
  const tooMuch = await claims.takeStep(detail, 'Approve', { 'Approved Amount': '11000.01' });
  await expect(tooMuch).toContainText('The approved amount cannot be more than the assessed amount (K11,000.00)');
  await tooMuch.getByLabel(/^Approved Amount/).fill('10500.50');
  await tooMuch.getByRole('button', { name: 'Approve' }).press('Enter');
  await expect(tooMuch).toBeHidden();
  await expect(detail).toContainText('K10,500.50');

  const reference = `ZNB-${Date.now().toString(36).toUpperCase()}`;
  const paying = await claims.takeStep(detail, 'Mark Paid', {
    'Payment Method': 'Bank transfer',
    'Payment Reference': reference,
    'Payment Date': today,
  });
  await expect(paying).toBeHidden();
  await expect(detail).toContainText(`K10,500.50 by Bank transfer`);
  await expect(detail).toContainText(reference);
  await agent.keyboard.press('Escape');
  await expect(claims.shownTotal('Total Paid')).toHaveText('K10,500.50');
  await expect(claims.shownTotal('Total Approved')).toHaveText('K10,500.50');
  await expect(claims.shownTotal('Approved, Not Yet Paid')).toHaveText('K0.00');
  expect(await seriousViolations(agent)).toEqual([]);

  const after = await InsuranceOverviewPage.open(agent, '/dashboard/insurance-agent/dashboard');
  await expect
    .poll(async () => ngweeOf(await after.claimTotal('Total Claimed').textContent()) - claimedBefore, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1_234_567);
  expect(ngweeOf(await after.claimTotal('Total Paid').textContent()) - paidBefore).toBeGreaterThanOrEqual(1_050_050);

  // The plate's owner sees the claim and its amounts, read-only, under the policy in the plate's View.
  const myPlates = await MyPlatesPage.open(owner, '/dashboard/user/plates');
  const view = owner.getByRole('button', { name: `View ${plateNumber}` });
  await myPlates.showAll(view);
  await view.first().click();
  const onPolicy = owner.getByRole('region', { name: `Claims on ${policyNumber}` });
  const mine = onPolicy.getByRole('listitem').filter({ hasText: claimNumber });
  await expect(mine).toContainText('Paid', { timeout: 30_000 });
  for (const text of ['K12,345.67', 'K11,000.00', 'K10,500.50 by Bank transfer', reference])
    await expect(mine).toContainText(text);
  await expect(mine.getByRole('button')).toHaveCount(0);
  expect(await seriousViolations(owner)).toEqual([]);
});

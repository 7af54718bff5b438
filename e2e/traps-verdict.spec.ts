/**
 * The roadside verdict is seen at once on a phone: at 360 × 800 tapping Verify Plate brings
 * the verdict into view and moves focus to the heading that names it; a stolen plate reads as
 * a red alarm in words; and a plate number is never broken across two lines.
 */
import { expect, test } from '@playwright/test';
import { HomePage } from './home-page';
import { VerificationPage } from './verification-page';

const PHONE = { width: 360, height: 800 };

async function verify(verification: VerificationPage, plateNumber: string): Promise<void> {
  await verification.plateNumber.fill(plateNumber);
  await verification.verifyButton.tap();
}

/** How many line boxes each plate number in the verdict is drawn on. */
function linesOfPlateNumbers(verification: VerificationPage): Promise<number[]> {
  return verification.plateNumbersInVerdict.evaluateAll((elements) =>
    elements.map((element) => element.getClientRects().length),
  );
}

test.describe('the roadside verdict at 360 × 800', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('Verify Plate brings "Reported stolen" for ZM-789-GHI into view, focused and red with words', async ({
    page,
  }) => {
    const verification = await VerificationPage.open(page);
    await verify(verification, 'ZM-789-GHI');
    const result = verification.result;
    await expect(result).toHaveAttribute('data-verdict', 'Stolen');
    const heading = verification.verdictHeading;
    await expect(heading).toHaveText(/^Reported stolen/);
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(result).toHaveAttribute('data-tone', 'alarm');
    // Red like an expired registration, not the yellow of a mere warning.
    const colour = await heading.evaluate((element) => getComputedStyle(element).color);
    const [red = 0, green = 0] = (colour.match(/\d+/g) ?? []).map(Number);
    expect(red).toBeGreaterThan(2 * green);
    // In words as well as colour: the badge says it too.
    await expect(result.getByText('Stolen', { exact: true })).toBeVisible();
    expect(await linesOfPlateNumbers(verification)).toEqual([1]);
  });

  test('a plate number is never broken across lines, under the heading or in the explanation', async ({ page }) => {
    const verification = await VerificationPage.open(page);
    await verify(verification, 'ZM-777-VIP');
    const result = verification.result;
    await expect(result).toHaveAttribute('data-verdict', /.+/);
    await expect(verification.verdictHeading).toBeFocused();
    const lines = await linesOfPlateNumbers(verification);
    expect(lines.length).toBeGreaterThan(0);
    for (const count of lines) expect(count).toBe(1);
    const plate = verification.verdictPlateNumber;
    const box = await plate.boundingBox();
    const lineHeight = await plate.evaluate(
      (element) =>
        parseFloat(getComputedStyle(element).lineHeight) || parseFloat(getComputedStyle(element).fontSize) * 1.6,
    );
    expect(box && box.height <= lineHeight + 1).toBe(true);
  });

  test("the home page's Verify Plate opens the verdict in view and focused", async ({ page }) => {
    const home = await HomePage.open(page);
    await home.verifyTab.tap();
    await home.verifyField.fill('ZM-789-GHI');
    await home.verifyButton.tap();
    await expect(page).toHaveURL(/\/verification\?plate=ZM-789-GHI$/);
    const heading = new VerificationPage(page).verdictHeading;
    await expect(heading).toHaveText(/^Reported stolen/);
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });
});

/**
 * Claims at the scene: the demo insurance agent, on a 360 px phone with the network off,
 * records a claim with two photos taken with the camera (Chromium's fake camera, through
 * the app's own camera panel), reloads, goes back online, and the claim and both photos
 * reach the server exactly once; then moves it through assessment and approval to Paid.
 * A third photo is chosen as a file (a JPEG drawn by the page), as from the phone's gallery.
 */
import { type APIRequestContext, chromium, expect, type Page, test } from '@playwright/test';
import { ClaimsPage } from './claims-page';
import { signedInPage } from './lifecycle-steps';
import { chromiumArgs, chromiumPath } from './playwright.config';
import { withServiceWorker } from './service-worker';

/** Every claim the signed-in agent pulls, latest version of each. */
async function pulledClaims(request: APIRequestContext): Promise<Array<Record<string, unknown>>> {
  const rows = new Map<string, Record<string, unknown>>();
  let cursor = '';
  for (let page = 0; page < 50; page += 1) {
    const body = (await (
      await request.get(`/api/sync/pull?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    ).json()) as {
      changes: Array<{ entity: string; id: string; op: string; data: Record<string, unknown> | null }>;
      cursor: string;
      hasMore: boolean;
    };
    for (const change of body.changes)
      if (change.entity === 'insuranceClaim' && change.data) rows.set(change.id, change.data);
    cursor = body.cursor;
    if (!body.hasMore) break;
  }
  return [...rows.values()];
}

/** A camera-sized JPEG drawn and encoded by the page: a gradient and a label, so no two are alike. */
async function cameraJpeg(page: Page, label: string): Promise<Buffer> {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 2400;
    canvas.height = 1800;
    const context = canvas.getContext('2d');
    if (!context) return '';
    const gradient = context.createLinearGradient(0, 0, 2400, 1800);
    gradient.addColorStop(0, '#3a6ea5');
    gradient.addColorStop(1, '#c0504d');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 2400, 1800);
    context.fillStyle = '#ffffff';
    context.font = 'bold 160px sans-serif';
    context.fillText(text, 200, 900);
    return canvas.toDataURL('image/jpeg', 0.95);
  }, label);
  return Buffer.from(dataUrl.replace(/^data:image\/jpeg;base64,/, ''), 'base64');
}

withServiceWorker(() => {
  test('an insurance agent records a claim with two camera photos offline at 360 px; after a reload and reconnecting it reaches the server once, then is paid', async ({
    baseURL,
  }) => {
    test.setTimeout(180_000);
    // The fake camera plays Chromium's own moving test pattern; the fake UI grants the camera.
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [...chromiumArgs, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    });
    const agent = await signedInPage(browser, 'insurer', {
      viewport: { width: 360, height: 800 },
      ...(baseURL ? { baseURL } : {}),
    });
    await agent.goto('/');
    await expect
      .poll(() => agent.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
      .toBe('activated');
    const claims = await ClaimsPage.open(agent, '/dashboard/insurance-agent/claims');
    // The demo claims have arrived: the device holds the agent's policies too.
    await expect(claims.claim(/CLM-\d{6}/).first()).toBeVisible({ timeout: 30_000 });
    const place = `Kafue Roundabout ${Date.now().toString(36)}`;

    await agent.context().setOffline(true);
    await claims.newClaimButton.click();
    const dialog = claims.newClaimDialog;
    await claims.choosePolicy('ZM-123-ABC');
    await claims.place.fill(place);
    await claims.description.fill('Hit from behind while slowing for the roundabout.');
    await claims.claimedAmount.fill('2500');
    await claims.takePhoto.click();
    for (const count of [1, 2]) {
      // The test pattern moves: a moment apart, two captures are two different photos.
      await agent.waitForTimeout(400);
      await claims.capture.click();
      await expect(claims.photos()).toHaveCount(count, { timeout: 15_000 });
    }
    await claims.cameraDone.click();
    await expect(dialog.getByText('Photos (2 of 20)')).toBeVisible();
    await claims.submitClaim.click();
    await expect(dialog).toBeHidden();
    const row = claims.claim(place);
    await expect(row).toContainText('Saved on this device');
    await expect(row).toContainText('2 (2 waiting to upload)');

    await agent.reload();
    await expect(row).toBeVisible({ timeout: 15_000 });
    await expect(row).toContainText('2 (2 waiting to upload)');

    await agent.context().setOffline(false);
    await expect(row).toContainText(/CLM-\d{6}/, { timeout: 30_000 });
    await expect(row).not.toContainText('waiting to upload', { timeout: 60_000 });
    await expect
      .poll(
        async () => {
          const mine = (await pulledClaims(agent.request)).filter((claim) => claim.incidentPlace === place);
          return mine.map((claim) => ({
            photos: (claim.photos as Array<{ isComplete: boolean }>).map((photo) => photo.isComplete),
          }));
        },
        { timeout: 30_000 },
      )
      .toEqual([{ photos: [true, true] }]);
    const [claim] = (await pulledClaims(agent.request)).filter((candidate) => candidate.incidentPlace === place);
    const claimNumber = String(claim?.claimNumber);
    for (const photo of claim?.photos as Array<{ sha256: string; size: number }>) {
      const stored = await agent.request.get(
        `/api/insurance/claims/${String(claim?.id)}/photos/${photo.sha256}/upload`,
      );
      expect(await stored.json()).toEqual({ size: photo.size, received: photo.size, isComplete: true });
      expect(photo.size).toBeLessThanOrEqual(1024 * 1024);
    }

    // Assessment, approval, payment: each confirmed in its own dialog.
    const detail = await claims.openClaim(row, claimNumber);
    await expect(detail.getByText('On the server', { exact: true })).toHaveCount(2);
    // The assessment and the approval offer the amount claimed; the payment asks how it was paid.
    // Each step's result is on the device (by sync) before the next is taken, as a person sees it:
    // Approve is offered as soon as the assessment starts, and offers the assessed amount once it has arrived.
    const steps: Array<[string, Record<string, string>, RegExp]> = [
      ['Start Assessment', {}, /Under Assessment/],
      ['Record Assessment', {}, /Assessed amount\s*K2,500\.00/],
      ['Approve', {}, /Approved amount\s*K2,500\.00/],
      ['Mark Paid', { 'Payment Method': 'Mobile money', 'Payment Reference': `MM-${place.slice(-6)}` }, /Amount paid/],
    ];
    for (const [step, fields, result] of steps) {
      const confirm = await claims.takeStep(detail, step, fields);
      // Each step is a round trip to the server, which closes the dialog when it answers.
      await expect(confirm).toBeHidden({ timeout: 20_000 });
      await expect(detail).toContainText(result, { timeout: 20_000 });
    }
    await expect(detail.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 15_000 });
    await expect
      .poll(async () => (await pulledClaims(agent.request)).find((candidate) => candidate.id === claim?.id)?.status, {
        timeout: 15_000,
      })
      .toBe('Paid');
    await browser.close();
  });
});

test('a photo already taken is chosen from the gallery, resized on the device to at most 1600 px', async ({
  browser,
}) => {
  const agent = await signedInPage(browser, 'insurer', { viewport: { width: 360, height: 800 } });
  const claims = await ClaimsPage.open(agent, '/dashboard/insurance-agent/claims');
  await expect(claims.claim(/CLM-\d{6}/).first()).toBeVisible({ timeout: 30_000 });
  await claims.newClaimButton.click();
  await claims.photoFiles.setInputFiles({
    name: 'IMG_0001.jpg',
    mimeType: 'image/jpeg',
    buffer: await cameraJpeg(agent, 'gallery photo'),
  });
  const photo = claims.photos('Photo 1 of the claim');
  await expect(photo).toBeVisible({ timeout: 15_000 });
  const size = await photo.evaluate((image) =>
    image instanceof HTMLImageElement ? Math.max(image.naturalWidth, image.naturalHeight) : 0,
  );
  expect(size).toBe(1600);
});

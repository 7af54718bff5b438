/**
 * An administrator registers an insurer on the Partner API page and issues it a key; the
 * insurer's own system then checks 100 plates in one call with that key
 * (docs/partner-api.md).
 */
import { expect, test } from '@playwright/test';
import { PartnerApiPage } from './partner-api-page';

test('an insurer registered and given a key checks 100 plates in one call, and gets a webhook', async ({
  browser,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Kwacha Assurance ${stamp}`;
  const admin = await PartnerApiPage.open(browser);
  await admin.registerInsurer(name, name, `api-${stamp}@kwacha.example`);
  const key = await admin.issueKey(name, ['Bulk checks']);
  expect(key).toMatch(/^nmb_/);

  // The demo plates first, then numbers nobody holds: 100 in all, one of them malformed.
  const plates = ['ZM-123-ABC', 'ZM-456-DEF', 'ZM-789-GHI', 'ZM-321-XYZ', 'not a plate'];
  for (let n = 0; plates.length < 100; n += 1) plates.push(`ZM-${String(100 + n).padStart(3, '0')}-QQQ`);
  const answer = await request.post('/api/partner/v1/plates/check', {
    headers: { authorization: `Bearer ${key}` },
    data: { plates },
  });
  expect(answer.status()).toBe(200);
  const { results } = (await answer.json()) as {
    results: Array<{ input: string; ok: boolean; result?: { verdict: string; tier: string } }>;
  };
  expect(results.map((item) => item.input)).toEqual(plates);
  expect(results.slice(0, 4).map((item) => item.result?.verdict)).toEqual(['Valid', 'Expired', 'Stolen', 'Revoked']);
  expect(results[4]).toMatchObject({ ok: false });
  expect(results.every((item) => !item.ok || item.result?.tier === 'public')).toBe(true);

  // The call is on the organisation's usage.
  await admin.page.reload();
  await expect(admin.organisation(name)).toContainText('1 call today');
  // It subscribes to events on the plates it insures (no event is made here: other journeys read the demo plates).
  const secret = await admin.addWebhook(name, 'http://127.0.0.1:9/kwacha-events');
  expect(secret).toMatch(/^whsec_/);
  await admin.page.context().close();
});

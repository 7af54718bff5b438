/**
 * Signing up as a person does: the form (or the API) answers "check your email", and the
 * account is made through the link in the message. The test server's messages go to the
 * sandbox, so the answer shows the message and its link (Test messages).
 */
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';

/** After Create Account: follows the link in the test message and finishes the account. */
export async function finishSignUp(page: Page): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: 'Check your email.' })).toBeVisible();
  await page.getByRole('link', { name: 'Open the link in the message' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finish creating your account');
  await page.getByRole('button', { name: 'Create My Account' }).click();
}

/** The same through the API: the sign-up, then its link. Answers the confirmation (201 with the user and the session cookie). */
export async function signUpThroughApi(request: APIRequestContext, data: Record<string, string>): Promise<APIResponse> {
  const asked = await request.post('/api/auth/signup', { data });
  expect(asked.status()).toBe(202);
  const { testMessage } = (await asked.json()) as { testMessage?: { link: string } };
  const token = /token=([\w-]+)/.exec(testMessage?.link ?? '')?.[1] ?? '';
  expect(token, 'the sign-up sent a link to finish it').not.toBe('');
  return request.post('/api/auth/signup/confirm', { data: { token } });
}

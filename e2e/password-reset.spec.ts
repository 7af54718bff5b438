/**
 * "Forgot password?" end to end: the link on Login, the request, the message in the
 * sandbox outbox, the new password set through the link, and the link refused the
 * second time. A fresh account, so no other journey's sign-in is touched.
 */
import { expect, test } from '@playwright/test';
import { RESET_LINK_SENT, RESET_LINK_UNUSABLE } from '../src/domain/accounts/password-reset';
import { openApp } from './app-page';
import { signedInPage } from './lifecycle-steps';
import { signUpThroughApi } from './signup-steps';

test('a person who forgot their password gets a link, sets a new one once, and logs in with it', async ({
  page,
  browser,
}) => {
  const email = `reset-${Date.now()}@example.zm`;
  const signup = await signUpThroughApi(page.request, {
    name: 'Chanda Phiri',
    email,
    password: 'first-pass-1',
    confirmPassword: 'first-pass-1',
    userType: 'individual',
  });
  expect(signup.status()).toBe(201);
  await page.context().clearCookies();

  await openApp(page, '/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: RESET_LINK_SENT })).toBeVisible();

  // The sandbox outbox, as an administrator reads it.
  const admin = await signedInPage(browser, 'admin');
  let link = '';
  await expect
    .poll(async () => {
      const { messages } = (await (await admin.request.get('/api/admin/messages')).json()) as {
        messages: { to: string; body: string }[];
      };
      link =
        /https?:\/\/[^\s]+\/auth\/reset-password\?token=[\w-]+/.exec(
          messages.find((message) => message.to === email)?.body ?? '',
        )?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  await admin.context().close();

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await page.getByLabel(/^New Password/).fill('second-pass-2');
  await page.getByLabel(/^Confirm Password/).fill('second-pass-3');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel(/^Confirm Password/).fill('second-pass-2');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill('second-pass-2');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link a second time.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
  await page.getByLabel(/^New Password/).fill('third-pass-3');
  await page.getByLabel(/^Confirm Password/).fill('third-pass-3');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: RESET_LINK_UNUSABLE })).toBeVisible();
});

/**
 * "Forgot password?" end to end: the link on Login, the request, the message in the
 * sandbox outbox, the new password set through the link, and the link refused the
 * second time. A fresh account, so no other journey's sign-in is touched.
 */
import { expect, test } from '@playwright/test';
import { RESET_LINK_SENT, RESET_LINK_UNUSABLE } from '../src/domain/accounts/password-reset';
import { AuthPage, PasswordResetPage } from './auth-page';
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

  const auth = await AuthPage.open(page);
  await auth.forgotPassword.click();
  const forgot = new PasswordResetPage(page);
  await expect(forgot.heading).toHaveText('Forgot your password?');
  await forgot.sendLink.click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await forgot.email.fill(email);
  await forgot.sendLink.click();
  await expect(forgot.sent(RESET_LINK_SENT)).toBeVisible();

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

  const reset = await PasswordResetPage.openLink(page, link);
  await expect(reset.heading).toHaveText('Choose a new password');
  await reset.waitUntilReady();
  await reset.choose('second-pass-2', 'second-pass-3');
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await reset.confirmPassword.fill('second-pass-2');
  await reset.setPassword.click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible();

  await auth.logIn(email, 'second-pass-2');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same link a second time.
  const again = await PasswordResetPage.openLink(page, link);
  await again.waitUntilReady();
  await again.choose('third-pass-3');
  await expect(again.refused(RESET_LINK_UNUSABLE)).toBeVisible();
});

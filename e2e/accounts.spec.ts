import { expect, test } from '@playwright/test';
import { openApp, signInAs } from './app-page';
import { finishSignUp } from './signup-steps';

test.describe('accounts', () => {
  test('a new buyer signs up and lands in the dashboard', async ({ page }) => {
    await openApp(page, '/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Natasha Mwanza');
    await form.getByRole('textbox', { name: 'Email' }).fill(`natasha-${Date.now()}@example.zm`);
    await form.getByLabel(/^Password/).fill('kabwe-road-7');
    await form.getByLabel(/Confirm Password/).fill('kabwe-road-7');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await finishSignUp(page);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Your account has been created.')).toBeVisible();
  });

  test('signing up with an email that has an account answers as for a new one, and the message tells the owner', async ({
    page,
  }) => {
    await openApp(page, '/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Someone Else');
    await form.getByRole('textbox', { name: 'Email' }).fill('buyer@nambala.zm');
    await form.getByLabel(/^Password/).fill('kabwe-road-7');
    await form.getByLabel(/Confirm Password/).fill('kabwe-road-7');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Check your email.' })).toContainText(
      'We have sent a message to buyer@nambala.zm',
    );
    const note = page.getByRole('note', { name: 'Test messages' });
    await expect(note).toContainText('You already have a Nambala account');
    await note.getByRole('link', { name: 'Open the link in the message' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a wrong password gets one message that does not say which part was wrong', async ({ page }) => {
    await openApp(page, '/auth');
    await page.getByRole('textbox', { name: 'Email' }).fill('buyer@nambala.zm');
    await page.getByLabel('Password', { exact: false }).first().fill('not-my-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
  });

  test('the demo buyer signs in', async ({ page }) => {
    await openApp(page, '/auth');
    await page.getByRole('textbox', { name: 'Email' }).fill('buyer@nambala.zm');
    await page.getByLabel('Password', { exact: false }).first().fill('Buyer#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('dashboard access', () => {
  test('a signed-out visitor is sent to sign in, then back to the page asked for', async ({ page }) => {
    await page.goto('/dashboard/admin/users');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard%2Fadmin%2Fusers$/);
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('textbox', { name: 'Email' }).fill('admin@nambala.zm');
    await page.getByLabel('Password', { exact: false }).first().fill('Admin#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/admin\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Account settings for Bwalya Mulenga' })).toHaveText('BM');
  });

  test('a buyer opening the admin dashboard is told it is not allowed, and sees only the User view', async ({
    page,
  }) => {
    await signInAs(page, 'buyer');
    await page.goto('/dashboard/admin');
    await expect(page.getByRole('heading', { name: 'You are not allowed to open this page' })).toBeVisible();
    const views = page.getByRole('group', { name: 'View' });
    await expect(views.getByRole('button')).toHaveText(['User']);
    // The sidebar offers the buyer's own pages, not the administrator's.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(nav.getByRole('link', { name: 'My Plates' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Plate Requests' })).toHaveCount(0);
  });

  test('a new plate maker waits for approval', async ({ page }) => {
    await openApp(page, '/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Kunda Mwale');
    await form.getByRole('textbox', { name: 'Email' }).fill(`kunda-${Date.now()}@example.zm`);
    await form.getByRole('combobox', { name: /Account Type/ }).selectOption('agent');
    await form.getByRole('textbox', { name: /Business\/Company Name/ }).fill('Kitwe Plate Works');
    await form.getByRole('textbox', { name: /License Number/ }).fill('PM-0099');
    await form.getByLabel(/^Password/).fill('kitwe-works-1');
    await form.getByLabel(/Confirm Password/).fill('kitwe-works-1');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await finishSignUp(page);
    await expect(page.getByRole('heading', { name: 'Your account is awaiting approval' })).toBeVisible();
    await expect(page.getByText(/Kitwe Plate Works/)).toBeVisible();
  });

  test('signing out returns to the sign-in screen and the dashboard is closed again', async ({ page }) => {
    await signInAs(page, 'buyer');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\?redirect=/);
  });

  test('when the session ends on the server, the app sends the user to sign in and back', async ({ page }) => {
    await signInAs(page, 'buyer');
    await page.goto('/dashboard/user/plates');
    await expect(page.getByRole('heading', { level: 1, name: 'My Plates & Orders' })).toBeVisible();
    // The session expires (here: ended on the server behind the app's back).
    await page.request.post('/api/auth/logout');
    await page.reload();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard%2Fuser%2Fplates$/);
    await page.locator('html[data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('textbox', { name: 'Email' }).fill('buyer@nambala.zm');
    await page.getByLabel('Password', { exact: false }).first().fill('Buyer#2026');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/user\/plates$/);
  });
});

import { expect, test } from '@playwright/test';
import { openApp } from './app-page';

test.describe('accounts', () => {
  test('a new buyer signs up and lands in the dashboard', async ({ page }) => {
    await openApp(page, '/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByRole('textbox', { name: 'Full Name' }).fill('Natasha Mwanza');
    await form.getByRole('textbox', { name: 'Email' }).fill(`natasha-${Date.now()}@example.zm`);
    await form.getByLabel(/^Password/).fill('kabwe-road-7');
    await form.getByLabel(/Confirm Password/).fill('kabwe-road-7');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
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

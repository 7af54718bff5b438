import { expect, test } from '@playwright/test';
import { signInAs } from './app-page';
import { AuthPage } from './auth-page';
import { DashboardPage } from './dashboard-page';
import { withServiceWorker } from './service-worker';

test.describe('accounts', () => {
  test('a new buyer signs up and lands in the dashboard', async ({ page }) => {
    const auth = await AuthPage.open(page, 'Sign Up');
    await auth.signUp({ name: 'Natasha Mwanza', email: `natasha-${Date.now()}@example.zm`, password: 'kabwe-road-7' });
    await auth.finishSignUp();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Your account has been created.')).toBeVisible();
  });

  test('signing up with an email that has an account answers as for a new one, and the message tells the owner', async ({
    page,
  }) => {
    const auth = await AuthPage.open(page, 'Sign Up');
    await auth.signUp({ name: 'Someone Else', email: 'buyer@nambala.zm', password: 'kabwe-road-7' });
    await expect(auth.checkYourEmail).toContainText('We have sent a message to buyer@nambala.zm');
    await expect(auth.testMessages).toContainText('You already have a Nambala account');
    await auth.openMessageLink.click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a wrong password gets one message that does not say which part was wrong', async ({ page }) => {
    const auth = await AuthPage.open(page);
    await auth.logIn('buyer@nambala.zm', 'not-my-password');
    await expect(auth.loginForm.getByText('The email or password is incorrect.')).toBeVisible();
  });

  withServiceWorker(() => {
    test('signing in offline says so, and the message goes when the connection comes back', async ({
      page,
      context,
    }) => {
      const auth = await AuthPage.open(page);
      await context.setOffline(true);
      await auth.logIn('buyer@nambala.zm', 'Buyer#2026');
      const offline = auth.loginForm.getByText("You're offline. Signing in needs a connection.");
      await expect(offline).toBeVisible();
      await context.setOffline(false);
      await expect(offline).toHaveCount(0);
      await auth.loginButton.click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });

  test('the demo buyer signs in', async ({ page }) => {
    const auth = await AuthPage.open(page);
    await auth.logIn('buyer@nambala.zm', 'Buyer#2026');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('dashboard access', () => {
  test('a signed-out visitor is sent to sign in, then back to the page asked for', async ({ page }) => {
    await page.goto('/dashboard/admin/users');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard%2Fadmin%2Fusers$/);
    const auth = await AuthPage.shown(page);
    await auth.logIn('admin@nambala.zm', 'Admin#2026');
    await expect(page).toHaveURL(/\/dashboard\/admin\/users$/);
    const dashboard = new DashboardPage(page);
    await expect(dashboard.heading('User Management')).toBeVisible();
    await expect(dashboard.accountSettings('Bwalya Mulenga')).toHaveText('BM');
  });

  test('a buyer opening the admin dashboard is told it is not allowed, and sees only the User view', async ({
    page,
  }) => {
    await signInAs(page, 'buyer');
    await page.goto('/dashboard/admin');
    const dashboard = new DashboardPage(page);
    await expect(dashboard.notice('You are not allowed to open this page')).toBeVisible();
    await expect(dashboard.views).toHaveText(['User']);
    // The sidebar offers the buyer's own pages, not the administrator's.
    await expect(dashboard.sidebarLink('My Plates')).toBeVisible();
    await expect(dashboard.sidebarLink('Plate Requests')).toHaveCount(0);
  });

  test('a new plate maker waits for approval', async ({ page }) => {
    const auth = await AuthPage.open(page, 'Sign Up');
    await auth.signUp({
      name: 'Kunda Mwale',
      email: `kunda-${Date.now()}@example.zm`,
      type: 'agent',
      business: 'Kitwe Plate Works',
      licence: 'PM-0099',
      password: 'kitwe-works-1',
    });
    await auth.finishSignUp();
    await expect(new DashboardPage(page).notice('Your account is awaiting approval')).toBeVisible();
    await expect(page.getByText(/Kitwe Plate Works/)).toBeVisible();
  });

  test('signing out returns to the sign-in screen and the dashboard is closed again', async ({ page }) => {
    await signInAs(page, 'buyer');
    await page.goto('/dashboard');
    await new DashboardPage(page).signOut.click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\?redirect=/);
  });

  test('when the session ends on the server, the app sends the user to sign in and back', async ({ page }) => {
    await signInAs(page, 'buyer');
    await page.goto('/dashboard/user/plates');
    await expect(new DashboardPage(page).heading('My Plates & Orders')).toBeVisible();
    // The session expires (here: ended on the server behind the app's back).
    await page.request.post('/api/auth/logout');
    await page.reload();
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard%2Fuser%2Fplates$/);
    const auth = await AuthPage.shown(page);
    await auth.logIn('buyer@nambala.zm', 'Buyer#2026');
    await expect(page).toHaveURL(/\/dashboard\/user\/plates$/);
  });
});

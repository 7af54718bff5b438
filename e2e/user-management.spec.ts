import { expect, type Page, test } from '@playwright/test';
import { signInAs } from './app-page';
import { AuthPage } from './auth-page';
import { DashboardPage } from './dashboard-page';
import { SettingsPage } from './settings-page';
import { signUpThroughApi } from './signup-steps';
import { UsersPage } from './users-page';
import { withServiceWorker } from './service-worker';

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.zm`;

/** Signs up through the form and the link in its message, as a person would. */
async function signUp(
  page: Page,
  account: { name: string; email: string; type: string; business?: string; licence?: string; password?: string },
) {
  const auth = await AuthPage.open(page, 'Sign Up');
  await auth.signUp({ ...account, password: account.password ?? 'lusaka-road-9' });
  await auth.finishSignUp();
}

test.describe('sign-up for every account type', () => {
  for (const [type, extra, landing] of [
    ['fleet', {}, /\/dashboard$/],
    ['corporate', { business: 'Zambeef Fleet Ltd' }, /\/dashboard$/],
    ['law', {}, /\/dashboard$/],
  ] as const) {
    test(`a ${type} account signs up`, async ({ page }) => {
      await signUp(page, { name: `Test ${type}`, email: unique(type), type, ...extra });
      await expect(page).toHaveURL(landing);
      const dashboard = new DashboardPage(page);
      if (type === 'law') await expect(dashboard.notice('Your account is awaiting approval')).toBeVisible();
      else await expect(dashboard.heading('My Dashboard')).toBeVisible();
    });
  }

  test('a corporate account without a company name gets the spec’s message', async ({ page }) => {
    const auth = await AuthPage.open(page, 'Sign Up');
    await auth.signUp({ type: 'corporate' });
    await expect(auth.signUpForm.getByText('Corporate accounts must provide Business/Company Name')).toBeVisible();
  });
});

test.describe('administrator and accounts', () => {
  test('a plate maker waits until an administrator approves, then has the Agent view and a notification', async ({
    page,
    browser,
  }) => {
    const email = unique('shop');
    await signUp(page, {
      name: 'Kunda Mwale',
      email,
      type: 'agent',
      business: 'Ndola Plate House',
      licence: 'PM-0555',
    });
    const dashboard = new DashboardPage(page);
    await expect(dashboard.notice('Your account is awaiting approval')).toBeVisible();

    const users = await UsersPage.openAsAdmin(browser);
    await users.search(email);
    await users.rowButton('View', 'Kunda Mwale').click();
    await expect(users.details.getByText('Ndola Plate House')).toBeVisible();
    await expect(users.details.getByText('PM-0555')).toBeVisible();
    await users.details.getByRole('button', { name: 'Approve' }).click();
    await expect(users.page.getByText('Kunda Mwale was approved')).toBeVisible();
    await users.page.context().close();

    await page.goto('/dashboard/agent/dashboard');
    await expect(dashboard.views).toHaveText(['Agent']);
    await expect(dashboard.heading('Agent Dashboard')).toBeVisible();
    const bell = dashboard.notificationsButton('1 unread');
    await expect(bell).toBeVisible();
    await bell.click();
    await expect(dashboard.notifications.getByText('Your account has been approved')).toBeVisible();
    // Opening the list leaves it unread; the person marks it read.
    await dashboard.markRead('Your account has been approved');
    await page.keyboard.press('Escape');
    await expect(dashboard.notificationsButton('none unread')).toBeVisible();
    // Read stays read: the server has it too.
    await page.reload();
    await expect(dashboard.notificationsButton('none unread')).toBeVisible();
  });

  test('an administrator adds, edits, suspends and deletes a user with the spec’s dialogs', async ({ browser }) => {
    const users = await UsersPage.openAsAdmin(browser);
    const page = users.page;
    const email = unique('added');

    await users.addUserButton.click();
    const add = users.addDialog;
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByText('Name is required')).toBeVisible();
    await users.fill(add, {
      name: 'Chileshe Lungu',
      email: 'buyer@nambala.zm',
      type: 'INSURANCE_AGENT',
    });
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByText('An account with this email already exists.').first()).toBeVisible();
    await users.fill(add, { email });
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByText('Chileshe Lungu was added')).toBeVisible();

    // By the unique email: a retry of this test on the same server leaves another Chileshe.
    await users.search(email);
    const row = users.row(email);
    await expect(row).toContainText(/USR-\d{3}/);
    await expect(row).toContainText('INSURANCE_AGENT');
    await expect(users.shown('Showing 1 of')).toBeVisible();

    // The new user chooses a password through the invitation's link, then signs in with it.
    let token = '';
    await expect
      .poll(async () => {
        const { messages } = (await (await page.request.get('/api/admin/messages')).json()) as {
          messages: { to: string; body: string }[];
        };
        token = /reset-password\?token=([\w-]+)/.exec(messages.find((m) => m.to === email)?.body ?? '')?.[1] ?? '';
        return token;
      })
      .not.toBe('');
    const chosen = await page.request.post('/api/auth/password-reset/complete', {
      data: { token, newPassword: 'start-here-1', confirmPassword: 'start-here-1' },
    });
    expect(chosen.status()).toBe(204);
    const login = await page.request.post('/api/auth/login', { data: { email, password: 'start-here-1' } });
    expect(login.status()).toBe(200);
    await signInAs(page, 'admin');

    await users.rowButton('Edit', 'Chileshe Lungu').click();
    await users.fill(users.editDialog, { name: 'Chileshe Mwamba', status: 'Suspended' });
    await users.editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await users.search(email);
    await expect(users.row(email)).toContainText('Suspended');
    // Suspended: signing in is refused.
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'start-here-1' } })).status()).toBe(
      403,
    );
    await signInAs(page, 'admin');

    await users.rowButton('Delete', 'Chileshe Mwamba').click();
    await expect(
      users.confirmDeletion.getByText('Are you sure you want to delete this user? This action cannot be undone.'),
    ).toBeVisible();
    await users.confirmDeletion.getByRole('button', { name: 'Delete User' }).click();
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    await expect(users.shown(/Showing 0 of \d+ users/)).toBeVisible();
    await expect(page.getByText(/Total Active: \d+/)).toBeVisible();
  });

  test('the last administrator cannot suspend themselves', async ({ browser }) => {
    const users = await UsersPage.openAsAdmin(browser);
    await users.search('admin@nambala.zm');
    await users.rowButton('View', 'Bwalya Mulenga').click();
    await users.details.getByRole('button', { name: 'Suspend' }).click();
    await expect(users.alert('You cannot suspend, demote or delete your own account.')).toBeVisible();
  });

  test('a buyer changes their phone (with their password) and password in Settings, then signs in with the new password', async ({
    page,
  }) => {
    const email = unique('settings');
    await signUp(page, { name: 'Mapalo Daka', email, type: 'individual', password: 'first-pass-1' });
    await expect(page).toHaveURL(/\/dashboard$/);
    const settings = new SettingsPage(page);
    await settings.accountSettings('Mapalo Daka').click();
    await expect(settings.heading('Settings')).toBeVisible();

    // The phone changes only with the password: a stolen session alone cannot move the account.
    await settings.phone.fill('12345');
    await settings.changeContact.click();
    await expect(settings.contactForm.getByText('Enter a Zambian phone number like +260 97 123 4567')).toBeVisible();
    await expect(settings.contactForm.getByText('Current password is required')).toBeVisible();
    await settings.phone.fill('0971234567');
    await settings.contactPassword.fill('first-pass-1');
    // The server's word on who is signed in comes late, as on a slow line: the page reloaded at
    // once is drawn from the device's copy of the account, from before the change.
    const lateSession = '**/api/auth/session';
    await page.route(lateSession, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    await settings.changeContact.click();
    await expect(settings.contactChanged('Your phone number has been changed.')).toBeVisible();
    await page.reload();
    await expect(settings.phone).toHaveValue('+260 97 123 4567');
    await page.unroute(lateSession);

    await settings.currentPassword.fill('wrong-pass-1');
    await settings.newPassword.fill('second-pass-2');
    await settings.confirmNewPassword.fill('second-pass-2');
    await settings.changePassword.click();
    await expect(settings.passwordForm.getByText('The current password is incorrect.')).toBeVisible();
    await settings.currentPassword.fill('first-pass-1');
    await settings.changePassword.click();
    await expect(page.getByText('Password changed')).toBeVisible();

    await settings.signOut.click();
    await expect(page).toHaveURL(/\/auth$/);
    await new AuthPage(page).logIn(email, 'second-pass-2');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('repeated wrong passwords lock the account for a while', async ({ page }) => {
    const email = unique('locked');
    expect(
      (
        await signUpThroughApi(page.request, {
          name: 'Lock Test',
          email,
          password: 'right-pass-1',
          confirmPassword: 'right-pass-1',
          userType: 'individual',
        })
      ).status(),
    ).toBe(201);
    await page.request.post('/api/auth/logout');
    const auth = await AuthPage.open(page);
    await auth.email.fill(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await auth.password.fill(`wrong-${attempt}`);
      await auth.loginButton.click();
      await expect(auth.loginForm.getByText('The email or password is incorrect.')).toBeVisible();
    }
    await auth.password.fill('right-pass-1');
    await auth.loginButton.click();
    await expect(
      auth.loginForm.getByText(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./),
    ).toBeVisible();
  });
});

withServiceWorker(() => {
  test('an administrator’s user list opens offline, and an edit made offline reaches the server on reconnect', async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await expect
      .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state), { timeout: 30_000 })
      .toBe('activated');
    // A user of our own to edit, so other tests' users stay as they are.
    const email = unique('offline');
    await signInAs(page, 'admin');
    const created = await page.request.post('/api/sync/push', {
      data: {
        clientId: 'e2e',
        mutations: [
          {
            id: crypto.randomUUID(),
            intent: 'addUser',
            payload: {
              id: crypto.randomUUID(),
              name: 'Offline Edit',
              email,
              userType: 'Customer',
              status: 'Active',
            },
          },
        ],
      },
    });
    expect((await created.json()).results[0].outcome).toBe('applied');
    await page.goto('/dashboard/admin/users');
    const users = new UsersPage(page);
    await users.search(email);
    await expect(users.row(email)).toBeVisible();

    await context.setOffline(true);
    await page.reload();
    await expect(users.connectionStatus).toContainText('Offline');
    await expect(users.accountSettings('Bwalya Mulenga')).toBeVisible();
    await users.search(email);
    await users.rowButton('Edit', 'Offline Edit').click();
    await users.fill(users.editDialog, { status: 'Inactive' });
    await users.editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText("Saved on this device — it will be sent when you're back online.")).toBeVisible();
    const row = users.row(email);
    await expect(row).toContainText('Inactive');
    await expect(row).toContainText('Saved on this device');

    await context.setOffline(false);
    await expect(row).not.toContainText('Saved on this device', { timeout: 20_000 });
    const list = await page.request.get('/api/admin/users');
    const stored = (await list.json()).users.find((user: { email: string }) => user.email === email);
    expect(stored.status).toBe('Inactive');
  });
});

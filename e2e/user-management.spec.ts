import { type Browser, expect, type Page, test } from '@playwright/test';
import { openApp, signInAs } from './app-page';
import { finishSignUp, signUpThroughApi } from './signup-steps';

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.zm`;

/** Signs up through the form and the link in its message, as a person would. */
async function signUp(
  page: Page,
  account: { name: string; email: string; type: string; business?: string; licence?: string; password?: string },
) {
  await openApp(page, '/auth?tab=signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByRole('textbox', { name: 'Full Name' }).fill(account.name);
  await form.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await form.getByRole('combobox', { name: /Account Type/ }).selectOption(account.type);
  if (account.business) await form.getByRole('textbox', { name: /Business\/Company Name/ }).fill(account.business);
  if (account.licence) await form.getByRole('textbox', { name: /License Number/ }).fill(account.licence);
  await form.getByLabel(/^Password/).fill(account.password ?? 'lusaka-road-9');
  await form.getByLabel(/Confirm Password/).fill(account.password ?? 'lusaka-road-9');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await finishSignUp(page);
}

async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, 'admin');
  await page.goto('/dashboard/admin/users');
  await expect(page.getByText(/Showing \d+ of \d+ users/)).toBeVisible();
  return page;
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
      if (type === 'law')
        await expect(page.getByRole('heading', { name: 'Your account is awaiting approval' })).toBeVisible();
      else await expect(page.getByRole('heading', { level: 1, name: 'My Dashboard' })).toBeVisible();
    });
  }

  test('a corporate account without a company name gets the spec’s message', async ({ page }) => {
    await openApp(page, '/auth?tab=signup');
    const form = page.getByRole('form', { name: 'Sign Up' });
    await form.getByRole('combobox', { name: /Account Type/ }).selectOption('corporate');
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Corporate accounts must provide Business/Company Name')).toBeVisible();
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
    await expect(page.getByRole('heading', { name: 'Your account is awaiting approval' })).toBeVisible();

    const admin = await adminPage(browser);
    await admin.getByRole('searchbox', { name: 'Search users' }).fill(email);
    await admin.getByRole('button', { name: 'View Kunda Mwale' }).click();
    const details = admin.getByRole('dialog', { name: 'User Details' });
    await expect(details.getByText('Ndola Plate House')).toBeVisible();
    await expect(details.getByText('PM-0555')).toBeVisible();
    await details.getByRole('button', { name: 'Approve' }).click();
    await expect(admin.getByText('Kunda Mwale was approved')).toBeVisible();
    await admin.context().close();

    await page.goto('/dashboard/agent/dashboard');
    await expect(page.getByRole('group', { name: 'View' }).getByRole('button')).toHaveText(['Agent']);
    await expect(page.getByRole('heading', { level: 1, name: 'Agent Dashboard' })).toBeVisible();
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await expect(panel.getByText('Your account has been approved')).toBeVisible();
    // Opening the list leaves it unread; the person marks it read.
    await panel.getByRole('button', { name: 'Mark as read: Your account has been approved' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
    // Read stays read: the server has it too.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();
  });

  test('an administrator adds, edits, suspends and deletes a user with the spec’s dialogs', async ({ browser }) => {
    const page = await adminPage(browser);
    const email = unique('added');

    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByText('Name is required')).toBeVisible();
    await add.getByRole('textbox', { name: /Full Name/ }).fill('Chileshe Lungu');
    await add.getByRole('textbox', { name: /Email/ }).fill('buyer@nambala.zm');
    await add.getByRole('combobox', { name: /User Type/ }).selectOption('INSURANCE_AGENT');
    await add.getByRole('textbox', { name: /Temporary Password/ }).fill('start-here-1');
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(add.getByText('An account with this email already exists.').first()).toBeVisible();
    await add.getByRole('textbox', { name: /Email/ }).fill(email);
    await add.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByText('Chileshe Lungu was added')).toBeVisible();

    const search = page.getByRole('searchbox', { name: 'Search users' });
    // By the unique email: a retry of this test on the same server leaves another Chileshe.
    await search.fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(/USR-\d{3}/);
    await expect(row).toContainText('INSURANCE_AGENT');
    await expect(page.getByText('Showing 1 of')).toBeVisible();

    // The new user can sign in with the temporary password.
    const login = await page.request.post('/api/auth/login', { data: { email, password: 'start-here-1' } });
    expect(login.status()).toBe(200);
    await signInAs(page, 'admin');

    await page.getByRole('button', { name: 'Edit Chileshe Lungu' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit User' });
    await edit.getByRole('textbox', { name: /Full Name/ }).fill('Chileshe Mwamba');
    await edit.getByRole('combobox', { name: /Status/ }).selectOption('Suspended');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await search.fill(email);
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Suspended');
    // Suspended: signing in is refused.
    expect((await page.request.post('/api/auth/login', { data: { email, password: 'start-here-1' } })).status()).toBe(
      403,
    );
    await signInAs(page, 'admin');

    await page.getByRole('button', { name: 'Delete Chileshe Mwamba' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await expect(
      confirm.getByText('Are you sure you want to delete this user? This action cannot be undone.'),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete User' }).click();
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
    await expect(page.getByText(/Showing 0 of \d+ users/)).toBeVisible();
    await expect(page.getByText(/Total Active: \d+/)).toBeVisible();
  });

  test('the last administrator cannot suspend themselves', async ({ browser }) => {
    const page = await adminPage(browser);
    await page.getByRole('searchbox', { name: 'Search users' }).fill('admin@nambala.zm');
    await page.getByRole('button', { name: 'View Bwalya Mulenga' }).click();
    await page.getByRole('dialog', { name: 'User Details' }).getByRole('button', { name: 'Suspend' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'You cannot suspend, demote or delete your own account.' }),
    ).toBeVisible();
  });

  test('a buyer changes their phone (with their password) and password in Settings, then signs in with the new password', async ({
    page,
  }) => {
    const email = unique('settings');
    await signUp(page, { name: 'Mapalo Daka', email, type: 'individual', password: 'first-pass-1' });
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole('link', { name: 'Account settings for Mapalo Daka' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();

    // The phone changes only with the password: a stolen session alone cannot move the account.
    const contact = page.getByRole('form', { name: 'Email and Phone' });
    await contact.getByRole('textbox', { name: 'Phone' }).fill('12345');
    await contact.getByRole('button', { name: 'Change Email or Phone' }).click();
    await expect(contact.getByText('Enter a Zambian phone number like +260 97 123 4567')).toBeVisible();
    await expect(contact.getByText('Current password is required')).toBeVisible();
    await contact.getByRole('textbox', { name: 'Phone' }).fill('0971234567');
    await contact.getByLabel(/Current Password/).fill('first-pass-1');
    await contact.getByRole('button', { name: 'Change Email or Phone' }).click();
    await expect(contact.getByRole('status').filter({ hasText: 'Your phone number has been changed.' })).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Email and Phone' }).getByRole('textbox', { name: 'Phone' }),
    ).toHaveValue('+260 97 123 4567');

    const password = page.getByRole('form', { name: 'Password' });
    await password.getByLabel(/Current Password/).fill('wrong-pass-1');
    await password.getByLabel(/^New Password/).fill('second-pass-2');
    await password.getByLabel(/Confirm New Password/).fill('second-pass-2');
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expect(password.getByText('The current password is incorrect.')).toBeVisible();
    await password.getByLabel(/Current Password/).fill('first-pass-1');
    await password.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed')).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: false }).first().fill('second-pass-2');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
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
    await openApp(page, '/auth');
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await page.getByLabel('Password', { exact: false }).first().fill(`wrong-${attempt}`);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('The email or password is incorrect.')).toBeVisible();
    }
    await page.getByLabel('Password', { exact: false }).first().fill('right-pass-1');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page.getByText(/Too many failed sign-in attempts\. Try again in \d+ minutes?\./)).toBeVisible();
  });
});

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
            temporaryPassword: 'offline-pass-1',
          },
        },
      ],
    },
  });
  expect((await created.json()).results[0].outcome).toBe('applied');
  await page.goto('/dashboard/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('connection-status')).toContainText('Offline');
  await expect(page.getByRole('link', { name: 'Account settings for Bwalya Mulenga' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
  await page.getByRole('button', { name: 'Edit Offline Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit User' });
  await edit.getByRole('combobox', { name: /Status/ }).selectOption('Inactive');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText("Saved on this device — it will be sent when you're back online.")).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText('Saved on this device');

  await context.setOffline(false);
  await expect(row).not.toContainText('Saved on this device', { timeout: 20_000 });
  const users = await page.request.get('/api/admin/users');
  const stored = (await users.json()).users.find((user: { email: string }) => user.email === email);
  expect(stored.status).toBe('Inactive');
});

/**
 * Page models of signing in and up (/auth), and of a forgotten password
 * (/auth/forgot-password, /auth/reset-password), found the way a person finds things on
 * them: by the forms' names, the fields' labels and the buttons' names.
 */
import { type Locator, type Page } from '@playwright/test';
import { openApp, waitForApp } from './app-page';
import { finishSignUp } from './signup-steps';

/** What a person types into the Sign Up form. */
export interface NewAccount {
  name?: string;
  email?: string;
  /** The Account Type option's value: individual, fleet, corporate, law, agent… */
  type?: string;
  business?: string;
  licence?: string;
  password?: string;
  confirmPassword?: string;
}

/** /auth: the Login and Sign Up tabs and their forms. */
export class AuthPage {
  constructor(readonly page: Page) {}

  /** Opens /auth on its Login tab, or on Sign Up. */
  static async open(page: Page, tab: 'Login' | 'Sign Up' = 'Login'): Promise<AuthPage> {
    await openApp(page, tab === 'Sign Up' ? '/auth?tab=signup' : '/auth');
    return new AuthPage(page);
  }

  /** For a page the app has sent to /auth itself (a closed page, a sign-out): waits until the app has started. */
  static async shown(page: Page): Promise<AuthPage> {
    await waitForApp(page);
    return new AuthPage(page);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  tab(name: 'Login' | 'Sign Up'): Locator {
    return this.page.getByRole('tab', { name });
  }

  // Login

  get loginForm(): Locator {
    return this.page.getByRole('form', { name: 'Login' });
  }

  get email(): Locator {
    return this.loginForm.getByRole('textbox', { name: 'Email' });
  }

  get password(): Locator {
    return this.loginForm.getByLabel(/^Password/);
  }

  get loginButton(): Locator {
    return this.loginForm.getByRole('button', { name: 'Login', exact: true });
  }

  get forgotPassword(): Locator {
    return this.loginForm.getByRole('link', { name: 'Forgot password?' });
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.loginButton.click();
  }

  // Sign Up

  get signUpForm(): Locator {
    return this.page.getByRole('form', { name: 'Sign Up' });
  }

  signUpField(name: keyof Omit<NewAccount, 'type'>): Locator {
    const form = this.signUpForm;
    switch (name) {
      case 'name':
        return form.getByRole('textbox', { name: 'Full Name' });
      case 'email':
        return form.getByRole('textbox', { name: 'Email' });
      case 'business':
        return form.getByRole('textbox', { name: /Business\/Company Name/ });
      case 'licence':
        return form.getByRole('textbox', { name: /License Number/ });
      case 'password':
        return form.getByLabel(/^Password/);
      case 'confirmPassword':
        return form.getByLabel(/Confirm Password/);
    }
  }

  get accountType(): Locator {
    return this.signUpForm.getByRole('combobox', { name: /Account Type/ });
  }

  get createAccount(): Locator {
    return this.signUpForm.getByRole('button', { name: 'Create Account' });
  }

  /** Fills in what is given (the confirmation repeats the password unless given) and presses Create Account. */
  async signUp(account: NewAccount): Promise<void> {
    if (account.name !== undefined) await this.signUpField('name').fill(account.name);
    if (account.email !== undefined) await this.signUpField('email').fill(account.email);
    if (account.type !== undefined) await this.accountType.selectOption(account.type);
    if (account.business !== undefined) await this.signUpField('business').fill(account.business);
    if (account.licence !== undefined) await this.signUpField('licence').fill(account.licence);
    if (account.password !== undefined) await this.signUpField('password').fill(account.password);
    const confirm = account.confirmPassword ?? account.password;
    if (confirm !== undefined) await this.signUpField('confirmPassword').fill(confirm);
    await this.createAccount.click();
  }

  /** After Create Account: the link in the test message, and the account made. */
  async finishSignUp(): Promise<void> {
    await finishSignUp(this.page);
  }

  /** The answer to a sign-up: "Check your email." */
  get checkYourEmail(): Locator {
    return this.page.getByRole('status').filter({ hasText: 'Check your email.' });
  }

  /** The sandbox's notice that shows the message a sign-up sent, with its link. */
  get testMessages(): Locator {
    return this.page.getByRole('note', { name: 'Test messages' });
  }

  get openMessageLink(): Locator {
    return this.testMessages.getByRole('link', { name: 'Open the link in the message' });
  }
}

/** /auth/forgot-password and /auth/reset-password: asking for a link, and choosing a new password through it. */
export class PasswordResetPage {
  constructor(readonly page: Page) {}

  /** Opens a reset link (its path and query) and waits until the app has started. */
  static async openLink(page: Page, link: string): Promise<PasswordResetPage> {
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    return new PasswordResetPage(page);
  }

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  // Forgot your password?

  get email(): Locator {
    return this.page.getByRole('textbox', { name: 'Email' });
  }

  get sendLink(): Locator {
    return this.page.getByRole('button', { name: 'Send Reset Link' });
  }

  /** The answer to a request for a link. */
  sent(text: string): Locator {
    return this.page.getByRole('status').filter({ hasText: text });
  }

  // Choose a new password

  async waitUntilReady(): Promise<void> {
    await waitForApp(this.page);
  }

  get newPassword(): Locator {
    return this.page.getByLabel(/^New Password/);
  }

  get confirmPassword(): Locator {
    return this.page.getByLabel(/^Confirm Password/);
  }

  get setPassword(): Locator {
    return this.page.getByRole('button', { name: 'Set New Password' });
  }

  async choose(password: string, confirmation = password): Promise<void> {
    await this.newPassword.fill(password);
    await this.confirmPassword.fill(confirmation);
    await this.setPassword.click();
  }

  /** A refusal of the link. */
  refused(text: string): Locator {
    return this.page.getByRole('alert').filter({ hasText: text });
  }
}

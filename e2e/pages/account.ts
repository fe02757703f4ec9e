import { expect, type Page } from '@playwright/test';
import { mailCount, readCode } from '../support/mailbox';

/** The account pages as a trader uses them, in English. */
export class AccountPages {
  constructor(private readonly page: Page) {}

  /** Asks for a code, sees the countdown start, and types the code mailed to `email`. */
  async enterMailedCode(email: string): Promise<void> {
    const before = await mailCount(email);
    await this.page.getByRole('button', { name: 'Get code' }).click();
    await expect(this.page.getByRole('button', { name: /^Resend in \d+ s$/ })).toBeDisabled();
    await this.page.getByLabel('Verification code').fill(await readCode(email, before));
  }

  /** Fills and sends the login form; the caller checks where it leads. */
  async submitLogin(email: string, password: string): Promise<void> {
    await this.page.goto('/login');
    await this.page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Log in' }).click();
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.submitLogin(email, password);
    await expect(this.page).toHaveURL(/\/exchange$/);
    await expect(this.page.locator('header.tm-header')).toBeVisible();
  }

  /** Logs out through the header: its account menu on desktop, its drawer below 1200px. */
  async logOut(email: string): Promise<void> {
    const header = this.page.locator('header.tm-header');
    if ((this.page.viewportSize()?.width ?? 0) < 1200) {
      await header.getByRole('button', { name: 'Menu' }).click();
      await this.page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
    } else {
      await header.getByRole('button', { name: email }).click();
      await this.page.getByRole('menuitem', { name: 'Log out' }).click();
    }
    await expect(this.page).toHaveURL(/\/login$/);
  }
}

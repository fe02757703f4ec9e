import fs from 'node:fs';
import { expect, type Browser, type Page } from '@playwright/test';
import { Authenticator } from '../support/authenticator';
import { STAFF_FILE } from '../support/paths';
import { shoot } from '../support/screenshot';

type Credentials = { email: string; password: string };
/**
 * The staff the server prepared: a reviewer and two admins (one adds a member by invitation), two more reviewers for a withdrawal that
 * needs two approvals (none has TOTP set up), a trader whose identity is reviewed and the trader of
 * that large withdrawal.
 */
export const staff = () =>
  JSON.parse(fs.readFileSync(STAFF_FILE, 'utf8')) as {
    reviewer: Credentials;
    admin: Credentials;
    inviter: Credentials;
    identityTrader: { token: string; email: string };
    firstApprover: Credentials;
    secondApprover: Credentials;
    largeTrader: { token: string; email: string; address: string; fundPassword: string };
  };

/**
 * A staff member's console in a browser context of its own at laptop width, signed in through
 * password and TOTP (set up on this first sign-in, the code computed from the secret the page shows).
 */
export async function signInAsStaff(browser: Browser, who: Credentials, roleLabel: string): Promise<Page> {
  // a zone of the browser's own, far from the exchange's: the console's times must not follow it
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 }, timezoneId: 'America/New_York' })).newPage();
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/admin');
  await page.getByLabel('E-mail').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Next' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.locator('.tm-admin-qr canvas, .tm-admin-qr svg')).toBeVisible();
  await shoot(page, 'admin-totp-setup');
  await page.getByLabel('Authenticator code').fill(await new Authenticator(secret).code());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(roleLabel, { exact: true })).toBeVisible();
  return page;
}

import fs from 'node:fs';
import { generate } from 'otplib';
import { expect, test, type Page } from '@playwright/test';
import { AccountPages } from '../pages/account';
import { currencyRow, openPanel } from '../pages/wallet';
import { TOTP_FILE } from '../support/paths';

const STEP_MS = 30_000;

/**
 * The code an authenticator app would show `steps` time steps from now. Each use takes a later
 * step than the last (the server refuses a step again), so the codes go -1, 0, +1 around the
 * server's one step of tolerance; near a step's end it first waits for the next step, so the
 * code is still current when the server checks it.
 */
async function authenticatorCode(secret: string, steps: number): Promise<string> {
  await expect.poll(() => STEP_MS - (Date.now() % STEP_MS), { timeout: STEP_MS }).toBeGreaterThan(5_000);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + (steps * STEP_MS) / 1000 });
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('a trader turns on the authenticator app, signs in with its code and withdraws with one', async ({ page }, info) => {
  test.setTimeout(180_000);
  const trader = (JSON.parse(fs.readFileSync(TOTP_FILE, 'utf8')) as Record<string, { email: string; password: string }>)[info.project.name]!;
  const account = new AccountPages(page, info);
  await account.logIn(trader.email, trader.password);

  let secret = '';
  await test.step('sets it up on the security page with the QR code and its first code', async () => {
    await page.goto('/accountset');
    const row = page.getByRole('listitem').filter({ hasText: 'Authenticator app' });
    await expect(row.getByText('Off')).toBeVisible();
    await row.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up the authenticator app' });
    await expect(dialog.locator('canvas')).toBeVisible();
    secret = (await dialog.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoSidewaysScroll(page);
    await account.shoot('totp-setup');
    await dialog.getByLabel('Authenticator code').fill(await authenticatorCode(secret, -1));
    await dialog.getByLabel('Password').fill(trader.password);
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('dialog', { name: 'Save your recovery codes' }).getByTestId('totp-recovery').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await account.shoot('totp-recovery');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(row.getByText('On', { exact: true })).toBeVisible();
  });

  await test.step('signs out, then signs in with the password and then the code', async () => {
    await account.logOut(trader.email);
    await account.submitLogin(trader.email, trader.password);
    const code = page.getByLabel('Authenticator or recovery code');
    await expect(code).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await account.shoot('totp-login');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('The authenticator code is wrong or already used')).toBeVisible();
    await code.fill(await authenticatorCode(secret, 0));
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/exchange$/);
  });

  await test.step('withdraws with the fund password and a code', async () => {
    await page.goto('/change');
    const usdt = currencyRow(page, 'USDT');
    await usdt.button('Withdraw').click();
    const panel = openPanel(page);
    await panel.getByRole('combobox').click();
    await page.locator('.ant-select-item-option-content', { hasText: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }).click();
    await panel.getByRole('textbox', { name: 'Amount (USDT)' }).fill('12');
    await panel.getByLabel('Fund password').fill('123456');
    await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(panel.getByText('Enter the 6-digit code from the app, or a recovery code')).toBeVisible();
    await panel.getByLabel('Authenticator code').fill(await authenticatorCode(secret, 1));
    await expectNoSidewaysScroll(page);
    await account.shoot('totp-withdraw');
    await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByText('Withdrawal submitted, awaiting review')).toBeVisible();
  });
});

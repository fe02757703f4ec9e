import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { AccountPages } from '../pages/account';
import { currencyRow, openPanel } from '../pages/wallet';
import { nextAnswer } from '../support/answer';
import { Authenticator } from '../support/authenticator';
import { TOTP_FILE } from '../support/paths';
import { shoot } from '../support/screenshot';

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('a trader turns on the authenticator app, signs in with its code and withdraws with one', async ({ page }, info) => {
  test.setTimeout(180_000);
  const trader = (JSON.parse(fs.readFileSync(TOTP_FILE, 'utf8')) as Record<string, { email: string; password: string }>)[info.project.name]!;
  const account = new AccountPages(page);
  await account.logIn(trader.email, trader.password);

  let app = new Authenticator('');
  await test.step('sets it up on the security page with the QR code and its first code', async () => {
    await page.goto('/accountset');
    const row = page.getByRole('listitem').filter({ hasText: 'Authenticator app' });
    await expect(row.getByText('Off')).toBeVisible();
    await row.getByRole('button', { name: 'Set up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set up the authenticator app' });
    await expect(dialog.locator('canvas')).toBeVisible();
    const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    app = new Authenticator(secret);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'totp-setup');
    await dialog.getByLabel('Authenticator code').fill(await app.code());
    await dialog.getByLabel('Password').fill(trader.password);
    await dialog.getByRole('button', { name: 'Turn on' }).click();

    const codes = page.getByRole('dialog', { name: 'Save your recovery codes' }).getByTestId('totp-recovery').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    await shoot(page, 'totp-recovery');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(row.getByText('On', { exact: true })).toBeVisible();
  });

  await test.step('signs out, then signs in with the password and then the code', async () => {
    await account.logOut(trader.email);
    await account.submitLogin(trader.email, trader.password);
    const code = page.getByLabel('Authenticator or recovery code');
    await expect(code).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await shoot(page, 'totp-login');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('The authenticator code is wrong or already used')).toBeVisible();
    await code.fill(await app.code());
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
    await panel.getByLabel('Authenticator code').fill(await app.code());
    await expectNoSidewaysScroll(page);
    await shoot(page, 'totp-withdraw');
    // The page shows the server's notice and reloads 1.5 s later; on a busy machine the toast can
    // be gone before a check reads it, so the answer is read on its way to the page.
    const answer = await nextAnswer(page, '/api/wallet/out');
    await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
    expect(await answer()).toMatchObject({ type: 'ok', message: 'Withdrawal submitted, awaiting review' });
  });
});

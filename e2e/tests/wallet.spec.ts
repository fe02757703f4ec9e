import { expect, test, type Page } from '@playwright/test';
import { RECORD_TIME } from '@tidemark/protocol';
import { currencyRow, expectUnits, openPanel, signInAsTrader, units, writeScreenshotPng } from '../pages/wallet';
import { shoot } from '../support/screenshot';

// Both projects share one server and one trader: amounts are small and checks relative.
const TRANSFER = { typed: '1.5', units: 150_000_000n };
const WITHDRAWAL = { typed: '12', units: 1_200_000_000n };

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page }) => signInAsTrader(page));

test('the funded trader moves, withdraws and deposits USDT', async ({ page }, info) => {
  const project = info.project.name;

  await test.step('transfers from spot to contract and sees both balances change', async () => {
    await page.goto('/transferlegal');
    const from = page.getByTestId('transfer-from-balance');
    const to = page.getByTestId('transfer-to-balance');
    await expect(from).toContainText('USDT');
    const [fromBefore, toBefore] = [units(await from.textContent()), units(await to.textContent())];
    await page.getByRole('textbox', { name: 'Amount' }).fill(TRANSFER.typed);
    await page.locator('form').getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(page.getByText('Transfer completed')).toBeVisible();
    await expectUnits(from, fromBefore - TRANSFER.units);
    await expectUnits(to, toBefore + TRANSFER.units);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'transferlegal');
  });

  // well-formed TRC20 addresses (the book checks the checksum), one per project: they share the trader
  const address = project === 'mobile' ? 'TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E' : 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
  await test.step('adds a TRC20 withdrawal address', async () => {
    await page.goto('/withdrawaddress');
    await expect(page.getByRole('heading', { name: 'Your USDT addresses' })).toBeVisible();
    await page.getByLabel('Address', { exact: true }).fill(address);
    await page.getByLabel('Label').fill(project);
    await page.getByRole('button', { name: 'Add address' }).click();
    await expect(page.getByText('Address added')).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'withdrawaddress');
  });

  const usdt = currencyRow(page, 'USDT');
  await test.step('withdraws to that address with the fund password and sees the amount frozen', async () => {
    await page.goto('/change');
    await expect(usdt.available).toContainText('.');
    const [availableBefore, frozenBefore] = [units(await usdt.available.textContent()), units(await usdt.frozen.textContent())];
    await usdt.button('Withdraw').click();
    const panel = openPanel(page);
    await panel.getByRole('combobox').click();
    await page.locator('.ant-select-item-option-content', { hasText: address }).click();
    await panel.getByRole('textbox', { name: 'Amount (USDT)' }).fill(WITHDRAWAL.typed);
    await expect(panel.getByText('You receive')).toBeVisible();
    await panel.getByLabel('Fund password').fill('123456');
    await shoot(page, 'change-withdraw');
    await panel.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(page.getByText('Withdrawal submitted, awaiting review')).toBeVisible();
    await expectUnits(usdt.frozen, frozenBefore + WITHDRAWAL.units);
    await expectUnits(usdt.available, availableBefore - WITHDRAWAL.units);
  });

  await test.step('files a deposit request with a screenshot', async () => {
    await usdt.button('Deposit').click();
    const panel = openPanel(page);
    await expect(panel.getByText('Deposit address')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Amount sent (USDT)' }).fill('100');
    await panel.locator('input[type=file]').setInputFiles(writeScreenshotPng());
    await expect(panel.getByText('transfer.png')).toBeVisible();
    await expect(panel.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'change-deposit');
    await panel.getByRole('button', { name: 'Submit top-up application' }).click();
    await expect(page.getByText('Top-up application submitted')).toBeVisible();
  });

  await test.step('sees the withdrawal applying and the deposit pending on my assets', async () => {
    await page.goto('/myasset');
    await expect(page.getByText('Total assets (USDT)')).toBeVisible();
    const withdrawals = page.getByRole('table', { name: 'Withdrawals' });
    await expect(withdrawals.getByRole('row').filter({ hasText: address }).getByText('Applying')).toBeVisible();
    await page.getByRole('tab', { name: 'Deposit applications' }).click();
    const deposits = page.getByRole('table', { name: 'Deposit applications' });
    await expect(deposits.getByRole('row').filter({ hasText: '100.00000000 USDT' }).getByText('Pending review').first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shoot(page, 'myasset');
  });
});

test('the contract account, transfer log and bank card pages show the trader’s data', async ({ page }) => {
  await page.goto('/changed');
  await expect(currencyRow(page, 'USDT').button('Transfer in')).toBeVisible();
  await currencyRow(page, 'USDT').button('Transfer in').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('dialog').getByText('Please enter the transfer amount')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'changed');

  await page.goto('/transferlog');
  await expect(page.getByRole('table', { name: 'Transfer log' }).getByRole('row').nth(1)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'transferlog');

  await page.goto('/bankbind');
  await expect(page.getByLabel('Bank card number')).toBeVisible();
  await shoot(page, 'bankbind');
});

test.describe('in the trader’s own time zone', () => {
  // the server's display strings are in Asia/Shanghai; the page formats the ms twins in the zone the
  // trader chose (the chart's, which the trades list and records share)
  test.use({ timezoneId: 'America/New_York' });

  test('the transfer log shows each record’s time in the trader’s zone, not the exchange’s', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('chart_tz', 'America/New_York'));
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/account/list'));
    await page.goto('/transferlog');
    type Row = { created_time: string; created_at_ms: number };
    const rows = ((await (await answered).json()) as { message: { data: Row[] } }).message.data;
    const local = new Intl.DateTimeFormat('en', { timeZone: 'America/New_York', year: 'numeric', ...RECORD_TIME });
    const table = page.getByRole('table', { name: 'Transfer log' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const shown = await table.innerText();
    // every record of the answer is shown at its time in the trader's zone ...
    for (const row of rows) expect(shown).toContain(local.format(row.created_at_ms));
    // ... twelve or thirteen hours from the exchange's display string, which the trader does not see
    for (const row of rows) expect(shown).not.toContain(row.created_time.slice(11));
  });
});

import { expect, test, type Page } from '@playwright/test';
import { callAsTrader, currencyRow, openPanel, signInAsTrader } from '../pages/wallet';
import { shoot } from '../support/screenshot';


/** The price cells of one side of the book, as shown. */
const prices = (page: Page, side: 'asks' | 'bids') => page.locator(`.tm-mk-${side} [role="row"] > [role="cell"]:first-child`);

test('a visitor sees the book grouped as chosen, one side at a time, and is asked to sign in to trade', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  await page.addInitScript(() => localStorage.setItem('lang', 'en'));
  await page.goto('/exchange');
  await expect(page.getByRole('heading', { name: 'Log in to trade' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' }).or(page.getByRole('main').getByRole('button', { name: 'Log in' })).first()).toBeVisible();
  if (mobile) await page.getByRole('tab', { name: 'Order book' }).click();
  // a level's hover (a tap on a touch phone, which has no hover) shows what taking the book to it
  // would fill: checked before anything else is clicked, so no mouse rests over the book
  const sweep = page.locator('.tm-mk-book-sweep');
  await expect(sweep).toHaveText(mobile ? /^Tap a level to see the total up to it/ : /^Hover a level to see the total up to it/);
  if (mobile) await prices(page, 'asks').last().tap();
  else await prices(page, 'asks').last().hover();
  await expect(sweep).toContainText(/To this level: .+ BTC at an average/);

  // BTC/USDT's tick is 0.01: prices show 2 decimals, grouped
  await expect(prices(page, 'bids').first()).toHaveText(/^\d{1,3}(,\d{3})*\.\d{2}$/);
  await page.getByRole('combobox', { name: 'Price grouping' }).selectOption('1');
  // grouped to whole dollars: every bid is a whole number, and no two levels repeat
  await expect(prices(page, 'bids').first()).toHaveText(/^\d{1,3}(,\d{3})*$/);
  const bids = await prices(page, 'bids').allTextContents();
  expect(new Set(bids).size).toBe(bids.length);

  await page.getByRole('button', { name: 'Asks only' }).click();
  await expect(page.locator('.tm-mk-bids')).toHaveCount(0);
  // one side fills the book's height: twice the slots of each side in the both-sides view
  await expect(page.locator('.tm-mk-asks [role="row"]')).toHaveCount(mobile ? 20 : 32);
  await expect(page.locator('.tm-mk-book-spread')).toContainText(/Spread [\d.,]+ \([\d.]+%\)/);
  // thumb controls at a phone's width are at least 40px
  if (mobile) {
    const box = await page.getByRole('button', { name: 'Asks only' }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(40);
    expect(box!.width).toBeGreaterThanOrEqual(40);
  }
  await shoot(page, 'exchange-book');
});

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => signInAsTrader(page));

  test('/login sends a signed-in trader to the market', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/exchange$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/exchange$/);
  });

  test('the deposit notice follows the network, and an unopened network offers nothing to send to', async ({ page }) => {
    await page.goto('/change');
    const usdt = currencyRow(page, 'USDT');
    await usdt.button('Deposit').click();
    const panel = openPanel(page);
    await expect(panel.getByText('TRC20 token on the Tron network')).toBeVisible();
    await expect(panel.locator('.tm-w-address-text')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await expect(panel.getByRole('button', { name: /Copy/ })).toBeVisible();

    await panel.getByText('ERC20', { exact: true }).click();
    await expect(panel.getByText('Deposits of USDT over ERC20 are not open yet.')).toBeVisible();
    await expect(panel.locator('.tm-w-address-text')).toHaveCount(0);
    await expect(panel.getByRole('button', { name: /Copy|QR/ })).toHaveCount(0);
    await expect(panel.getByText('as an ERC20 token')).toHaveCount(0);
    await shoot(page, 'change-deposit-closed');
  });

  test('a row’s “Deposit & withdraw” on my assets opens that row’s deposit panel', async ({ page }) => {
    await page.goto('/myasset');
    const row = currencyRow(page, 'USDT').row.filter({ has: page.getByRole('link', { name: 'Deposit & withdraw' }) });
    await row.getByRole('link', { name: 'Deposit & withdraw' }).click();
    await expect(page).toHaveURL(/\/change\?currency=3&panel=deposit$/);
    await expect(openPanel(page).getByText('Deposit address')).toBeVisible();
  });

  test('/transferlegal keeps the chosen currency through its reload after a transfer', async ({ page }) => {
    await page.goto('/transferlegal');
    await page.getByLabel('Currency').click();
    await page.locator('.ant-select-item-option', { hasText: /^BTC$/ }).click();
    await expect(page).toHaveURL(/currency=1/);
    // too many decimals: kept as typed, and one clear message
    await page.getByRole('textbox', { name: 'Amount' }).fill('0.000123456');
    await expect(page.getByRole('textbox', { name: 'Amount' })).toHaveValue('0.000123456');
    await page.locator('form').getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(page.locator('.ant-form-item-explain-error')).toHaveText(['Amounts allow at most 8 decimals']);
    await page.getByRole('textbox', { name: 'Amount' }).fill('0.0001');
    const reloaded = page.waitForEvent('load');
    await page.locator('form').getByRole('button', { name: 'Transfer', exact: true }).click();
    await expect(page.getByText('Transfer completed')).toBeVisible();
    await reloaded;
    await expect(page.getByTestId('transfer-from-balance')).toContainText('BTC');
  });

  test('the transfer log shows small amounts in full, signed', async ({ page, request }, info) => {
    const moved = await callAsTrader(request, '/api/wallet/change', { number: '0.00012345', from_field: 'change', to_field: 'lever', currency_id: '1' });
    expect(moved.type).toBe('ok');
    await page.goto('/transferlog');
    const table = page.getByRole('table', { name: 'Transfer log' });
    await expect(table.getByText('-0.00012345 BTC').first()).toBeVisible();
    await expect(table.getByText('+0.00012345 BTC').first()).toBeVisible();
    await expect(table.getByText('-0.00012345 BTC').first()).toHaveClass(/tm-down/);
    // record times are in the chart's zone, its offset in the heading (phones show cards without headings)
    if (info.project.name === 'desktop') await expect(table.getByRole('columnheader', { name: /Time \(UTC\+08:00\)/ })).toBeVisible();
    await shoot(page, 'transferlog');
  });
});

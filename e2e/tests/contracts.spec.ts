import { expect, test, type Page } from '@playwright/test';
import { ContractsPage, groupedPrice, showPrice } from '../pages/contracts';
import { callAsTrader, expectUnits, signInAsTrader, units, usdtBalances } from '../pages/wallet';
import { shoot } from '../support/screenshot';

// Both projects share one server and one trader; each test leaves nothing open, and reads the newest rows.
const STOP_DISTANCE_UNITS = 500n * 100_000_000n;
const LIMIT_DISTANCE_UNITS = 5_000n * 100_000_000n;

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test.beforeEach(async ({ page }) => signInAsTrader(page));

test('a long opened at market is protected, closed and listed as closed', async ({ page, request }, info) => {
  const contracts = new ContractsPage(page, info.project.name === 'mobile');
  await contracts.open();
  await shoot(page, 'contracts');
  await expectNoSidewaysScroll(page);

  await contracts.tab('Positions', 'No open positions');
  const positions = contracts.rows('Positions');
  const before = await positions.count();
  await contracts.formFor('Long');
  await shoot(page, 'contracts-form');
  await test.step('opens a long at market and sees it under positions', async () => {
    await contracts.place('Long', { leverage: '10x' });
    await expect(positions).toHaveCount(before + 1);
    await expect(positions.first().getByRole('rowheader')).toContainText('BTC/USDT');
    await expect(positions.first().getByRole('rowheader')).toContainText('Long 10x');
    await expect(contracts.cell(positions.first(), 'Liq. price')).toContainText('.');
    // its P/L follows the live price
    const pnl = contracts.cell(positions.first(), 'P/L (USDT)');
    await expect(pnl).toHaveText(/^[+-]?\d+\.\d{4}$/);
    await expect(pnl).not.toHaveText((await pnl.textContent())!);
    // the account's margin ratio (hazard_rate, equity over margin): near 100% just after a 10x open
    await expect(contracts.figure('Margin ratio')).toHaveText(/^(9\d|10\d)\.\d{2}%$/);
  });

  await test.step('sets take-profit and stop-loss, refusing zero', async () => {
    const mark = await contracts.priceIn(positions.first(), 'Mark price');
    await positions.first().getByRole('button', { name: 'TP/SL' }).click();
    const dialog = page.getByRole('dialog', { name: /^Take-profit \/ stop-loss/ });
    await dialog.getByRole('spinbutton', { name: 'Take-profit' }).fill('0');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Take-profit must be greater than zero')).toBeVisible();
    const takeProfit = showPrice(mark + STOP_DISTANCE_UNITS);
    const stopLoss = showPrice(mark - STOP_DISTANCE_UNITS);
    await dialog.getByRole('spinbutton', { name: 'Take-profit' }).fill(takeProfit);
    await dialog.getByRole('spinbutton', { name: 'Stop-loss' }).fill(stopLoss);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Take-profit and stop-loss saved')).toBeVisible();
    await expect(contracts.cell(positions.first(), 'TP / SL')).toHaveText(`${groupedPrice(takeProfit)} / ${groupedPrice(stopLoss)}`);
    await shoot(page, 'contracts-position');
  });

  await test.step('closes it and finds it under closed orders', async () => {
    // a close reloads the page; the position is gone and listed as closed by the trader
    await contracts.close(positions.first());
    await expect(positions).toHaveCount(before);
    await contracts.tab('Closed orders', 'No closed orders yet');
    const closed = contracts.rows('Closed orders').first();
    await expect(closed.getByRole('rowheader')).toContainText('Long 10x');
    await expect(contracts.cell(closed, 'Closed by')).toHaveText('You');
    await expect(contracts.cell(closed, 'Close price')).toContainText('.');
    // its time in the trader's zone (the chart's, Asia/Shanghai until they choose), named in the heading
    const listed = ((await callAsTrader(request, '/api/lever/my_trade', { status: '3' })).message as { message: { data: { handle_time_ms: number }[] } }).message;
    const shanghai = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    await expect(contracts.cell(closed, 'Closed (UTC+08:00)')).toHaveText(shanghai.format(listed.data[0]!.handle_time_ms));
  });
});

test('a limit entrust waits under current orders and is cancelled', async ({ page }, info) => {
  const contracts = new ContractsPage(page, info.project.name === 'mobile');
  await contracts.open();
  await contracts.tab('Current orders', 'No pending limit orders');
  const entrusts = contracts.rows('Current orders');
  const before = await entrusts.count();

  const lastUnits = units(await page.locator('.tm-mk-last').first().textContent());
  // a long's limit well below the price waits
  const limitPrice = showPrice(lastUnits - LIMIT_DISTANCE_UNITS);
  await test.step('is told what is wrong before anything is sent', async () => {
    const form = await contracts.formFor('Long');
    // at market the order takes the best price: the price is not typed
    await form.getByText('Market', { exact: true }).click();
    await expect(form.getByRole('spinbutton', { name: 'Price' })).toBeDisabled();
    await form.getByText('Limit', { exact: true }).click();
    await expect(form.getByRole('spinbutton', { name: 'Price' })).toBeEditable();
    const hands = form.getByRole('spinbutton', { name: /^Hands/ });
    await hands.fill('5');
    await form.getByRole('button', { name: 'Open Long' }).click();
    await expect(form.getByText('Please enter a valid price')).toBeVisible();
    await expect(form.getByText('At least 10 hands')).toBeVisible();
    // a hand preset sets the hands
    await form.getByRole('button', { name: '50', exact: true }).click();
    await expect(hands).toHaveValue('50');
    // the inputs carry no untranslatable step arrows (the input library names them in English only)
    await expect(form.getByRole('button', { name: /Increase Value|Decrease Value/ })).toHaveCount(0);
  });

  await test.step('places a long limit below the price', async () => {
    await contracts.place('Long', { leverage: '20x', limitPrice });
    await expect(entrusts).toHaveCount(before + 1);
    await expect(contracts.cell(entrusts.first(), 'Limit price')).toHaveText(groupedPrice(limitPrice));
    await expect(contracts.cell(entrusts.first(), 'Hands')).toHaveText('50');
    await shoot(page, 'contracts-entrust');
  });

  await test.step('cancels it and finds it under cancelled orders', async () => {
    // a full-page shot can pass the page through a phone's width, which lays it out anew
    await contracts.tab('Current orders', 'No pending limit orders');
    await contracts.confirm(entrusts.first(), 'Cancel');
    await expect(page.getByText('Order cancelled')).toBeVisible();
    await expect(entrusts).toHaveCount(before);
    await contracts.tab('Cancelled orders', 'No cancelled orders');
    await expect(contracts.cell(contracts.rows('Cancelled orders').first(), 'Limit price')).toHaveText(groupedPrice(limitPrice));
  });
});

test('on a phone the balance strip shows the contract balance and links to the transfer page', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'mobile', 'the strip is the phone’s; a desktop shows the balance in the order form');
  const contracts = new ContractsPage(page, true);
  await contracts.open();
  // nothing is left open between tests: the whole contract balance is available, shown cut to 4 decimals
  const { lever } = await usdtBalances(request);
  for (const label of ['Contract balance', 'Available']) {
    await expect(contracts.figure(label)).toContainText('USDT');
    await expectUnits(contracts.figure(label), lever - (lever % 10_000n));
  }
  await page.getByRole('link', { name: 'Transfer funds' }).click();
  // the page then names its currency in the address (kept through its reload after a transfer)
  await expect(page).toHaveURL(/\/transferlegal(\?currency=\d+)?$/);
  await expect(page.getByRole('heading', { name: 'Transfer between accounts' })).toBeVisible();
});

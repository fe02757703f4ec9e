import { expect, test } from '@playwright/test';
import { ExchangePage } from '../pages/exchange';
import { signInAsTrader } from '../pages/wallet';
import { shoot } from '../support/screenshot';

// Both projects share one server and one trader (10,000 USDT, 1 BTC): amounts are small and checks relative.
test.beforeEach(async ({ page }) => signInAsTrader(page));

test('the trader buys at market against the real book, and places and cancels a limit order', async ({ page }, info) => {
  const exchange = new ExchangePage(page, info.project.name);
  await exchange.open();
  const bestAsk = await exchange.bestAsk();

  await test.step('buys BTC at market for 100 USDT: the fill is in the history and the wallet changed', async () => {
    const buy = await exchange.form('Buy');
    const before = await exchange.available(buy);
    await exchange.place(buy, { kind: 'Market', total: '100' });
    const history = await exchange.orders('Order history');
    const row = history.getByRole('row').filter({ hasText: 'Buy · Market' }).first();
    await expect(row).toContainText('Filled');
    // it spent at most its 100 USDT, and nearly all of it (a lot of BTC costs a few USDT at most)
    await expect.poll(async () => before - (await exchange.available(await exchange.form('Buy')))).toBeGreaterThan(9_000_000_000n);
    expect(before - (await exchange.available(buy))).toBeLessThanOrEqual(10_000_000_000n);
    await shoot(page, 'exchange-filled');
  });

  await test.step('places a limit buy below the book, sees it open, and cancels it', async () => {
    const buy = await exchange.form('Buy');
    // 2% under the best ask: inside the band, under every ask, so it rests
    const priceUnits = (bestAsk * 98n) / 100n / 1_000_000n * 1_000_000n;
    const price = `${priceUnits / 100_000_000n}.${String(priceUnits % 100_000_000n).padStart(8, '0').slice(0, 2)}`;
    const before = await exchange.available(buy);
    await exchange.place(buy, { kind: 'Limit', price, amount: '0.001' });
    const current = await exchange.orders('Open orders');
    const row = current.getByRole('row').filter({ hasText: 'Open' }).filter({ hasText: 'Buy · Limit' });
    await expect(row).toHaveCount(1);
    // its value and the larger fee are set aside
    await expect.poll(async () => exchange.available(await exchange.form('Buy'))).toBeLessThan(before);
    await shoot(page, 'exchange-open-order');
    const cancelled = (await exchange.orders('Order history')).getByRole('row').filter({ hasText: 'Cancelled' });
    const cancelledBefore = await cancelled.count();
    await exchange.orders('Open orders');
    await row.getByRole('button', { name: /^Cancel order/ }).click();
    await expect(row).toHaveCount(0);
    await exchange.orders('Order history');
    await expect(cancelled).toHaveCount(cancelledBefore + 1);
    await expect.poll(async () => exchange.available(await exchange.form('Buy'))).toBe(before);
  });

  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

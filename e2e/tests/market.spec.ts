import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';
import { shoot } from '../support/screenshot';

interface Bar {
  time: number;
}

// the chart's answer carries code, msg and data at the top level (CLIENT-COMPAT.md)
const barsOf = async (response: Response) => ((await response.json()) as { code: number; data: Bar[] }).data;
const history = (page: Page, period: string) =>
  page.waitForResponse((r) => r.url().includes('/api/currency/new_timeshar') && r.url().includes(`period=${period}`));

/** On a phone the book and the trades sit behind tabs; on a desktop they are always shown. */
async function show(page: Page, tab: string, mobile: boolean) {
  if (mobile) await page.getByRole('tab', { name: tab }).click();
}

test('the chart draws the history and reloads it on another interval', async ({ page }) => {
  const minutes = history(page, '1min');
  await page.goto('/exchange');
  expect((await barsOf(await minutes)).length).toBeGreaterThan(0);
  await expect(page.locator('.tm-mk-canvas canvas').first()).toBeVisible();

  const fives = history(page, '5min');
  await page.getByRole('button', { name: '5m', exact: true }).click();
  const bars = await barsOf(await fives);
  expect(bars.length).toBeGreaterThan(0);
  expect(bars.every((bar) => bar.time % 300_000 === 0)).toBe(true);
  await expect(page.getByRole('button', { name: '5m', exact: true })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.evaluate(() => localStorage.getItem('tim'))).toBe('5');

  const months = history(page, '1mon');
  await page.getByRole('button', { name: '1M', exact: true }).click();
  expect((await barsOf(await months)).length).toBeGreaterThan(0);
});

test('scrolling the chart back loads the bars before the oldest shown', async ({ page }) => {
  const first = history(page, '1min');
  await page.goto('/exchange');
  const newest = await barsOf(await first);
  const oldestShown = newest[0]!.time;
  const older = page.waitForResponse((r) => {
    const url = new URL(r.url());
    return url.pathname === '/api/currency/new_timeshar' && url.searchParams.get('period') === '1min' && Number(url.searchParams.get('to')) < oldestShown;
  });
  await expect(page.locator('.tm-mk-canvas canvas').first()).toBeVisible();
  const box = (await page.locator('.tm-mk-canvas').boundingBox())!;
  // dragged to the right, the chart shows older bars, until the oldest comes into view
  for (let drag = 0; drag < 16; drag += 1) {
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 80, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
  }
  const bars = await barsOf(await older);
  expect(bars.length).toBeGreaterThan(0);
  expect(bars.every((bar) => bar.time < oldestShown)).toBe(true);
});

// the contract page shows the feed's book and tape; the spot page's real ones are in exchange.spec.ts
test('the feed’s order book and recent trades move live', async ({ page }, info) => {
  const mobile = info.project.name === 'mobile';
  await page.goto('/contracts');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();

  await show(page, 'Order book', mobile);
  const book = page.getByRole('table', { name: 'Order book' });
  await expect(book.getByRole('row').nth(1)).toHaveText(/\d+\.\d{4}/);
  const bookBefore = await book.innerText();
  await expect.poll(() => book.innerText(), { timeout: 15_000 }).not.toBe(bookBefore);

  await show(page, 'All trades', mobile);
  const trades = page.getByRole('table', { name: 'Recent trades' });
  const newest = trades.getByRole('row').nth(1);
  await expect(newest).toHaveText(/\d{2}:\d{2}:\d{2}/);
  const newestBefore = await newest.innerText();
  await expect.poll(() => newest.innerText(), { timeout: 15_000 }).not.toBe(newestBefore);
  expect(await trades.getByRole('row').count()).toBeLessThanOrEqual(41);

  await show(page, 'Chart', mobile);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await shoot(page, 'contracts-market');
});

test('choosing another pair in the market list switches the page to it', async ({ page }, info) => {
  await page.goto('/exchange');
  if (info.project.name === 'mobile') await page.getByRole('button', { name: 'BTC/USDT' }).click();
  const trades = page.waitForRequest((r) => r.url().includes('/api/coin/trades') && r.url().includes('currency_id=2'));
  await page.getByRole('list', { name: 'Markets' }).getByRole('button', { name: /^ETH\/USDT/ }).click();

  await expect(page.getByRole('heading', { name: 'ETH/USDT' })).toBeVisible();
  await trades;
  const stored = await page.evaluate(() =>
    ['symbol', 'currency_id', 'currency_name', 'legal_id', 'legal_name', 'index1', 'index2'].map((key) => localStorage.getItem(key)),
  );
  expect(stored).toEqual(['ETH/USDT', '2', 'ETH', '3', 'USDT', '0', '1']);
});

import { expect, test } from '@playwright/test';
import { expectUnits, signInAsTrader, usdtBalances } from '../pages/wallet';

// Both projects share one server and one trader: amounts are small and checks relative.
const TRANSFER = { typed: '0.25', units: 25_000_000n };
const SEEN_KEY = 'e2e-seen-to-balance';
const TRANSFER_PATH = '/api/wallet/change';

test.beforeEach(async ({ page }) => {
  await signInAsTrader(page);
  // Records every text the destination balance shows, across the reload after the transfer, so
  // a wrong statement that flashes while the page loads is caught, not just the final text.
  await page.addInitScript((key) => {
    const record = () => {
      const text = document.querySelector('[data-testid="transfer-to-balance"]')?.textContent?.trim();
      if (!text) return;
      const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      if (seen.at(-1) !== text) sessionStorage.setItem(key, JSON.stringify([...seen, text]));
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  }, SEEN_KEY);
});

test('a double-clicked transfer moves the money once', async ({ page, request }) => {
  const keys: (string | undefined)[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === TRANSFER_PATH) keys.push(sent.headers()['idempotency-key']);
  });
  const before = await usdtBalances(request);

  await page.goto('/transferlegal');
  const from = page.getByTestId('transfer-from-balance');
  const to = page.getByTestId('transfer-to-balance');
  await expect(from).toContainText('USDT');
  await expectUnits(from, before.change);
  await expectUnits(to, before.lever);
  await page.getByRole('textbox', { name: 'Amount' }).fill(TRANSFER.typed);

  const reloaded = page.waitForEvent('load');
  await page.locator('form').getByRole('button', { name: 'Transfer', exact: true }).dblclick();
  await expect(page.getByText('Transfer completed')).toBeVisible();
  await reloaded;

  // the page after its reload, and the server, both show one transfer's worth moved
  await expectUnits(from, before.change - TRANSFER.units);
  await expectUnits(to, before.lever + TRANSFER.units);
  expect(await usdtBalances(request)).toEqual({ change: before.change - TRANSFER.units, lever: before.lever + TRANSFER.units });

  // whatever reached the server carried one key: the same intent, never a second transfer
  expect(keys.length).toBeGreaterThan(0);
  expect(keys.every((key) => key !== undefined && key.length > 0)).toBe(true);
  expect(new Set(keys).size).toBe(1);

  const seen = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], SEEN_KEY);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((text) => text.includes('Not held'))).toEqual([]);
});

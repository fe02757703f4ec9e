import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
// types only: Playwright's loader does not run the workspace packages' sources
import type { CallOutput, Calls } from '@tidemark/protocol';
import { SESSION_FILE } from '../support/paths';

const readTrader = () => JSON.parse(fs.readFileSync(SESSION_FILE, 'utf8')) as Record<string, string>;

/** Opens the app as the prepared, funded trader (in English). */
export async function signInAsTrader(page: Page): Promise<void> {
  const { token, userId, email } = readTrader();
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
  }, { token: token!, user_id: userId!, accountNum: email!, lang: 'en' });
}

/** An amount as shown ("9,990.50000000 USDT", grouped in English) in units of 1e-8, so checks never go through floats. */
export function units(text: string | null): bigint {
  const match = /(-?\d+)(?:\.(\d{1,8}))?/.exec((text ?? '').replace(/,/g, ''));
  if (!match) throw new Error(`no amount in ${JSON.stringify(text)}`);
  const [, int = '0', fraction = ''] = match;
  const magnitude = BigInt(int.replace('-', '')) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
  return int.startsWith('-') ? -magnitude : magnitude;
}

/**
 * Waits until a shown amount equals `expected` units. The pages reload after a change, and while
 * they do a cell may briefly say something else: that counts as "not yet", not as a failure.
 */
export async function expectUnits(locator: Locator, expected: bigint): Promise<void> {
  const shown = async () => {
    const text = await locator.textContent();
    return /\d/.test(text ?? '') ? units(text) : text;
  };
  await expect.poll(shown, { timeout: 10_000 }).toBe(expected);
}

/** A currency's row in a wallet table (a card on a phone), and its labelled cells. */
export function currencyRow(page: Page, currency: string) {
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: currency, exact: true }) });
  return {
    row,
    available: row.locator('[data-label="Available"]'),
    frozen: row.locator('[data-label="Frozen"]'),
    button: (name: string) => row.getByRole('button', { name, exact: true }),
  };
}

/** The panel opened under a row. */
export const openPanel = (page: Page) => page.locator('.tm-grid-panel');

/** A real 1x1 PNG in a temporary file, as a transfer screenshot. */
export function writeScreenshotPng(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-e2e-')), 'transfer.png');
  const png =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
  fs.writeFileSync(file, Buffer.from(png, 'base64'));
  return file;
}

/** Calls the API as the prepared trader (a form body, as the spec's clients send). */
export async function callAsTrader(request: APIRequestContext, path: string, form: Record<string, string>): Promise<{ type: string; message: unknown }> {
  const response = await request.post(path, { form, headers: { Authorization: `Bearer ${readTrader().token}` } });
  return (await response.json()) as { type: string; message: unknown };
}

/** The trader's available USDT in the spot and contract wallets, in units, read from the API (not the page). */
export async function usdtBalances(request: APIRequestContext): Promise<{ change: bigint; lever: bigint }> {
  const response = await request.post('/api/wallet/list', { headers: { Authorization: `Bearer ${readTrader().token}` } });
  const answer = (await response.json()) as { type: string; message: CallOutput<Calls['walletList']> };
  expect(answer.type).toBe('ok');
  const usdt = <R extends { currency_name: string }>(rows: R[]) => rows.find((row) => row.currency_name === 'USDT');
  const change = usdt(answer.message.change_wallet.balance);
  const lever = usdt(answer.message.lever_wallet.balance);
  return { change: units(change?.change_balance ?? '0'), lever: units(lever?.lever_balance ?? '0') };
}

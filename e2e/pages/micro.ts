import fs from 'node:fs';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { SESSION_FILE } from '../support/paths';
import { units } from './wallet';

/** The call the Up and Down buttons make. */
export const SUBMIT_PATH = '/api/microtrade/submit';

const traderToken = () => (JSON.parse(fs.readFileSync(SESSION_FILE, 'utf8')) as { token: string }).token;

/** Moves USDT from the trader's spot wallet to the micro wallet through the API (a trader would use Transfer). */
export async function fundMicroWallet(request: APIRequestContext, amount: string): Promise<void> {
  const response = await request.post('/api/wallet/change', {
    headers: { Authorization: `Bearer ${traderToken()}`, 'Idempotency-Key': `e2e-micro-fund-${Date.now()}-${Math.random()}` },
    form: { number: amount, from_field: 'change', to_field: 'micro', currency_id: '3' },
  });
  expect(await response.json()).toMatchObject({ type: 'ok' });
}

/** The /second page: order entry (behind a collapsible panel on a phone), the order lists and the settlement record. */
export class MicroPage {
  constructor(
    readonly page: Page,
    readonly mobile: boolean,
  ) {}

  async open(): Promise<void> {
    await this.page.goto('/second');
    await expect(this.page.getByRole('tab', { name: 'Micro trade' })).toBeVisible();
  }

  /** The micro balance the page shows: in the phone's strip, or beside the order form. */
  balance(): Locator {
    return this.page.getByTestId(this.mobile ? 'micro-strip-balance' : 'micro-balance');
  }

  async balanceUnits(): Promise<bigint> {
    await expect(this.balance()).toContainText(/\d/);
    return units(await this.balance().textContent());
  }

  /** Opens the phone's trade panel (its Up and Down only open it); the desktop form is always shown. */
  async showForm(): Promise<void> {
    if (this.mobile && !(await this.amountField().isVisible())) await this.page.locator('.tm-mi-opener').first().click();
    await expect(this.amountField()).toBeVisible();
  }

  async hideForm(): Promise<void> {
    if (this.mobile) await this.page.getByRole('button', { name: 'Micro options' }).click();
  }

  amountField(): Locator {
    return this.page.getByRole('spinbutton', { name: 'Amount' });
  }

  /** The expiry buttons, each with its profit ratio. */
  expiries(): Locator {
    return this.page.getByRole('group', { name: 'Expiry' }).getByRole('button');
  }

  async chooseSeconds(seconds: number): Promise<void> {
    const option = this.expiries().filter({ hasText: `${seconds}s` });
    await option.click();
    await expect(option).toHaveAttribute('aria-pressed', 'true');
  }

  async chooseAmount(amount: string): Promise<void> {
    await this.amountField().fill(amount);
  }

  /** Up or Down: the submit buttons of the open form. */
  place(direction: 'Up' | 'Down'): Promise<void> {
    return this.page.locator('.tm-mi-form').getByRole('button', { name: direction }).click();
  }

  /** Places an order from the open form and returns its id: the newest open order, once listed with its direction. */
  async placeOrder(direction: 'Up' | 'Down'): Promise<string> {
    const placed = this.page.waitForResponse((r) => new URL(r.url()).pathname === SUBMIT_PATH);
    await this.place(direction);
    expect(await (await placed).json()).toEqual({ type: 'ok', message: 'Order placed' });
    const newest = this.openOrder().first();
    await expect(newest).toContainText(direction);
    return (await newest.getAttribute('data-order'))!;
  }

  openOrder(orderId?: string): Locator {
    const rows = this.page.getByTestId('micro-open-order');
    return orderId ? rows.and(this.page.locator(`[data-order="${orderId}"]`)) : rows;
  }

  closedOrder(orderId: string): Locator {
    return this.page.getByTestId('micro-closed-order').and(this.page.locator(`[data-order="${orderId}"]`));
  }

  async showTab(name: 'Micro trade' | 'Closed'): Promise<void> {
    await this.page.getByRole('tab', { name }).click();
  }

  /** The seconds an open order's countdown shows. */
  async secondsLeft(orderId: string): Promise<number> {
    const text = (await this.openOrder(orderId).getByTestId('micro-countdown').textContent()) ?? '';
    const match = /(\d\d):(\d\d)/.exec(text);
    return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
  }

  /** The market list, opened from the pair's name on a phone; its pairs' symbols as shown ("BTC/USDT"). */
  async marketList(): Promise<{ search: Locator; symbols: Locator }> {
    if (this.mobile) await this.page.locator('.tm-mk-picker-toggle').click();
    return {
      search: this.page.getByRole('textbox', { name: 'Search pairs' }),
      symbols: this.page.getByRole('list', { name: 'Markets' }).locator('.tm-mk-symbol'),
    };
  }

  async openRecord(orderId: string): Promise<Locator> {
    await this.closedOrder(orderId).getByRole('button', { name: 'Settlement record' }).click();
    const record = this.page.getByTestId('micro-settlement');
    await expect(record).toBeVisible();
    return record;
  }

  /** One list of recorded prices in the open settlement record, by its caption. */
  recordedTicks(caption: string): Locator {
    return this.page.getByTestId('micro-settlement').getByRole('figure', { name: caption });
  }
}

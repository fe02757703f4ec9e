import { expect, type Locator, type Page } from '@playwright/test';
import { units } from './wallet';

/** The spot page as a trader uses it, at either width (on a phone the forms open from Up/Down). */
export class ExchangePage {
  readonly mobile: boolean;

  constructor(
    readonly page: Page,
    project: string,
  ) {
    this.mobile = project === 'mobile';
  }

  async open(): Promise<void> {
    await this.page.goto('/exchange');
    await expect(this.page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  }

  /** The buy or sell form, opened from its Up/Down button on a phone. */
  async form(side: 'Buy' | 'Sell'): Promise<Locator> {
    const form = this.page.getByRole('form', { name: `${side} BTC` });
    if (this.mobile && !(await form.isVisible())) await this.page.locator('.tm-sp-updown').getByRole('button', { name: side }).click();
    await expect(form).toBeVisible();
    return form;
  }

  /** The spendable balance a form shows, in units, once loaded. */
  async available(form: Locator): Promise<bigint> {
    const cell = form.getByTestId('spot-available');
    await expect(cell).toHaveText(/\d/);
    return units(await cell.textContent());
  }

  /** The real book's best ask, once the market maker's quotes are in. */
  async bestAsk(): Promise<bigint> {
    if (this.mobile) await this.page.getByRole('tab', { name: 'Order book' }).click();
    // the first group of rows is the asks, best (lowest) last
    const asks = this.page.getByRole('table', { name: 'Order book' }).getByRole('rowgroup').first().getByRole('row').filter({ hasText: /\d/ });
    await expect(asks.first()).toBeVisible();
    const best = units(await asks.last().locator('[role="cell"]').first().textContent());
    if (this.mobile) await this.page.getByRole('tab', { name: 'Chart' }).click();
    return best;
  }

  async place(form: Locator, order: { kind: 'Limit' | 'Market'; price?: string; amount?: string; total?: string }): Promise<void> {
    await form.getByText(order.kind, { exact: true }).click();
    if (order.price) await form.getByRole('textbox', { name: 'Price' }).fill(order.price);
    if (order.amount) await form.getByRole('textbox', { name: 'Amount' }).fill(order.amount);
    if (order.total) await form.getByRole('textbox', { name: 'Total' }).fill(order.total);
    await form.getByRole('button', { name: /(Buy|Sell) BTC$/ }).click();
    await expect(this.page.getByText('Order placed')).toBeVisible();
  }

  /** The order list of a tab (Open orders, Order history). */
  async orders(tab: 'Open orders' | 'Order history'): Promise<Locator> {
    await this.page.getByRole('tab', { name: tab }).click();
    return this.page.getByRole('table', { name: tab });
  }
}

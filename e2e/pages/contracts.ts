import { expect, type Locator, type Page } from '@playwright/test';
import { units } from './wallet';

export type Tab = 'Current orders' | 'Positions' | 'Closed orders' | 'Cancelled orders';

/** A price in units of 1e-8 shown with the page's 4 decimals. */
export const showPrice = (priceUnits: bigint) => {
  const text = (priceUnits / 10_000n).toString().padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
};

/** A price as the page shows it in English: `showPrice` with the thousands grouped ("67,531.8100"). */
export const groupedPrice = (text: string) => {
  const [int = '0', fraction] = text.split('.');
  return `${BigInt(int).toLocaleString('en')}${fraction === undefined ? '' : `.${fraction}`}`;
};

/** The contract page at either width: the order form (a sheet on a phone), the record tabs and their rows. */
export class ContractsPage {
  constructor(
    readonly page: Page,
    readonly mobile: boolean,
  ) {}

  async open(): Promise<void> {
    await this.page.goto('/contracts');
    // the first visit's notice stands over the page until acknowledged
    await this.page.getByRole('button', { name: 'I understand' }).click();
    await expect(this.page.getByRole('dialog')).toBeHidden();
  }

  get form(): Locator {
    return this.page.getByRole('form', { name: 'Open a position' });
  }

  /** The form set to a side: on a phone its Long or Short button opens the form first. */
  async formFor(side: 'Long' | 'Short'): Promise<Locator> {
    if (this.mobile && !(await this.form.isVisible())) {
      await this.page.locator('.tm-lv-actionbar').getByRole('button', { name: side }).click();
    }
    await this.form.getByText(side, { exact: true }).click();
    await expect(this.form.getByRole('button', { name: `Open ${side}` })).toBeVisible();
    return this.form;
  }

  /** Places an order from the open form and waits for the server's answer. */
  async place(side: 'Long' | 'Short', order: { leverage: string; limitPrice?: string }): Promise<void> {
    const form = await this.formFor(side);
    if (order.limitPrice) {
      await form.getByText('Limit', { exact: true }).click();
      await form.getByRole('spinbutton', { name: 'Price' }).fill(order.limitPrice);
    } else {
      await form.getByText('Market', { exact: true }).click();
    }
    await form.getByText(order.leverage, { exact: true }).click();
    // the estimates follow the form before anything is sent
    await expect(form.getByRole('definition').first()).toContainText('.');
    await form.getByRole('button', { name: `Open ${side}` }).click();
    await expect(this.page.getByText('Order placed')).toBeVisible();
    // a phone's sheet closes on success
    if (this.mobile) await expect(form).toBeHidden();
  }

  /** Shows a record tab and waits for its list (rows, or its empty state). */
  async tab(name: Tab, empty: string): Promise<void> {
    // right after a reload the tabs may render again under the click: click until it is selected
    const tab = this.page.getByRole('tab', { name, exact: true });
    await expect(async () => {
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
    }).toPass();
    await expect(this.page.getByText(empty).or(this.rows(name).first())).toBeVisible();
  }

  /** The rows of the shown record tab, newest first. */
  rows(name: Tab): Locator {
    return this.page.getByRole('table', { name }).getByRole('row').filter({ has: this.page.getByRole('rowheader') });
  }

  /** A labelled figure of the positions tab's risk strip or, on a phone, of the balance strip. */
  figure(label: string): Locator {
    return this.page.locator('.tm-lv-risk, .tm-lv-strip').locator('div').filter({ has: this.page.getByRole('term').filter({ hasText: label }) }).getByRole('definition');
  }

  cell(row: Locator, label: string): Locator {
    return row.locator(`[data-label="${label}"]`);
  }

  async priceIn(row: Locator, label: string): Promise<bigint> {
    return units(await this.cell(row, label).textContent());
  }

  /** Closes a position; the page reloads after a close, and this returns once it has. */
  async close(row: Locator): Promise<void> {
    const reloaded = this.page.waitForEvent('load');
    await this.confirm(row, 'Close');
    await expect(this.page.getByText('Position closed')).toBeVisible();
    await reloaded;
  }

  /** Clicks a row's button and confirms the question it asks. */
  async confirm(row: Locator, button: string): Promise<void> {
    await row.getByRole('button', { name: button, exact: true }).click();
    await this.page.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
  }
}

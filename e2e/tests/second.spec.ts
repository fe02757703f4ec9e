import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fundMicroWallet, MicroPage } from '../pages/micro';
import { units, signInAsTrader } from '../pages/wallet';
import { SCREENSHOT_DIR } from '../support/paths';

// Both projects share one server and one trader: checks are relative to what the page showed before.
const STAKE = { typed: '10', units: 10_00000000n };
// micro_trade_fee is 1% of the stake, charged at submission
const FEE_UNITS = 10_000000n;
const SUBMIT_PATH = '/api/microtrade/submit';
// a 30 s order settles at its expiry plus the settler's lag: an upper bound, not a pause
const SETTLE_TIMEOUT_MS = 75_000;

test.beforeAll(async ({ request }) => {
  await fundMicroWallet(request, '100');
});

test.beforeEach(async ({ page }) => {
  await signInAsTrader(page);
});

test('an empty amount shows the open-number prompt and sends nothing', async ({ page }, info) => {
  const micro = new MicroPage(page, info.project.name === 'mobile');
  const submits: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === SUBMIT_PATH) submits.push(sent.url());
  });
  await micro.open();
  await micro.showForm();
  // the field refuses the letter e
  await micro.amountField().fill('');
  await micro.amountField().pressSequentially('1e2');
  await expect(micro.amountField()).toHaveValue('12');
  await micro.amountField().fill('');
  await micro.place('Up');
  await expect(page.getByText('Please enter the open number').last()).toBeVisible();
  expect(submits).toEqual([]);
});

test('an up order for 30 s counts down, settles, moves the balance and shows its settlement record', async ({ page }, info) => {
  test.setTimeout(150_000);
  const micro = new MicroPage(page, info.project.name === 'mobile');
  await micro.open();
  const before = await micro.balanceUnits();

  await micro.showForm();
  await micro.chooseSeconds(30);
  await micro.chooseAmount(STAKE.typed);
  await expect(page.getByTestId('micro-payout')).toContainText('18.00 USDT');
  const placed = page.waitForResponse((r) => new URL(r.url()).pathname === SUBMIT_PATH);
  await micro.place('Up');
  expect(await (await placed).json()).toEqual({ type: 'ok', message: 'Order placed' });
  await micro.hideForm();

  // the newest open order is ours; its stake and fee have left the balance
  const row = micro.openOrder().first();
  await expect(row).toContainText('Up');
  const orderId = (await row.getAttribute('data-order'))!;
  await expect.poll(() => micro.balanceUnits()).toBe(before - STAKE.units - FEE_UNITS);

  // the countdown runs: it starts near 30 s and goes down
  const first = await micro.secondsLeft(orderId);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(30);
  await expect.poll(() => micro.secondsLeft(orderId)).toBeLessThan(first);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${info.project.name}-second.png`), fullPage: true });

  // the pushed settlement takes it off the open list
  await expect(micro.openOrder(orderId)).toHaveCount(0, { timeout: SETTLE_TIMEOUT_MS });
  await micro.showTab('Closed');
  const closed = micro.closedOrder(orderId);
  await expect(closed).toBeVisible();
  const result = (await closed.textContent()) ?? '';
  // a win returns the stake and 80%, a draw the stake, a loss nothing
  const payout = /Win/.test(result) ? 18_00000000n : /Draw/.test(result) ? STAKE.units : /Loss/.test(result) ? 0n : undefined;
  expect(payout, `a result in ${result}`).toBeDefined();
  await expect.poll(() => micro.balanceUnits()).toBe(before - STAKE.units - FEE_UNITS + payout!);

  // the settlement record: the same open price, the recorded ticks, and a hash the browser re-checks
  const record = await micro.openRecord(orderId);
  const openShown = units(await record.getByTestId('micro-record-open').textContent());
  expect(result).toContain((await record.getByTestId('micro-record-open').textContent())!.trim());
  expect(openShown).toBeGreaterThan(0n);
  await expect(record.getByTestId('micro-record-end')).toContainText(/\d/);
  await expect(record.getByTestId('micro-hash-check')).toHaveText(/matches its hash/);
  await expect(record.locator('.tm-mi-ticks li[aria-current]')).toHaveCount(2);
  // the picture after the modal's opening animation
  await expect(page.locator('.ant-modal')).not.toHaveClass(/zoom/);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${info.project.name}-second-record.png`) });
});

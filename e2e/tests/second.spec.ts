import { expect, test } from '@playwright/test';
import { fundMicroWallet, MicroPage, SUBMIT_PATH } from '../pages/micro';
import { units, signInAsTrader } from '../pages/wallet';
import { shoot } from '../support/screenshot';

// Both projects share one server and one trader: checks are relative to what the page showed before.
const STAKE = { typed: '10', units: 10_00000000n };
// micro_trade_fee is 1% of the stake, charged at submission
const FEE_UNITS = 10_000000n;
// a 30 s order settles at its expiry plus the settler's lag: an upper bound, not a pause
const SETTLE_TIMEOUT_MS = 75_000;

/** What a settled order paid back, by the result its closed row shows: a win the stake and 80%, a draw the stake, a loss nothing. */
const payoutOf = (result: string) => (/Win/.test(result) ? 18_00000000n : /Draw/.test(result) ? STAKE.units : /Loss/.test(result) ? 0n : undefined);

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

test('the market list holds only the pairs open for micro options, and each expiry shows its profit ratio', async ({ page }, info) => {
  const micro = new MicroPage(page, info.project.name === 'mobile');
  await micro.open();
  // the seed opens BTC/USDT and ETH/USDT for micro options, not the other pairs of their tab or of any other
  const markets = await micro.marketList();
  await expect(markets.symbols).toHaveText(['BTC/USDT', 'ETH/USDT']);
  await markets.search.fill('USDT');
  await expect(markets.symbols).toHaveText(['BTC/USDT', 'ETH/USDT']);
  await micro.showForm();
  await expect(micro.expiries()).toHaveText(['30s+80%', '60s+85%', '120s+90%', '300s+95%']);
});

test('an up and a down order for 30 s count down, settle, move the balance and show their settlement record', async ({ page }, info) => {
  test.setTimeout(150_000);
  const micro = new MicroPage(page, info.project.name === 'mobile');
  await micro.open();
  const before = await micro.balanceUnits();

  await micro.showForm();
  await micro.chooseSeconds(30);
  await micro.chooseAmount(STAKE.typed);
  await expect(page.getByTestId('micro-payout')).toContainText('18.00 USDT');
  // Up and Down each place an order, listed open with its direction; both stakes and fees leave the balance
  const orderId = await micro.placeOrder('Up');
  const downId = await micro.placeOrder('Down');
  await micro.hideForm();
  await expect(micro.openOrder(orderId)).toContainText('Up');
  await expect(micro.openOrder(downId)).toContainText('Down');
  await expect.poll(() => micro.balanceUnits()).toBe(before - 2n * (STAKE.units + FEE_UNITS));

  // the countdown runs: it starts near 30 s and goes down
  const first = await micro.secondsLeft(orderId);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(30);
  await expect.poll(() => micro.secondsLeft(orderId)).toBeLessThan(first);
  await shoot(page, 'second');

  // the pushed settlements take them off the open list
  for (const id of [orderId, downId]) await expect(micro.openOrder(id)).toHaveCount(0, { timeout: SETTLE_TIMEOUT_MS });
  await micro.showTab('Closed');
  const [result, downResult] = await Promise.all([orderId, downId].map(async (id) => (await micro.closedOrder(id).textContent()) ?? ''));
  expect(downResult).toContain('Down');
  const [paid, downPaid] = [result ?? '', downResult ?? ''].map(payoutOf);
  expect([paid, downPaid], `results in ${result} | ${downResult}`).not.toContain(undefined);
  await expect.poll(() => micro.balanceUnits()).toBe(before - 2n * (STAKE.units + FEE_UNITS) + paid! + downPaid!);

  // the settlement record: the same open price, the recorded ticks, and a hash the browser re-checks
  const record = await micro.openRecord(orderId);
  const openShown = (await record.getByTestId('micro-record-open').textContent())!.trim();
  expect(result).toContain(openShown);
  expect(units(openShown)).toBeGreaterThan(0n);
  const endShown = (await record.getByTestId('micro-record-end').textContent())!.trim();
  expect(endShown).toMatch(/\d/);
  await expect(record.getByTestId('micro-hash-check')).toHaveText(/matches its hash/);
  // the prices recorded around the open and the expiry, each list marking the tick the settlement used, then
  // the moment it was taken for, then the trades after it (which did not count)
  const openTicks = micro.recordedTicks('Recorded prices around the open');
  const endTicks = micro.recordedTicks('Recorded prices around the expiry');
  await expect(openTicks.locator('li[aria-current]')).toContainText(openShown);
  await expect(endTicks.locator('li[aria-current]')).toContainText(endShown);
  await expect(openTicks.locator('li[aria-current] + li')).toContainText('Opening');
  await expect(endTicks.locator('li[aria-current] + li')).toContainText('Expiry');
  await expect(endTicks.locator('li.tm-mi-tick-after').first()).toBeVisible();
  // the picture after the modal's opening animation
  await expect(page.locator('.ant-modal')).not.toHaveClass(/zoom/);
  await shoot(page, 'second-record', { viewport: true });
});

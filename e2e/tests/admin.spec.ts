import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { RECORD_TIME } from '@tidemark/protocol';
import { signInAsStaff, staff } from '../pages/admin';
import { currencyRow, expectUnits, openPanel, signInAsTrader, units, writeScreenshotPng } from '../pages/wallet';
import { nextAnswer } from '../support/answer';
import { SESSION_FILE } from '../support/paths';
import { shoot } from '../support/screenshot';

// The staff console at laptop width: a reviewer signs in with TOTP (set up on this first sign-in,
// the code computed here from the secret the page shows) and decides a deposit, a withdrawal and
// an identity that traders filed; the traders see the outcome.

const trader = () => JSON.parse(fs.readFileSync(SESSION_FILE, 'utf8')) as { token: string; email: string };
const DEPOSIT = { typed: '37.5', units: 3_750_000_000n };
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

test.skip(({ isMobile }) => isMobile, 'the staff console is laid out for a laptop');

/** A queue's row holding `text`. */
const rowWith = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Uploads the PNG with `tag` after its end: the three identity photos must differ. */
async function uploadImage(request: APIRequestContext, token: string, tag: string): Promise<string> {
  const answer = await request.post('/api/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'id.png', mimeType: 'image/png', buffer: Buffer.concat([Buffer.from(PNG, 'base64'), Buffer.from(tag)]) } },
  });
  return ((await answer.json()) as { message: string }).message;
}

async function submitIdentity(request: APIRequestContext, token: string, cardId: string) {
  const [front_pic, reverse_pic, hand_pic] = [await uploadImage(request, token, 'front'), await uploadImage(request, token, 'reverse'), await uploadImage(request, token, 'hand')];
  const answer = await request.post('/api/user/real_name', {
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
    form: { name: 'Ada Lovelace', card_id: cardId, front_pic, reverse_pic, hand_pic },
  });
  expect(((await answer.json()) as { type: string }).type).toBe('ok');
}

const center = async (request: APIRequestContext, token: string) =>
  ((await (await request.get('/api/user/center', { headers: { authorization: `Bearer ${token}` } })).json()) as { message: { review_status: number; review_note?: string } }).message;
const reviewStatus = async (request: APIRequestContext, token: string) => (await center(request, token)).review_status;

test('a reviewer credits a deposit, pays a withdrawal to chain success and reviews an identity', async ({ page, browser, request }) => {
  await signInAsTrader(page);
  const usdt = currencyRow(page, 'USDT');

  await test.step('the trader files a deposit request with a screenshot', async () => {
    await page.goto('/change');
    await expect(usdt.available).toContainText('.');
    await usdt.button('Deposit').click();
    const panel = openPanel(page);
    await panel.getByRole('textbox', { name: 'Amount sent (USDT)' }).fill(DEPOSIT.typed);
    await panel.locator('input[type=file]').setInputFiles(writeScreenshotPng());
    await expect(panel.getByText('transfer.png')).toBeVisible();
    await expect(panel.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await panel.getByRole('button', { name: 'Submit top-up application' }).click();
    await expect(page.getByText('Top-up application submitted')).toBeVisible();
  });
  const availableBefore = units(await usdt.available.textContent());

  const console = await signInAsStaff(browser, staff().reviewer, 'Reviewer');

  await test.step('the reviewer sees the screenshot and credits the deposit', async () => {
    await console.getByPlaceholder('User id or e-mail').fill(trader().email);
    const answer = await nextAnswer(console, '/api/admin/deposits');
    await console.getByPlaceholder('User id or e-mail').press('Enter');
    const filed = ((await answer()).message as { data: { amount: string; created_ms: number }[] }).data.find((r) => r.amount === '37.50000000')!;
    const row = rowWith(console, '37.50000000 USDT');
    await expect(row.getByRole('img', { name: 'Screenshot' })).toHaveAttribute('src', /^blob:/);
    // times as the trader pages show them, in the exchange's zone (none chosen on a chart here), not
    // the browser's, and the console says which
    await expect(console.getByText('Times in Asia/Shanghai (UTC+08:00)')).toBeVisible();
    await expect(console.getByRole('columnheader', { name: 'Filed (UTC+08:00)' })).toBeVisible();
    await expect(row).toContainText(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric', ...RECORD_TIME }).format(filed.created_ms));
    await shoot(console, 'admin-deposits');
    await row.getByRole('button', { name: 'Credit' }).click();
    await console.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    await expect(row).toHaveCount(0);
  });

  await test.step('the trader sees the balance', async () => {
    await page.reload();
    await expectUnits(usdt.available, availableBefore + DEPOSIT.units);
  });

  const hash = `0x${Date.now().toString(16)}feed`;
  await test.step('a withdrawal goes through approval to chain success', async () => {
    const { token } = trader();
    const address = (await (await request.post('/api/wallet/get_address', { headers: { authorization: `Bearer ${token}` }, form: { currency: '3' } })).json()) as {
      message: Array<{ address: string }>;
    };
    const out = await request.post('/api/wallet/out', {
      headers: { authorization: `Bearer ${token}`, lang: 'en', 'idempotency-key': `e2e-admin-${Date.now()}` },
      form: { currency: '3', number: '21', address: address.message[0]!.address, pay_password: '123456' },
    });
    expect(((await out.json()) as { type: string }).type).toBe('ok');

    await console.getByRole('menuitem', { name: 'Withdrawals' }).click();
    await console.getByPlaceholder('User id or e-mail').fill(trader().email);
    await console.getByPlaceholder('User id or e-mail').press('Enter');
    const row = rowWith(console, '21.00000000 USDT');
    await row.getByRole('button', { name: 'Approve' }).click();
    await console.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    // decided: it leaves the queue of applying withdrawals
    await expect(row).toHaveCount(0);
    // now agreed, waiting for the chain: pick that status to find it
    await console.getByRole('combobox', { name: 'Status' }).click();
    await console.locator('.ant-select-item-option', { hasText: 'Agreed, waiting for chain' }).click();
    await rowWith(console, '21.00000000 USDT').getByRole('button', { name: 'Chain success' }).click();
    await console.getByRole('dialog').getByLabel('Transaction hash').fill(hash);
    await console.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await console.getByRole('combobox', { name: 'Status' }).click();
    await console.locator('.ant-select-item-option', { hasText: 'Chain success' }).click();
    await expect(rowWith(console, '21.00000000 USDT').getByText(hash)).toBeVisible();
    await console.keyboard.press('Escape');
    await shoot(console, 'admin-withdrawals');
    const list = (await (await request.post('/api/wallet/withdraw_list', { headers: { authorization: `Bearer ${token}` }, form: { page: '1' } })).json()) as {
      message: { list: Array<{ status_name: string; hash: string }> };
    };
    expect(list.message.list.find((w) => w.hash === hash)?.status_name).toBe('chain_success');
  });

  await test.step('an identity is rejected with a reason, resubmitted and approved', async () => {
    const { identityTrader } = staff();
    const cardId = `E2E${Date.now()}`;
    await submitIdentity(request, identityTrader.token, cardId);
    await console.getByRole('menuitem', { name: 'Identity' }).click();
    await console.getByPlaceholder('User id or e-mail').fill(identityTrader.email);
    await console.getByPlaceholder('User id or e-mail').press('Enter');
    const row = rowWith(console, cardId);
    for (const name of ['Front', 'Back', 'In hand']) await expect(row.getByRole('img', { name })).toHaveAttribute('src', /^blob:/);
    await shoot(console, 'admin-identities');
    await row.getByRole('button', { name: 'Reject' }).click();
    await console.getByRole('dialog').getByLabel('Reason').fill('The in-hand photo is blurred');
    await console.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    // decided: it leaves the queue of identities in review
    await expect(rowWith(console, cardId)).toHaveCount(0);
    await expect.poll(() => reviewStatus(request, identityTrader.token)).toBe(3);
    // the trader sees why, on the identity page
    expect((await center(request, identityTrader.token)).review_note).toBe('The in-hand photo is blurred');

    await submitIdentity(request, identityTrader.token, cardId);
    await console.reload();
    await console.getByPlaceholder('User id or e-mail').fill(identityTrader.email);
    await console.getByPlaceholder('User id or e-mail').press('Enter');
    await rowWith(console, cardId).getByRole('button', { name: 'Approve' }).click();
    await console.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    await expect(rowWith(console, cardId)).toHaveCount(0);
    await expect.poll(() => reviewStatus(request, identityTrader.token)).toBe(2);
  });

  await test.step('the reviewer finds the trader with balances and wallet log, but may not lock them', async () => {
    await console.getByRole('menuitem', { name: 'Traders' }).click();
    await console.getByPlaceholder('User id or part of the e-mail').fill('e2e-trader');
    await console.getByPlaceholder('User id or part of the e-mail').press('Enter');
    await console.getByRole('cell', { name: trader().email }).click();
    const drawer = console.getByRole('dialog');
    await expect(drawer.getByRole('cell', { name: 'Deposit credited' }).first()).toBeVisible();
    await expect(drawer.getByRole('switch', { name: 'Sign-in locked' })).toBeDisabled();
    await shoot(console, 'admin-users');
    await drawer.getByRole('button', { name: 'Close' }).click();
  });

  await test.step('the reviewer reads the notices but may not write them', async () => {
    await console.getByRole('menuitem', { name: 'Notices' }).click();
    await expect(console.getByRole('columnheader', { name: 'Title' })).toBeVisible();
    await expect(console.getByRole('button', { name: 'Add notice' })).toHaveCount(0);
  });

  await test.step('the reviewer sees the engines, exposure and the feed per pair, and the scheduled jobs', async () => {
    await console.getByRole('menuitem', { name: 'Risk and health' }).click();
    await expect(console.getByText('All engines running')).toBeVisible();
    await expect(console.getByText(/Leader term \d+ · since/)).toBeVisible();
    await expect(console.getByRole('row').filter({ hasText: 'BTC/USDT' }).getByText('Live')).toBeVisible();
    // the leader's scheduled jobs ran as it took the lead
    const pruning = console.getByRole('row').filter({ hasText: 'Price record pruning' });
    await expect(pruning.getByText('Every 1 h')).toBeVisible();
    await expect(pruning.getByText('Done')).toBeVisible();
    await shoot(console, 'admin-risk');
  });

  await test.step('signing out ends the staff session', async () => {
    await console.getByRole('button', { name: 'Sign out' }).click();
    await expect(console.getByLabel('E-mail')).toBeVisible();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AccountPages } from '../pages/account';
import { SESSION_FILE } from '../support/paths';
import { shoot } from '../support/screenshot';

// The smallest valid PNG (1x1 pixel): the server judges uploads by their bytes.
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Three different ID images as real PNG files, as a trader would pick them (one image twice is refused). */
function idImages(): Record<'front' | 'back' | 'hand', string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-id-'));
  const write = (name: string) => {
    const file = path.join(dir, `${name}.png`);
    fs.writeFileSync(file, Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.from(name)]));
    return file;
  };
  return { front: write('front'), back: write('back'), hand: write('hand') };
}

test('a trader signs up by invitation, logs in and out, resets the password, answers the survey, sets a fund password and verifies identity', async ({
  page,
  request,
}, info) => {
  // Five mailed codes and several password hashes make this the longest flow of the suite.
  test.setTimeout(180_000);
  const account = new AccountPages(page);
  const email = `acct-${info.project.name}-${Date.now()}@example.test`;
  const passwords = { first: 'Tide2024first', reset: 'Tide2024reset', final: 'Tide2024final' };

  // The invite link of an existing trader prefills the invite code; the e-mail comes from the link too.
  const { token } = JSON.parse(fs.readFileSync(SESSION_FILE, 'utf8')) as { token: string };
  const inviter = (await (await request.get('/api/user/info', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    message: { extension_code: string };
  };
  const inviteCode = inviter.message.extension_code;

  await test.step('register with a mailed code', async () => {
    await page.goto(`/register?extension_code=${inviteCode}&email=${encodeURIComponent(email)}`);
    await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(email);
    await expect(page.getByLabel('Invite code (optional)')).toHaveValue(inviteCode);
    // No code before the agreement is ticked.
    await page.getByRole('button', { name: 'Get code' }).click();
    await expect(page.getByText('Please tick to agree to the User Agreement')).toBeVisible();
    await page.getByRole('checkbox', { name: 'I have read and agree to the User Agreement' }).check();
    await account.enterMailedCode(email);
    await page.getByLabel('Password', { exact: true }).fill(passwords.first);
    await page.getByLabel('Confirm password').fill(passwords.first);
    await shoot(page, 'register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Registration successful')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('a wrong password is refused with the server message; the right one logs in', async () => {
    await account.submitLogin(email, 'Wrong2024pass');
    await expect(page.getByText('Wrong account or password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await shoot(page, 'login');
    await account.logIn(email, passwords.first);
    expect(await page.evaluate(() => [localStorage.getItem('accountNum'), localStorage.getItem('is_invee')])).toEqual([email, '1']);
    await account.logOut(email);
  });

  await test.step('reset the forgotten password after a code check', async () => {
    await page.goto('/forgetpwd');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await account.enterMailedCode(email);
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByLabel('New password', { exact: true }).fill(passwords.reset);
    await page.getByLabel('Confirm new password').fill(passwords.reset);
    await shoot(page, 'forgetpwd');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await account.logIn(email, passwords.reset);
  });

  await test.step('account security shows the account and copies the invite link', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/accountset');
    await expect(page.getByRole('heading', { name: 'Account security' })).toBeVisible();
    await expect(page.getByText('Intermediate')).toBeVisible();
    await page.getByRole('button', { name: 'Copy invite link' }).click();
    await expect(page.getByText('Copy succeeded')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/register\?extension_code=[A-Z0-9]+$/);
    await shoot(page, 'accountset');
  });

  await test.step('the invitee answers the survey', async () => {
    await page.goto('/myinvee');
    const questions = page.locator('main ol > li');
    await expect(questions).toHaveCount(9);
    for (const [index, option] of [1, 0, 3, 2, 1, 3, 1, 0, 0].entries()) {
      await questions.nth(index).getByRole('radio').nth(option).check();
    }
    await account.enterMailedCode(email);
    await shoot(page, 'myinvee');
    await page.getByRole('button', { name: 'Submit survey' }).click();
    await expect(page).toHaveURL(/\/exchange$/);
    expect(await page.evaluate(() => localStorage.getItem('is_invee'))).toBe('0');
  });

  await test.step('set a fund password', async () => {
    await page.goto('/jymm');
    await expect(page.getByText('No fund password is set yet.')).toBeVisible();
    await page.getByLabel('Login password').fill(passwords.reset);
    await page.getByLabel('Fund password', { exact: true }).fill('246810');
    await page.getByLabel('Confirm fund password').fill('246810');
    await account.enterMailedCode(email);
    await shoot(page, 'jymm');
    await page.getByRole('button', { name: 'Save fund password' }).click();
    await expect(page).toHaveURL(/\/accountset$/);
    await expect(page.getByRole('listitem').filter({ hasText: 'Fund password' }).getByText('Set', { exact: true })).toBeVisible();
  });

  await test.step('submit identity with three images and see it in review', async () => {
    const images = idImages();
    await page.goto('/authentication');
    await page.getByLabel('Real name').fill('Ada Lovelace');
    await page.getByLabel('ID number').fill('AB 1234 5678');
    for (const [label, file] of [
      ['Front of ID', images.front],
      ['Back of ID', images.back],
      ['Holding your ID', images.hand],
    ] as const) {
      const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/upload') && r.request().method() === 'POST');
      await page.getByLabel(label).setInputFiles(file);
      expect(((await (await uploaded).json()) as { type: string }).type).toBe('ok');
    }
    await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(3);
    await shoot(page, 'authentication');
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await expect(page.getByText('Submitted, awaiting review')).toBeVisible();
    await expect(page).toHaveURL(/\/exchange$/);
    await page.goto('/authentication');
    await expect(page.getByText('In review', { exact: true })).toBeVisible();
    await shoot(page, 'authentication-review');
  });

  await test.step('change the password, which logs out, and log in with the new one', async () => {
    await page.goto(`/resetpwd?user_string=${encodeURIComponent(email)}`);
    await expect(page.getByLabel('Account')).toHaveValue(email);
    await page.getByLabel('Current password').fill(passwords.reset);
    await page.getByLabel('New password', { exact: true }).fill(passwords.final);
    await page.getByLabel('Confirm new password').fill(passwords.final);
    await shoot(page, 'resetpwd');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await account.logIn(email, passwords.final);
  });
});

test('pages behind the login show the login prompt and call nothing without a session', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/user')) calls.push(r.url());
  });
  for (const route of ['/accountset', '/authentication', '/jymm', '/myinvee', '/resetpwd']) {
    await page.goto(route);
    await expect(page.getByText('Log in to use this page.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log in' }).or(page.getByRole('link', { name: 'Log in' })).first()).toBeVisible();
  }
  expect(calls).toEqual([]);
});

test('a phone sign-up code is refused with the server message and the button is usable again', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('tab', { name: 'Phone' }).click();
  await page.getByRole('checkbox', { name: 'I have read and agree to the User Agreement' }).check();
  await page.getByRole('textbox', { name: 'Phone number' }).fill('13812345678');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Phone verification codes are not available; please use your e-mail')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get code' })).toBeEnabled();
});

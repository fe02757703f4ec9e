import { expect, test } from '@playwright/test';
import { signInAsStaff, staff } from '../pages/admin';
import { Authenticator } from '../support/authenticator';
import { shoot } from '../support/screenshot';

// A new staff member's credentials are their own: an administrator adds them by e-mail and role
// and passes on the one-time invite link; the member opens it, chooses a password, enrols an
// authenticator with its first code, signs in to the console and later changes the password there.

test.skip(({ isMobile }) => isMobile, 'the staff console is laid out for a laptop');

test('an invited staff member sets their own password and authenticator, then signs in', async ({ browser }) => {
  const email = `e2e-invited-${Date.now()}@example.test`;
  const console = await signInAsStaff(browser, staff().inviter, 'Administrator');

  const link = await test.step('the administrator adds a reviewer and gets their invite link', async () => {
    await console.getByRole('menuitem', { name: 'Staff' }).click();
    await console.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await console.getByRole('button', { name: 'Add staff member' }).click();
    const dialog = console.getByRole('dialog', { name: 'Invite link' });
    await expect(dialog.getByText(email)).toBeVisible();
    const url = (await dialog.getByTestId('invite-link').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/admin\/invite#[\w-]{43}$/);
    await shoot(console, 'admin-staff-invite-link');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(console.getByRole('row').filter({ hasText: email }).getByText('Not set up')).toBeVisible();
    return url;
  });

  const member = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await member.addInitScript(() => localStorage.setItem('lang', 'en'));
  const authenticator = await test.step('the member opens the link, chooses a password and enrols the authenticator', async () => {
    await member.goto(link);
    await expect(member.getByTestId('invite-email')).toHaveText(email);
    const secret = (await member.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expect(member.locator('.tm-admin-qr canvas, .tm-admin-qr svg')).toBeVisible();
    await member.getByLabel('Password', { exact: true }).fill('Invited-pass-1');
    await member.getByLabel('Repeat password').fill('Invited-pass-1');
    const app = new Authenticator(secret);
    await member.getByLabel('Authenticator code').fill(await app.code());
    await shoot(member, 'admin-staff-invite');
    await member.getByRole('button', { name: 'Set password and authenticator' }).click();
    await expect(member.getByText('Your password and authenticator are set; sign in now')).toBeVisible();
    return app;
  });

  await test.step('the member signs in with the new password and a code', async () => {
    await member.getByRole('button', { name: 'Sign in' }).click();
    await member.getByLabel('E-mail').fill(email);
    await member.getByLabel('Password').fill('Invited-pass-1');
    await member.getByRole('button', { name: 'Next' }).click();
    // enrolled already: no secret to scan this time
    await expect(member.getByText('Enter the 6-digit code your authenticator app shows.')).toBeVisible();
    await member.getByLabel('Authenticator code').fill(await authenticator.code());
    await member.getByRole('button', { name: 'Sign in' }).click();
    await expect(member.getByText('Reviewer', { exact: true })).toBeVisible();
    await expect(member.getByText(email)).toBeVisible();
  });

  await test.step('the member changes the password in the console', async () => {
    await member.getByRole('button', { name: 'Change password' }).click();
    const dialog = member.getByRole('dialog', { name: 'Change password' });
    await dialog.getByLabel('Current password').fill('Invited-pass-1');
    await dialog.getByLabel('New password').fill('Changed-pass-1');
    await dialog.getByLabel('Repeat password').fill('Changed-pass-1');
    await dialog.getByLabel('Authenticator code').fill(await authenticator.code());
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(member.getByText('Password changed; your other sessions were signed out')).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  await test.step('the administrator sees the member enrolled', async () => {
    await console.reload();
    await expect(console.getByRole('row').filter({ hasText: email }).getByText('Set up', { exact: true })).toBeVisible();
  });
});

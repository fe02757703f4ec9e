import { expect, test, type Page } from '@playwright/test';
import { signInAsStaff, staff } from '../pages/admin';
import { shoot } from '../support/screenshot';

// The two-person rule in the staff console at laptop width: a withdrawal above the currency's
// two-approval amount (1,000 USDT by default) is approved by one reviewer, the queue then shows who
// approved first and why a second approval is needed, and a second reviewer's approval pays it out.

test.skip(({ isMobile }) => isMobile, 'the staff console is laid out for a laptop');

const AMOUNT = '1500.00000000 USDT';

/** The applying withdrawals of the large withdrawal's trader. */
async function openQueue(console: Page) {
  await console.getByRole('menuitem', { name: 'Withdrawals' }).click();
  await console.getByPlaceholder('User id or e-mail').fill(staff().largeTrader.email);
  await console.getByPlaceholder('User id or e-mail').press('Enter');
  return console.getByRole('row').filter({ hasText: AMOUNT });
}

test('a large withdrawal needs a second staff member’s approval before it is paid out', async ({ browser, request }) => {
  const { largeTrader, firstApprover, secondApprover } = staff();
  const out = await request.post('/api/wallet/out', {
    headers: { authorization: `Bearer ${largeTrader.token}`, lang: 'en', 'idempotency-key': `e2e-two-approvals-${Date.now()}` },
    form: { currency: '3', number: '1500', address: largeTrader.address, pay_password: largeTrader.fundPassword },
  });
  expect(((await out.json()) as { type: string }).type).toBe('ok');

  await test.step('the first reviewer approves: nothing is paid, the row says who approved and why a second is needed', async () => {
    const console = await signInAsStaff(browser, firstApprover, 'Reviewer');
    const row = await openQueue(console);
    await expect(row.getByText('Needs two approvals: from 1000.00000000 USDT on')).toBeVisible();
    await row.getByRole('button', { name: 'Approve' }).click();
    await console.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    await expect(console.getByText('First approval recorded: a second staff member must approve')).toBeVisible();
    await expect(row.getByText(`First approval by ${firstApprover.email}`)).toBeVisible();
    await expect(row.getByText(/Waiting for a second approval by another staff member/)).toBeVisible();
    // the first approver cannot give the second
    await expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
    await shoot(console, 'admin-withdrawal-first-approval');
    await console.context().close();
  });

  await test.step('a second reviewer sees the first approval and approves: the withdrawal is paid out', async () => {
    const console = await signInAsStaff(browser, secondApprover, 'Reviewer');
    const row = await openQueue(console);
    await expect(row.getByText(`First approval by ${firstApprover.email}`)).toBeVisible();
    await row.getByRole('button', { name: 'Approve' }).click();
    await console.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
    // decided: it leaves the queue of applying withdrawals
    await expect(row).toHaveCount(0);
    const list = (await (await request.post('/api/wallet/withdraw_list', { headers: { authorization: `Bearer ${largeTrader.token}` }, form: { page: '1' } })).json()) as {
      message: { list: Array<{ status_name: string }> };
    };
    expect(list.message.list[0]?.status_name).toBe('agreed');
    await console.context().close();
  });
});

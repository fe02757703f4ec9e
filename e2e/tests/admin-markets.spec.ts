import { expect, test } from '@playwright/test';
import { signInAsStaff, staff } from '../pages/admin';
import { currencyRow, openPanel, signInAsTrader } from '../pages/wallet';
import { shoot } from '../support/screenshot';

// An administrator sets a deposit address in the console's market settings (seeing the change
// before and after, and confirming it); the trader's deposit panel then shows that address.

const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

test.skip(({ isMobile }) => isMobile, 'the staff console is laid out for a laptop');

test('an admin sets a deposit address and the trader sees it on the deposit page', async ({ page, browser }) => {
  const console = await signInAsStaff(browser, staff().admin, 'Administrator');

  await test.step('the admin sets ETH’s address, checked and confirmed before and after', async () => {
    await console.getByRole('menuitem', { name: 'Markets and products' }).click();
    const row = console.getByRole('row').filter({ hasText: 'ETH' }).filter({ hasText: 'Not set' }).first();
    await expect(row).toBeVisible();
    await shoot(console, 'admin-markets-platform');
    await row.getByRole('button', { name: 'Edit' }).click();
    const dialog = console.getByRole('dialog').filter({ hasText: 'Deposit addresses · ETH · ETH' });
    // a Tron address on Ethereum is refused by the server, and nothing changes
    await dialog.getByLabel('Address').fill('TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await console.getByRole('dialog').filter({ hasText: 'Save these changes?' }).getByRole('button', { name: 'Save' }).click();
    await expect(console.getByText('This is not a valid ERC20 address: check it and try again')).toBeVisible();
    await expect(console.getByRole('dialog').filter({ hasText: 'Save these changes?' })).toHaveCount(0);
    await dialog.getByLabel('Address').fill(ETH_ADDRESS);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const confirm = console.getByRole('dialog').filter({ hasText: 'Save these changes?' });
    await expect(confirm.getByText(ETH_ADDRESS)).toBeVisible();
    await shoot(console, 'admin-markets-confirm');
    await confirm.getByRole('button', { name: 'Save' }).click();
    await expect(console.getByText('Saved')).toBeVisible();
    await expect(confirm).toHaveCount(0);
    await expect(console.getByRole('row').filter({ hasText: ETH_ADDRESS })).toBeVisible();
  });

  await test.step('the trader’s ETH deposit shows the address', async () => {
    await signInAsTrader(page);
    await page.goto('/change');
    const eth = currencyRow(page, 'ETH');
    await eth.button('Deposit').click();
    const panel = openPanel(page);
    await expect(panel.getByText(ETH_ADDRESS)).toBeVisible();
  });

  await test.step('the other sections read at laptop width', async () => {
    for (const tab of ['Pairs', 'Micro options', 'Spot market maker']) {
      await console.getByRole('tab', { name: tab }).click();
      await expect(console.getByRole('tabpanel', { name: tab })).toBeVisible();
      await shoot(console, `admin-markets-${tab.toLowerCase().replaceAll(' ', '-')}`);
    }
  });
});

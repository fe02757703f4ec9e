import { expect, test, type Page } from '@playwright/test';
import { signInAsTrader } from '../pages/wallet';

// Every button and link of the trader's pages has a name a screen reader can say in the trader's
// language: none without a name (an icon alone says nothing), and no icon inside one adding its
// English file name ("copy", "swap") to it. Read from the browser's own accessibility tree.

const PAGES = ['/exchange', '/contracts', '/second', '/change', '/changed', '/myasset', '/transferlegal', '/transferlog', '/withdrawaddress', '/accountset'];

/** The lines of the main content's accessibility tree that are a button or link with no name. */
async function unnamedControls(page: Page): Promise<string[]> {
  const tree = await page.getByRole('main').ariaSnapshot();
  return tree.split('\n').filter((line) => /^\s*- (button|link)( \[[^\]]*\])*:?$/.test(line));
}

/**
 * Icons in a control of the main content that still say their English name (not hidden, not given
 * a translated label). A number field's step arrows are left out: pointer-only copies of the
 * field's own arrow keys, outside the tab order, named by the library itself.
 */
async function iconsSayingTheirName(page: Page): Promise<string[]> {
  return page.getByRole('main').evaluate((main) =>
    [...main.querySelectorAll('button .anticon, a .anticon, [role="button"] .anticon, [role="tab"] .anticon')]
      .filter((icon) => !icon.closest('.ant-input-number-action'))
      .filter((icon) => icon.getAttribute('aria-hidden') !== 'true' && icon.classList.contains(`anticon-${icon.getAttribute('aria-label')}`))
      .map((icon) => `${icon.getAttribute('aria-label')} in ${icon.closest('button, a, [role]')?.textContent?.trim() || '(no text)'}`),
  );
}

for (const lang of ['en', 'zh']) {
  test(`every button and link of the trader's pages has a name in the trader's language (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsTrader(page);
    await page.addInitScript((language) => localStorage.setItem('lang', language), lang);
    for (const path of PAGES) {
      await page.goto(path);
      // the page's own content has loaded: its calls answered (the socket does not count) and its skeletons gone
      await page.waitForLoadState('networkidle');
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      expect(await unnamedControls(page), `unnamed controls on ${path}`).toEqual([]);
      expect(await iconsSayingTheirName(page), `icons saying their English name on ${path}`).toEqual([]);
    }
  });
}

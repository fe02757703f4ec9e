import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { SCREENSHOT_DIR } from './paths';

/**
 * Saves what the page shows as `screenshots/<project>-<name>.png`: the whole page, or with
 * `viewport` only what is on screen. Animations are stopped first, so a list or toast is never
 * captured half drawn.
 */
export async function shoot(page: Page, name: string, { viewport = false } = {}): Promise<void> {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${test.info().project.name}-${name}.png`),
    fullPage: !viewport,
    animations: 'disabled',
  });
}

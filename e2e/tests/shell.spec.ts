import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { SESSION_FILE } from '../support/paths';
import { shoot } from '../support/screenshot';

const LANGS = [
  ['zh', '杠杆合约'],
  ['hk', '槓桿合約'],
  ['en', 'Leveraged contracts'],
  ['kr', '레버리지 계약'],
  ['jp', 'レバレッジ先物'],
  ['spa', 'Contratos apalancados'],
] as const;

const session = () => JSON.parse(fs.readFileSync(SESSION_FILE, 'utf8')) as { token: string; userId: string };

async function store(page: Page, values: Record<string, string>) {
  await page.addInitScript((v) => {
    for (const [k, value] of Object.entries(v)) localStorage.setItem(k, value);
  }, values);
}

test('a visitor sees no header or footer and can switch the language', async ({ page }) => {
  await page.goto('/contracts');
  // where order entry goes, a visitor is asked to log in
  await expect(page.getByRole('heading', { name: 'Log in to trade' })).toBeVisible();
  await expect(page.locator('header.tm-header')).toHaveCount(0);
  await expect(page.locator('footer.tm-ticker')).toHaveCount(0);

  // antd's styles come built with the app, in the theme's colours, none made in the browser
  const logIn = page.getByRole('link', { name: 'Log in', exact: true });
  await expect(logIn).toHaveCSS('background-color', 'rgb(207, 160, 12)');
  await expect(page.locator('body')).toHaveCSS('font-family', /^-apple-system, .*sans-serif/);
  expect(await page.evaluate(() => [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('.ant-btn-primary')).length)).toBe(0);

  // the choice reloads the page in its language; on a busy machine a click may reach the menu
  // before it is ready and be dropped, and the visitor (as here) opens it and chooses again
  const japanese = page.getByRole('menuitem', { name: '日本語' });
  await expect(async () => {
    if (!(await japanese.isVisible())) await page.getByRole('button', { name: 'English (Language)' }).click({ timeout: 5_000 });
    await japanese.click({ timeout: 5_000 });
    await expect(page.getByRole('heading', { name: 'ログインして取引' })).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 45_000 });
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('jp');
  await shoot(page, 'guest-jp', { viewport: true });
});

test('a route’s HTML asks for its page’s chunks and the language’s texts from the start', async ({ request }) => {
  for (const [route, page, lang, cookie] of [['/second', 'Second', 'en', 'lang=en'], ['/contracts', 'Contracts', 'jp', 'lang=jp']] as const) {
    const html = await (await request.get(route, { headers: { cookie } })).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([\w-]+)\.js">/g)].map((match) => match[1]!);
    expect(preloads.some((file) => file.startsWith(`${page}-`))).toBe(true);
    expect(preloads.some((file) => file.startsWith(`${lang}-`))).toBe(true);
  }
});

test('a cold /login paints from its HTML alone, in the visitor’s language, and the app takes it over', async ({ browser, page }) => {
  // no script at all: what the browser can paint before any JavaScript has arrived
  for (const [lang, heading, cookie] of [['en', 'Log in', undefined], ['jp', 'ログイン', 'lang=jp']] as const) {
    const bare = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: cookie ? { cookie } : {} });
    const still = await bare.newPage();
    await still.goto('/login');
    await expect(still.getByRole('heading', { name: heading })).toBeVisible();
    await expect(still.locator('html')).toHaveAttribute('lang', lang === 'jp' ? 'ja' : 'en');
    // the copy takes no input: typing waits for the app
    await expect(still.locator('.tm-prerendered')).toHaveAttribute('inert', '');
    await bare.close();
  }
  await page.goto('/login');
  await expect(page.locator('.tm-prerendered')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'E-mail' }).fill('someone@example.test');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue('someone@example.test');
});

test('a cold /exchange paints the market’s frame from its HTML alone, in the layout of the screen’s width, and the app takes it over', async ({ browser, page }, info) => {
  const mobile = info.project.name === 'mobile';
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize()!, extraHTTPHeaders: { cookie: 'lang=jp' } });
  const still = await bare.newPage();
  await still.goto('/exchange');
  await expect(still.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(still.locator('.tm-prerendered')).toHaveAttribute('inert', '');
  await expect(still.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  await expect(still.getByRole('group', { name: 'チャート足' })).toBeVisible();
  // one layout shows: the phone's tabs or the desktop's order book beside the chart
  await expect(still.locator('.tm-mk-phone')).toBeVisible({ visible: mobile });
  await expect(still.locator('.tm-mk-book-card')).toBeVisible({ visible: !mobile });
  // nothing of a session in the copy: neither the sign-in panel nor a trader's order entry
  await expect(still.locator('.tm-mk-signin')).toHaveCount(0);
  await bare.close();
  await page.goto('/exchange');
  await expect(page.locator('.tm-prerendered')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Log in to trade' })).toBeVisible();
});

for (const [lang, title] of LANGS) {
  test(`the logged-in shell in ${lang}: header, navigation and live price footer`, async ({ page }) => {
    const { token, userId } = session();
    await store(page, { token, user_id: userId, lang, accountNum: 'e2e-trader@example.test' });
    await page.goto('/contracts');
    // the page names itself in the language (its order form and records show once signed in)
    await expect(page).toHaveTitle(new RegExp(title));
    await expect(page.locator('header.tm-header')).toBeVisible();
    await expect(page.locator('footer.tm-ticker').getByText('BTC/USDT').first()).toBeAttached();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, `${lang}-contracts`);
  });
}

test('one realtime connection serves every page the user moves between', async ({ page }, info) => {
  const { token, userId } = session();
  await store(page, { token, user_id: userId, lang: 'en', accountNum: 'e2e-trader@example.test' });
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const go = async (name: string) => {
    if (info.project.name === 'mobile') await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name, exact: true }).click();
  };
  await page.goto('/exchange');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  await expect.poll(() => sockets.length).toBe(1);

  await go('Assets');
  await expect(page).toHaveURL(/\/myasset$/);
  await go('Spot');
  await expect(page).toHaveURL(/\/exchange$/);
  // the market page, shown again, follows its pair over the same connection
  const book = page.getByRole('table', { name: 'Order book' });
  if (info.project.name === 'mobile') await page.getByRole('tab', { name: 'Order book' }).click();
  const bookBefore = await book.innerText();
  await expect.poll(() => book.innerText(), { timeout: 15_000 }).not.toBe(bookBefore);
  expect(sockets).toHaveLength(1);
});

test('history-mode routes load directly and unknown paths say so', async ({ page }) => {
  for (const route of ['/exchange', '/second', '/myasset', '/transferlegal', '/withdrawaddress']) {
    const response = await page.goto(route);
    expect(response?.status()).toBe(200);
    await expect(page.locator('main h1, main h2, main h3, main h4').first()).toBeVisible();
  }
  await page.goto('/no-such-page');
  await expect(page.getByRole('link', { name: /spot/i }).or(page.getByRole('button', { name: /spot/i })).first()).toBeVisible();
});

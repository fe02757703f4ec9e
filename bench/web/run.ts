/**
 * Lighthouse (mobile profile, its default simulated throttling) on the built app served by the
 * built server, as `npm start` runs it: /login signed out, then /exchange and /contracts signed in
 * as the demo trader. Prints per page the performance score, FCP, LCP, TBT, the accessibility
 * score and the JavaScript transferred (compressed bytes on the wire). Timings are simulated from
 * the observed trace, so a loaded machine makes them pessimistic and noisy: each page is measured
 * BENCH_ROUNDS times (default 3) and the median of each figure printed; the byte counts are exact.
 * BENCH_SERVER_MAIN and WEB_DIST measure another build (say the one before a change);
 * BENCH_PAGES (say `/login`) measures only the routes named; BENCH_REPORTS names a folder to
 * keep each run's whole Lighthouse report in, to see where the time went.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const DEMO_EMAIL = 'demo@tidemark.local';
const DEMO_PASSWORD = 'bench-web-demo-1';
const ONLY = process.env.BENCH_PAGES?.split(',');
const REPORTS = process.env.BENCH_REPORTS;
const PAGES = [
  { route: '/login', signedIn: false },
  { route: '/exchange', signedIn: true },
  { route: '/contracts', signedIn: true },
].filter((page) => !ONLY || ONLY.includes(page.route));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidemark-bench-web-'));
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--enable-source-maps', built], {
  cwd: path.join(root, 'apps/server'),
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO: '1', DEMO_EMAIL, DEMO_PASSWORD },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const chrome = await chromeLauncher.launch({
  chromePath: CHROME,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

try {
  // polls until the first answer: refused connections are the server still starting
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (await fetch(`${origin}/api/health`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const login = await fetch(`${origin}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user_string: DEMO_EMAIL, password: DEMO_PASSWORD }),
  }).then((r) => r.json() as Promise<{ type: string; message: string }>);
  if (login.type !== 'ok') throw new Error(`demo login refused: ${login.message}`);

  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  /** One Lighthouse run of a route in a fresh context; the figures by name. */
  async function measure(route: string, signedIn: boolean, round: number): Promise<Record<string, number>> {
    // a fresh browser context per run: a cold HTTP cache and empty storage; the session lives
    // in local storage, as the app's own login leaves it, so Lighthouse is told not to clear it
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    if (signedIn) {
      await page.goto(`${origin}/api/health`);
      await page.evaluate(`localStorage.setItem('token', ${JSON.stringify(login.message)})`);
    }
    const result = await lighthouse(
      `${origin}${route}`,
      { logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
      undefined,
      page,
    );
    await context.close();
    if (!result) throw new Error(`no Lighthouse result for ${route}`);
    if (REPORTS) {
      fs.mkdirSync(REPORTS, { recursive: true });
      fs.writeFileSync(path.join(REPORTS, `${route.slice(1)}-${round}.json`), result.report as string);
    }
    const { categories, audits } = result.lhr;
    const requests = (audits['network-requests']?.details as { items: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
    // what keeps accessibility below 100, by audit id, so a drop says where to look
    const a11yFailing = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
    if (a11yFailing.length > 0) console.log(`${route}: accessibility audits failing: ${a11yFailing.join(', ')}`);
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      fcpS: +((audits['first-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(1),
      lcpS: +((audits['largest-contentful-paint']?.numericValue ?? 0) / 1000).toFixed(1),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      jsKb: Math.round(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024),
      jsRequests: scripts.length,
      totalKb: Math.round((audits['total-byte-weight']?.numericValue ?? 0) / 1024),
    };
  }

  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rows = [];
  for (const { route, signedIn } of PAGES) {
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) runs.push(await measure(route, signedIn, round));
    const row: Record<string, string | number> = { route: `${route}${signedIn ? ' (signed in)' : ''}` };
    for (const key of Object.keys(runs[0]!)) row[key] = median(runs.map((run) => run[key]!));
    rows.push(row);
  }
  await browser.disconnect();
  console.table(rows);
  console.log(`median of ${ROUNDS} runs per page; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.cpus().length} cores (simulated timings grow with load)`);
} finally {
  chrome.kill();
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

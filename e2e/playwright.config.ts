import { defineConfig } from '@playwright/test';
import { E2E_PORT } from './support/paths';

// Debian's Chromium, headless, with no calls home (the test machine has no internet).
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  timeout: 120_000,
  // an upper bound for a page to show what is awaited, not a pause: generous for a busy 2-core machine
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    locale: 'en-US',
    // pop-ups appear at once (the app honours the setting): a click is never sent to a menu still
    // opening, which a busy machine showed dropping it
    reducedMotion: 'reduce',
    // a failure on a busy CI machine leaves what happened to read afterwards
    trace: 'retain-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1400, height: 900 } } },
    { name: 'mobile', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
  ],
  webServer: {
    command: 'node --import tsx support/serve.ts',
    url: `http://127.0.0.1:${E2E_PORT}/api/common/config`,
    env: { PORT: String(E2E_PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});

import { expect, test as base } from '@playwright/test';

/**
 * Playwright's `test`, whose page fails the test on any Content-Security-Policy violation: the
 * server's CSP must let the whole web app work (a blocked script, style, socket or image would
 * otherwise fail quietly).
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
    });
    // init scripts run outside the page's CSP; the event reports what the console may not
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const where = `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`;
        console.error(`Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${where}`);
      });
    });
    await use(page);
    expect(violations, 'Content Security Policy violations').toEqual([]);
  },
});

export { expect };

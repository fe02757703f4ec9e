import { expect, type Page } from '@playwright/test';

/** The server's envelope: `{ type: 'ok', message }`, or a refusal with its `code`. */
export interface Envelope {
  type: string;
  code?: string;
  message?: unknown;
}

/**
 * Starts listening for the page's next call to `path` (call it before the click that sends it) and
 * gives a function that waits for the server's answer to it. The call goes through unchanged; its
 * answer is read on its way to the page, so it can be checked even when the page reloads at once
 * after a success (the browser may drop a response body on navigation, and a toast shown until
 * the reload may be gone before a check reads it).
 */
export async function nextAnswer(page: Page, path: string): Promise<() => Promise<Envelope>> {
  let answer: Envelope | undefined;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      const response = await route.fetch();
      answer = (await response.json()) as Envelope;
      await route.fulfill({ response });
    },
    { times: 1 },
  );
  return async () => {
    await expect.poll(() => answer, { message: `the server's answer to ${path}` }).toBeDefined();
    return answer!;
  };
}

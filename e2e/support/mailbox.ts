import { expect } from '@playwright/test';
import { E2E_MAILBOX_PORT } from './paths';

/** The 6-digit code of the newest mail to `address`, waiting for it to arrive. */
export async function readCode(address: string, previousCount = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = (await fetch(`http://127.0.0.1:${E2E_MAILBOX_PORT}/mails?to=${encodeURIComponent(address)}`).then((r) =>
          r.json(),
        )) as { text: string }[];
        if (mails.length <= previousCount) return '';
        code = /\b(\d{6})\b/.exec(mails[mails.length - 1]!.text)?.[1] ?? '';
        return code;
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** How many mails `address` has received so far. */
export async function mailCount(address: string): Promise<number> {
  const mails = (await fetch(`http://127.0.0.1:${E2E_MAILBOX_PORT}/mails?to=${encodeURIComponent(address)}`).then((r) =>
    r.json(),
  )) as unknown[];
  return mails.length;
}

import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4311);
/** the SMTP server that receives the app's mail during the tests */
export const E2E_SMTP_PORT = E2E_PORT + 1;
/** where the tests read the received mail: GET /mails?to=<address> */
export const E2E_MAILBOX_PORT = E2E_PORT + 2;
export const SESSION_FILE = path.join(here, '..', '.tmp', 'session.json');
/** the staff console's reviewer and the trader whose identity they review */
export const STAFF_FILE = path.join(here, '..', '.tmp', 'staff.json');
/** traders with no authenticator set up yet, one per project (it asks for a code once on) */
export const TOTP_FILE = path.join(here, '..', '.tmp', 'totp.json');
export const SCREENSHOT_DIR = path.join(here, '..', 'screenshots');

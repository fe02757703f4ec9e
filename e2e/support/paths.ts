import path from 'node:path';

const here = path.dirname(new URL(import.meta.url).pathname);
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4311);
export const SESSION_FILE = path.join(here, '..', '.tmp', 'session.json');
export const SCREENSHOT_DIR = path.join(here, '..', 'screenshots');

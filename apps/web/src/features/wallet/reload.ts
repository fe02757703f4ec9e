/** The spec's pauses before the page reloads after a success, so its message can be read first. */
export const WITHDRAW_RELOAD_MS = 1500;
export const TRANSFER_RELOAD_MS = 1000;

/** Reloads the page after `delayMs`, so every balance on it is read afresh. */
export function reloadAfter(delayMs: number): void {
  setTimeout(() => window.location.reload(), delayMs);
}

// Phone numbers are 10 to 15 digits; shorter digit strings would show almost every digit anyway.
const PHONE_LIKE = /^\d{10,15}$/;

/** Masks a phone-like account as its first 3 and last 4 digits ("138****5678"); e-mails are shown as they are. */
export function maskAccount(account: string): string {
  return PHONE_LIKE.test(account) ? `${account.slice(0, 3)}****${account.slice(-4)}` : account;
}

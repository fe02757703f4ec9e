/**
 * Reference ids the product names by number (spec defaults). The database holds the currencies;
 * these are the few the code itself must know.
 */
export const CURRENCY_IDS = { BTC: 1, ETH: 2, USDT: 3 } as const;

/** The quote (legal) currency of every pair and the unit of wallet totals: USDT. */
export const LEGAL_USDT_ID = CURRENCY_IDS.USDT;

/** Currency 9999 stands for Bank in deposit and withdrawal calls (spec 001 section 9); it moves USDT. */
export const BANK_CURRENCY = 9999;

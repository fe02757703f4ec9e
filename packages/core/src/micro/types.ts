// Micro options: short up/down options on a pair's price, settled from the feed's recorded ticks.

/** The spec's `type`: 1 up, 2 down. */
export type MicroDirection = 'up' | 'down';
export const MICRO_TYPE_OF: Readonly<Record<MicroDirection, 1 | 2>> = { up: 1, down: 2 };
export const MICRO_DIRECTION_OF: Readonly<Record<1 | 2, MicroDirection>> = { 1: 'up', 2: 'down' };

/** One recorded price of a pair and the time the feed gave it. */
export interface PriceTick {
  priceUnits: bigint;
  atMs: number;
}

/**
 * The recorded price history: the last tick of `pairId` at or before `atMs`, or undefined when
 * none is recorded. The server answers it from its stored ticks, so settlement and the verifier
 * read the same prices.
 */
export type PriceLookup = (pairId: bigint, atMs: number) => PriceTick | undefined;

/** The last of `ticks` (ascending by time) at or before `atMs`: a binary search for the first after it. */
export function tickAtOrBefore(ticks: readonly PriceTick[], atMs: number): PriceTick | undefined {
  let low = 0;
  let high = ticks.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ticks[mid]!.atMs <= atMs) low = mid + 1;
    else high = mid;
  }
  return low === 0 ? undefined : ticks[low - 1];
}

/** An open micro order: everything settlement needs, and what the server persists. */
export interface MicroOrder {
  orderId: bigint;
  userId: bigint;
  pairId: bigint;
  currencyId: bigint;
  direction: MicroDirection;
  seconds: number;
  /** the stake, frozen in the user's micro account until settlement */
  numberUnits: bigint;
  /** charged at submission, never returned */
  feeUnits: bigint;
  /** the seconds option's profit_ratio at submission (percent, in units: 80% = 80_00000000n) */
  profitRatioPercentUnits: bigint;
  /** acceptance time; the order expires `seconds` later */
  openedAtMs: number;
  expiresAtMs: number;
  /** the feed's real tick the order opened at */
  openTick: PriceTick;
}

export type MicroOutcome = 'win' | 'draw' | 'loss';
/** The spec's `profit_result`. */
export const MICRO_PROFIT_RESULT_OF: Readonly<Record<MicroOutcome, 1 | 0 | -1>> = { win: 1, draw: 0, loss: -1 };

/** Limits the engine enforces; the server takes them from its limits table. */
export interface MicroLimits {
  /** open orders one user may hold at once */
  openOrdersPerUserMax: number;
  /** a latest tick older than this refuses new orders */
  priceStaleAfterMs: number;
}

/**
 * Every expected refusal, for the server to translate. Broken invariants (a price lookup that
 * answers outside the order's window, unbalanced postings) throw instead.
 */
export const MICRO_REJECTIONS = [
  /** the pair does not exist or is not open for micro options */
  'micro_pair_closed',
  /** the currency does not exist or is not payable */
  'micro_currency_not_payable',
  /** no enabled seconds option with that many seconds */
  'micro_seconds_invalid',
  /** `number` is not a plain positive decimal */
  'micro_amount_invalid',
  /** `number` has more than 8 decimals */
  'micro_amount_too_precise',
  'micro_amount_below_min',
  'micro_amount_above_max',
  /** the user already holds `openOrdersPerUserMax` open orders */
  'micro_open_orders_max',
  /** the micro balance does not cover stake plus fee */
  'micro_balance_insufficient',
  /** no tick, or none within `priceStaleAfterMs` */
  'micro_price_stale',
  /** an open order already has this id */
  'micro_order_duplicate',
  /** a restored order whose fields do not hold together */
  'micro_order_invalid',
] as const;
export type MicroRejection = (typeof MICRO_REJECTIONS)[number];

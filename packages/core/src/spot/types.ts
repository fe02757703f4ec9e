// The spot engine's vocabulary: pair rules, commands, events and rejections. Money is bigint units of
// 1e-8; prices are quote units per whole base coin; percents are percent units (0.1% = 10_000_000n).

export type SpotSide = 'buy' | 'sell';

/** A pair's trading rules, fixed for the life of a book (a rule change means a new book). */
export interface SpotPairRules {
  baseCurrencyId: bigint;
  quoteCurrencyId: bigint;
  /** price step in quote units per whole base coin */
  tickUnits: bigint;
  /** amount step in base units; tick x lot must be a multiple of 1e8 so every value is a whole quote unit */
  lotUnits: bigint;
  /** smallest order value in quote units */
  minValueUnits: bigint;
  makerFeePercentUnits: bigint;
  takerFeePercentUnits: bigint;
  /** protective band either side of the index price: no trade beyond it, no limit order outside it */
  bandPercentUnits: bigint;
}

/**
 * What a trader asks for. `market` sells or buys a base amount; `market_quote` buys with a quote
 * amount to spend, fees included.
 */
export type SpotOrderSpec =
  | { kind: 'limit'; side: SpotSide; priceUnits: bigint; amountUnits: bigint }
  | { kind: 'market'; side: SpotSide; amountUnits: bigint }
  | { kind: 'market_quote'; side: 'buy'; quoteUnits: bigint };

export type SpotOrderKind = SpotOrderSpec['kind'];

/**
 * An order resting on the book, as the server persists it and as `restore` takes it back.
 * Fees are charged so that an order's total fee is always
 * ceil((makerQuote x makerRate + takerQuote x takerRate) / 100): see `feeUnitsFor`.
 */
export interface SpotOpenOrder {
  orderId: bigint;
  userId: bigint;
  side: SpotSide;
  priceUnits: bigint;
  amountUnits: bigint;
  filledUnits: bigint;
  /** quote traded while resting (maker) and while taking (taker) */
  makerQuoteUnits: bigint;
  takerQuoteUnits: bigint;
  /** fees charged so far, in quote units */
  feeUnits: bigint;
  /** funds frozen at placement: quote for a buy, base for a sell */
  frozenUnits: bigint;
  /** the pair's rates when the order was accepted; the order keeps them */
  makerFeePercentUnits: bigint;
  takerFeePercentUnits: bigint;
  /** the book's acceptance sequence: time priority within a price */
  seq: number;
}

export type SpotCommand =
  | {
      type: 'place';
      orderId: bigint;
      userId: bigint;
      order: SpotOrderSpec;
      /** what the server froze for it, at least `checkSpotSubmit(...).frozenUnits` */
      frozenUnits: bigint;
    }
  | { type: 'cancel'; orderId: bigint; userId: bigint }
  /** the index price the band is drawn around */
  | { type: 'index'; priceUnits: bigint }
  /** rebuilds an empty book from its persisted open orders; `nextSeq` exceeds every seq ever given */
  | { type: 'restore'; orders: readonly SpotOpenOrder[]; nextSeq: number };

/** Every refusal, named for the server to translate. */
export const SPOT_REJECTIONS = [
  'spot_price_not_positive',
  'spot_amount_not_positive',
  'spot_price_off_tick',
  'spot_amount_off_lot',
  'spot_value_too_large',
  'spot_below_min_value',
  'spot_no_index_price',
  'spot_outside_band',
  'spot_freeze_short',
  'spot_duplicate_order',
  'spot_order_not_found',
  'spot_restore_not_empty',
  'spot_restore_invalid',
  'spot_restore_crossed',
] as const;
export type SpotRejection = (typeof SPOT_REJECTIONS)[number];

/**
 * user: the owner cancelled. self_trade: a taker of the same user reached it (the resting order
 * is cancelled, the taker goes on). no_liquidity: a market order found nothing more inside the band.
 * budget: a market buy's frozen funds cannot pay for one more lot.
 */
export type SpotCancelReason = 'user' | 'self_trade' | 'no_liquidity' | 'budget';

export interface SpotAcceptedEvent {
  type: 'accepted';
  orderId: bigint;
  userId: bigint;
  kind: SpotOrderKind;
  side: SpotSide;
  /** limit price, or null for market orders */
  priceUnits: bigint | null;
  /** base amount, or null for a market buy by quote */
  amountUnits: bigint | null;
  /** quote to spend for a market buy by quote, else null */
  quoteUnits: bigint | null;
  frozenUnits: bigint;
  makerFeePercentUnits: bigint;
  takerFeePercentUnits: bigint;
  seq: number;
  atMs: number;
}

/** One trade. Fees are in quote units: the buyer pays on top, the seller receives the value less. */
export interface SpotFillEvent {
  type: 'fill';
  makerOrderId: bigint;
  makerUserId: bigint;
  takerOrderId: bigint;
  takerUserId: bigint;
  takerSide: SpotSide;
  /** always the maker's price */
  priceUnits: bigint;
  baseUnits: bigint;
  /** price x base / 1e8, exact by the pair's tick and lot */
  quoteUnits: bigint;
  makerFeeUnits: bigint;
  takerFeeUnits: bigint;
  /** the maker's filled amount after this fill: what the server's write of the order expects it had, less this fill */
  makerFilledUnits: bigint;
  atMs: number;
}

/** A limit order left on the book after matching. */
export interface SpotRestedEvent {
  type: 'rested';
  orderId: bigint;
  userId: bigint;
  side: SpotSide;
  priceUnits: bigint;
  remainingUnits: bigint;
  atMs: number;
}

/** Ended before fully filled: `releasedUnits` of `releasedCurrencyId` go from frozen back to available. */
export interface SpotCancelledEvent {
  type: 'cancelled';
  orderId: bigint;
  userId: bigint;
  side: SpotSide;
  reason: SpotCancelReason;
  /** base not filled (for a market buy by quote: 0) */
  remainingUnits: bigint;
  /** base filled before it ended */
  filledUnits: bigint;
  releasedUnits: bigint;
  releasedCurrencyId: bigint;
  atMs: number;
}

/** Fully filled (or a market buy by quote that spent its budget); any frozen surplus is released. */
export interface SpotDoneEvent {
  type: 'done';
  orderId: bigint;
  userId: bigint;
  side: SpotSide;
  releasedUnits: bigint;
  releasedCurrencyId: bigint;
  atMs: number;
}

export type SpotEvent = SpotAcceptedEvent | SpotFillEvent | SpotRestedEvent | SpotCancelledEvent | SpotDoneEvent;

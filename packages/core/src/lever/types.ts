import type { Posting } from '../ledger';

/** The spec's `type`: 1 long (buy), 2 short (sell). */
export type LeverDirection = 1 | 2;
/** The spec's submit `status`: 0 limit (price entered), 1 market (the current price). */
export type LeverEntryMode = 0 | 1;
/** The spec's list status of a live order: 0 pending entrust, 1 open position (3 closed and 4 revoked leave the engine). */
export type LeverLiveStatus = 0 | 1;
export type LeverCloseReason = 'manual' | 'take_profit' | 'stop_loss' | 'liquidation';

/** Everything the engine needs to know about one pair; the server reads it from the pair's row. */
export interface LeverPairConfig {
  pairId: bigint;
  /** the currency margin, fees and PnL are paid in (the pair's legal side) */
  currencyId: bigint;
  /** false: no submit; open positions still close, entrusts still cancel */
  isOpen: boolean;
  /** allowed leverages (`multiple.muit`), integers >= 1 */
  multiples: readonly number[];
  handsMin: number;
  handsMax: number;
  /** `lever_share_num`: base currency per hand, in units */
  contractSizeUnits: bigint;
  /** percent in units (0.1% = 10_000_000n), added to a long's price, taken off a short's */
  spreadPercentUnits: bigint;
  /** `lever_trade_fee`: percent of the value, in units */
  feePercentUnits: bigint;
  /** a position is liquidated when its equity falls to this percent of its margin; 0 <= ratio < 100% */
  maintenancePercentUnits: bigint;
  /** take-profit and stop-loss must lie within this distance of the current price (the spec's 1000) */
  stopRangeUnits: bigint;
  /** per user and pair */
  positionsPerUserMax: number;
  entrustsPerUserMax: number;
  /** a submit or close refuses a price older than this */
  priceMaxAgeMs: number;
}

/** A pending entrust or open position, with every figure the server stores on its row. */
export interface LeverOrder {
  /** chosen by the server before the submit (its row id): a repeat is refused, never doubled */
  id: bigint;
  userId: bigint;
  pairId: bigint;
  /** the pair's legal currency: margin, fee and PnL are paid in it */
  currencyId: bigint;
  direction: LeverDirection;
  entryMode: LeverEntryMode;
  status: LeverLiveStatus;
  multiple: number;
  hands: number;
  /** hands x contract size: the spec's `number` */
  quantityUnits: bigint;
  /** the price asked (limit) or quoted (market) before spread: the spec's `origin_price` */
  originPriceUnits: bigint;
  /** after spread: the price the position opens (or will open) at */
  openPriceUnits: bigint;
  valueUnits: bigint;
  /** `caution_money` */
  marginUnits: bigint;
  feeUnits: bigint;
  /** equity at or below this liquidates */
  maintenanceMarginUnits: bigint;
  /** the price at which equity reaches the maintenance margin (0: never, for a long) */
  liquidationPriceUnits: bigint;
  /** 0 = none */
  takeProfitUnits: bigint;
  /** 0 = none */
  stopLossUnits: bigint;
  submittedAtMs: number;
  /** null while pending */
  openedAtMs: number | null;
  /** the tick that filled the entrust or priced the market order */
  openTickPriceUnits: bigint | null;
  openTickAtMs: number | null;
  /** when take-profit and stop-loss were last set (submit or setstop): only later prices fire them */
  stopsSetAtMs: number;
}

export interface LeverTick {
  priceUnits: bigint;
  atMs: number;
}

export type LeverCommand =
  | {
      type: 'submit';
      orderId: bigint;
      userId: bigint;
      pairId: bigint;
      direction: number;
      entryMode: number;
      multiple: number;
      hands: number;
      /** limit price (ignored at market) */
      limitPriceUnits: bigint;
      takeProfitUnits: bigint;
      stopLossUnits: bigint;
    }
  | { type: 'cancel'; orderId: bigint; userId: bigint }
  | { type: 'close'; orderId: bigint; userId: bigint }
  | { type: 'setstop'; orderId: bigint; userId: bigint; takeProfitUnits: bigint; stopLossUnits: bigint }
  | { type: 'tick'; pairId: bigint; priceUnits: bigint; atMs: number }
  /** replaces every live order with the persisted ones (after a restart or a leader change) */
  | { type: 'restore'; orders: readonly LeverOrder[] }
  /** the named orders as persisted now: live ones in (replacing what the book held), `gone` ones out */
  | { type: 'refresh'; orders: readonly LeverOrder[]; gone: readonly bigint[] }
  /** adds or replaces a pair's settings; live orders keep the figures they opened with */
  | { type: 'configure'; pair: LeverPairConfig };

/** A closed order: the live order's figures plus how it ended. */
export interface LeverClose {
  reason: LeverCloseReason;
  closePriceUnits: bigint;
  /** the tick whose price closed it */
  closeTickAtMs: number;
  closedAtMs: number;
  pnlUnits: bigint;
  /** margin + PnL, never below 0: what the trader gets back */
  payoutUnits: bigint;
  /** the loss beyond the margin, borne by the house (0 unless the price gapped) */
  shortfallUnits: bigint;
}

/** What the server persists. Each `postings` list is one ledger transaction. */
export type LeverEvent =
  /** a limit entrust now pending: margin frozen and fee paid */
  | { type: 'lever_order_placed'; order: LeverOrder; postings: Posting[] }
  /** a market order (or a limit already reached) opened at once: margin frozen and fee paid */
  | { type: 'lever_order_opened'; order: LeverOrder; postings: Posting[] }
  /** a pending entrust reached by a tick; its margin and fee were taken when it was placed */
  | { type: 'lever_order_filled'; order: LeverOrder }
  | { type: 'lever_order_cancelled'; order: LeverOrder; cancelledAtMs: number; postings: Posting[] }
  | { type: 'lever_order_closed'; order: LeverOrder; close: LeverClose; postings: Posting[] }
  | { type: 'lever_stops_set'; order: LeverOrder };

/** Every refusal the engine can give; the server maps each to a translated message. */
export const LEVER_REJECTIONS = [
  'lever_pair_closed',
  'lever_multiple_invalid',
  'lever_hands_not_integer',
  'lever_hands_out_of_range',
  'lever_type_invalid',
  'lever_status_invalid',
  'lever_price_invalid',
  'lever_no_price',
  'lever_price_stale',
  'lever_value_out_of_range',
  'lever_margin_too_small',
  'lever_take_profit_invalid',
  /** on the side of the price where the next tick would fire it */
  'lever_take_profit_side',
  'lever_take_profit_out_of_range',
  'lever_stop_loss_invalid',
  'lever_stop_loss_side',
  'lever_stop_loss_out_of_range',
  'lever_positions_limit',
  'lever_entrusts_limit',
  'lever_order_exists',
  'lever_order_not_found',
  'lever_order_not_pending',
  'lever_order_not_open',
  'lever_tick_invalid',
  'lever_tick_stale',
] as const;
export type LeverRejection = (typeof LEVER_REJECTIONS)[number];

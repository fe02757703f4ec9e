import { z } from 'zod';
import { ZEnvelopeOk } from '../envelope';
import { zAmount, zDecimal, zId, zTimeMs } from '../fields';
import { limits } from '../limits';

const zPairSide = z.string({ error: 'currency_required' }).regex(/^[1-9][0-9]{0,8}$/, 'currency_required').transform(Number);
const zPage = z.coerce.number().int().min(1).default(1);
const zPageSize = z.coerce.number().int().min(1).max(limits.spotPageSizeMax).default(limits.spotPageSize);

/**
 * A spot order: `type` 1 buy, 2 sell; `status` 0 limit (needs `price`), 1 market. A market sell
 * gives `number` (base); a market buy gives `number` (base) or `total` (quote to spend, fees included).
 */
export const ZCoinSubmitRequest = z.object({
  legal_id: zPairSide,
  currency_id: zPairSide,
  type: z.enum(['1', '2'], { error: 'spot_side_invalid' }).transform(Number),
  status: z.enum(['0', '1'], { error: 'spot_kind_invalid' }).transform(Number),
  price: zAmount.optional(),
  number: zAmount.optional(),
  total: zAmount.optional(),
});
export type TCoinSubmitRequest = z.infer<typeof ZCoinSubmitRequest>;

/** One spot order as the trader sees it. */
export const ZSpotOrderRow = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
  /** 1 buy, 2 sell */
  type: z.number().int(),
  side: z.enum(['buy', 'sell']),
  /** 0 limit, 1 market */
  order_type: z.number().int(),
  /** limit price; empty for market orders */
  price: z.string(),
  /** base amount asked; empty for a market buy by quote */
  number: z.string(),
  /** quote amount to spend of a market buy by quote; empty otherwise */
  total: z.string(),
  filled: zDecimal,
  /** quote traded */
  filled_total: zDecimal,
  /** average fill price; empty before the first fill */
  avg_price: z.string(),
  /** fees paid, in the quote currency */
  fee: zDecimal,
  /** 0 accepted (waiting for the matcher), 1 open, 2 filled, 3 cancelled */
  status: z.number().int(),
  created_at: z.string(),
  created_at_ms: zTimeMs,
  updated_at_ms: zTimeMs,
});
export type TSpotOrderRow = z.infer<typeof ZSpotOrderRow>;

export const ZCoinSubmitResponse = ZEnvelopeOk(ZSpotOrderRow);
export type TCoinSubmitResponse = z.infer<typeof ZCoinSubmitResponse>;

export const ZCoinCancelRequest = z.object({ id: zId });
export type TCoinCancelRequest = z.infer<typeof ZCoinCancelRequest>;

/** `status` 0: accepted and open orders; 3: filled and cancelled ones. */
export const ZCoinMyOrdersRequest = z.object({
  legal_id: zPairSide.optional(),
  currency_id: zPairSide.optional(),
  status: z.enum(['0', '3']).default('0').transform(Number),
  page: zPage,
  limit: zPageSize,
});
export type TCoinMyOrdersRequest = z.infer<typeof ZCoinMyOrdersRequest>;

/** A page object as that client family reads it. */
function zPageOf<T extends z.ZodType>(row: T) {
  return z.object({
    current_page: z.number().int(),
    data: z.array(row),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });
}

export const ZCoinMyOrdersResponse = ZEnvelopeOk(zPageOf(ZSpotOrderRow));
export type TCoinMyOrdersResponse = z.infer<typeof ZCoinMyOrdersResponse>;

export const ZCoinMyFillsRequest = z.object({
  legal_id: zPairSide.optional(),
  currency_id: zPairSide.optional(),
  page: zPage,
  limit: zPageSize,
});
export type TCoinMyFillsRequest = z.infer<typeof ZCoinMyFillsRequest>;

/** One of the user's trades, from the user's side. */
export const ZSpotFillRow = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  symbol: z.string(),
  /** 1 bought, 2 sold */
  type: z.number().int(),
  side: z.enum(['buy', 'sell']),
  /** maker or taker */
  role: z.enum(['maker', 'taker']),
  price: zDecimal,
  number: zDecimal,
  total: zDecimal,
  fee: zDecimal,
  time: z.string(),
  ts: zTimeMs,
});
export type TSpotFillRow = z.infer<typeof ZSpotFillRow>;

export const ZCoinMyFillsResponse = ZEnvelopeOk(zPageOf(ZSpotFillRow));
export type TCoinMyFillsResponse = z.infer<typeof ZCoinMyFillsResponse>;

/** `afterCoinTrade`: an order of the user filled or ended; reload wallets and orders. */
export const ZAfterCoinTradeEvent = z.object({
  type: z.literal('afterCoinTrade'),
  to: z.number().int(),
  currency_id: z.number().int(),
  legal_id: z.number().int(),
  match_id: z.number().int(),
  order_id: z.number().int(),
  /** the order's status after the event (see ZSpotOrderRow) */
  status: z.number().int(),
});
export type TAfterCoinTradeEvent = z.infer<typeof ZAfterCoinTradeEvent>;

/** GET /api/coin/pair (legal_id, currency_id): a pair's spot rules, for the order form. Percents are percents (0.1 is 0.1%). */
export const ZCoinPairResponse = ZEnvelopeOk(
  z.object({
    currency_id: z.number().int(),
    legal_id: z.number().int(),
    /** price step, quote per base */
    price_step: zDecimal,
    /** amount step, base */
    amount_step: zDecimal,
    /** smallest order value, quote */
    min_total: zDecimal,
    maker_fee: zDecimal,
    taker_fee: zDecimal,
    /** limit prices may be at most this percent away from the index price */
    band: zDecimal,
  }),
);
export type TCoinPairResponse = z.infer<typeof ZCoinPairResponse>;

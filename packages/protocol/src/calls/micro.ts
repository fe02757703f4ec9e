import { z } from 'zod';
import { ZEnvelopeOk } from '../envelope';
import { zDecimal, zTimeMs } from '../fields';
import { limits } from '../limits';

const zIdField = (error: string) => z.string({ error }).regex(/^[1-9][0-9]{0,17}$/, error).transform((s) => BigInt(s));

/** GET /api/microtrade/payable_currencies: the currencies a micro order can be paid in, with the user's micro balance. */
export const ZMicroPayableCurrency = z.object({
  id: z.number().int(),
  name: z.string(),
  /** preset amounts, in display order */
  micro_numbers: z.array(z.object({ number: zDecimal })),
  /** fee percent of the stake, charged at submission */
  micro_trade_fee: zDecimal,
  micro_min: zDecimal,
  micro_max: zDecimal,
  user_wallet: z.object({ micro_with_insurance: zDecimal }),
});
export type TMicroPayableCurrency = z.infer<typeof ZMicroPayableCurrency>;
export const ZMicroPayableCurrenciesResponse = ZEnvelopeOk(z.array(ZMicroPayableCurrency));
export type TMicroPayableCurrenciesResponse = z.infer<typeof ZMicroPayableCurrenciesResponse>;

/** GET /api/microtrade/seconds: the expiries on offer; `profit_ratio` is a percent of the stake. */
export const ZMicroSecondsOption = z.object({ seconds: z.number().int(), profit_ratio: zDecimal, status: z.number().int() });
export type TMicroSecondsOption = z.infer<typeof ZMicroSecondsOption>;
export const ZMicroSecondsResponse = ZEnvelopeOk(z.array(ZMicroSecondsOption));
export type TMicroSecondsResponse = z.infer<typeof ZMicroSecondsResponse>;

/** POST /api/microtrade/submit. `number` stays a string: the engine judges it and names the refusal. */
export const ZMicroSubmitRequest = z.object({
  match_id: zIdField('micro_pair_closed'),
  currency_id: zIdField('micro_currency_not_payable'),
  type: z.enum(['1', '2'], { error: 'invalid_field' }).transform((t) => (t === '1' ? ('up' as const) : ('down' as const))),
  seconds: z.string({ error: 'micro_seconds_invalid' }).regex(/^[1-9][0-9]{0,6}$/, 'micro_seconds_invalid').transform(Number),
  number: z.string({ error: 'micro_amount_invalid' }).trim().min(1, 'micro_amount_invalid').max(40, 'micro_amount_invalid'),
});
export type TMicroSubmitRequest = z.infer<typeof ZMicroSubmitRequest>;

/** One micro order as the lists and `closed_microorder` carry it. */
export const ZMicroOrderRow = z.object({
  id: z.number().int(),
  match_id: z.number().int(),
  symbol_name: z.string(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  /** 1 up, 2 down */
  type: z.number().int(),
  /** 1 open, 3 closed */
  status: z.number().int(),
  seconds: z.number().int(),
  number: zDecimal,
  fee: zDecimal,
  profit_ratio: zDecimal,
  open_price: zDecimal,
  /** the feed's tick time of the open price */
  open_price_time: zTimeMs,
  /** empty while open */
  end_price: z.string(),
  end_price_time: zTimeMs.nullable(),
  /** profit (a win), 0 (a draw or open) or minus the stake (a loss) */
  fact_profits: zDecimal,
  /** 1 win, 0 draw, -1 loss; 0 while open */
  profit_result: z.number().int(),
  /** 0 once due */
  remain_milli_seconds: z.number().int(),
  created_at: zTimeMs,
  /** when it settles (open time + seconds) */
  end_at: zTimeMs,
});
export type TMicroOrderRow = z.infer<typeof ZMicroOrderRow>;

/** GET /api/microtrade/lists: status 1 open, 3 closed; a page object at `message`. */
export const ZMicroListsRequest = z.object({
  status: z.enum(['1', '3'], { error: 'invalid_field' }).transform(Number),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(limits.microListPageSizeMax).default(limits.microListPageSize),
  match_id: zIdField('invalid_field').optional(),
});
export type TMicroListsRequest = z.infer<typeof ZMicroListsRequest>;
export const ZMicroListsResponse = ZEnvelopeOk(
  z.object({
    current_page: z.number().int(),
    data: z.array(ZMicroOrderRow),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  }),
);
export type TMicroListsResponse = z.infer<typeof ZMicroListsResponse>;

/** GET /api/microtrade/settlement: an order's settlement record, for anyone to re-check. */
export const ZMicroSettlementRequest = z.object({ id: zIdField('micro_record_not_found') });
export type TMicroSettlementRequest = z.infer<typeof ZMicroSettlementRequest>;
const ZRecordedTick = z.object({ price: zDecimal, time: zTimeMs });
export const ZMicroSettlementRecord = z.object({
  seq: z.string(),
  order_id: z.number().int(),
  match_id: z.number().int(),
  currency_id: z.number().int(),
  direction: z.enum(['up', 'down']),
  seconds: z.number().int(),
  number: zDecimal,
  profit_ratio: zDecimal,
  opened_at: zTimeMs,
  expires_at: zTimeMs,
  open_price: zDecimal,
  open_tick_time: zTimeMs,
  end_price: zDecimal,
  end_tick_time: zTimeMs,
  outcome: z.enum(['win', 'draw', 'loss']),
  payout: zDecimal,
  fact_profits: zDecimal,
  prev_hash: z.string(),
  hash: z.string(),
  /** the text the hash covers: sha-256 of it is `hash` */
  canonical: z.string(),
});
export type TMicroSettlementRecord = z.infer<typeof ZMicroSettlementRecord>;
export const ZMicroSettlementResponse = ZEnvelopeOk(
  z.object({
    record: ZMicroSettlementRecord,
    /**
     * the recorded prices of the pair up to the open tick and the first after the opening; up to
     * the end tick and the first after the expiry
     */
    open_ticks: z.array(ZRecordedTick),
    end_ticks: z.array(ZRecordedTick),
  }),
);
export type TMicroSettlementResponse = z.infer<typeof ZMicroSettlementResponse>;

/** `closed_microorder`: a micro order of the user settled; `data` is the closed row. */
export const ZClosedMicroOrderEvent = z.object({ type: z.literal('closed_microorder'), to: z.number().int(), data: ZMicroOrderRow });
export type TClosedMicroOrderEvent = z.infer<typeof ZClosedMicroOrderEvent>;

/** `afterCoinTrade` after a settlement: the user's micro wallet changed; reload wallets. */
export const ZMicroAfterCoinTradeEvent = z.object({
  type: z.literal('afterCoinTrade'),
  to: z.number().int(),
  /** the wallet that changed */
  wallet: z.literal('micro'),
  currency_id: z.number().int(),
  match_id: z.number().int(),
  order_id: z.number().int(),
});
export type TMicroAfterCoinTradeEvent = z.infer<typeof ZMicroAfterCoinTradeEvent>;

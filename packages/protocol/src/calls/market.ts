import { z } from 'zod';
import { parsePeriod } from '@tidemark/core';
import { ZEnvelopeOk } from '../envelope';
import { zDecimal, zDisplayClock, zId, zTimeMs } from '../fields';

/** 9999-12-31T23:59:59.999Z: past it a time is no date (Date answers NaN beyond 8.64e15 ms) */
const EPOCH_MS_MAX = 253_402_300_799_999;

/**
 * A time bound in a query: epoch seconds or epoch milliseconds. Values below 1e11 are read as
 * seconds (1e11 s is the year 5138; 1e11 ms is 1973), so both spellings of any date after 1973 work.
 */
export const zEpoch = z
  .string()
  .regex(/^[0-9]{1,16}$/)
  .transform((text) => {
    const value = Number(text);
    return value < 1e11 ? value * 1000 : value;
  })
  .refine((ms) => ms <= EPOCH_MS_MAX, 'invalid_field');

/** A candle period: the spec's resolutions as `1min` ... `1mon`, or chart-library spellings (`60`, `1D`, `1W`, `1M`). */
export const zPeriod = z.string().transform((text, ctx) => {
  const period = parsePeriod(text);
  if (period) return period;
  ctx.addIssue({ code: 'custom', message: 'invalid_field' });
  return z.NEVER;
});

/** GET /api/currency/new_timeshar: bars of `symbol` ("BTC/USDT") in [from, to]; to defaults to now. */
export const ZTimesharRequest = z.object({
  symbol: z.string().regex(/^[A-Za-z0-9]{1,16}\/[A-Za-z0-9]{1,16}$/),
  period: zPeriod,
  from: zEpoch.optional(),
  to: zEpoch.optional(),
});
export type TTimesharRequest = z.infer<typeof ZTimesharRequest>;

/** A bar on the wire: `time` is the bucket start in epoch ms; prices and volume decimal strings. */
export const ZCandleBar = z.object({
  time: zTimeMs,
  open: zDecimal,
  close: zDecimal,
  high: zDecimal,
  low: zDecimal,
  volume: zDecimal,
});
export type TCandleBar = z.infer<typeof ZCandleBar>;

/**
 * The chart's answer has `code`, `msg` and `data` at the top level, as template-family charts
 * read it: `code` 1 with `data` is success. `message` repeats `msg`, so it is still an envelope.
 */
export const ZTimesharResponse = z.object({
  type: z.literal('ok'),
  code: z.literal(1),
  msg: z.string(),
  data: z.array(ZCandleBar),
  message: z.string(),
});
export type TTimesharResponse = z.infer<typeof ZTimesharResponse>;
/** A refused chart call: `code` -1 with empty `data`; `reason` is the rejection's code. */
export const ZTimesharError = z.object({
  type: z.enum(['error', '999']),
  code: z.literal(-1),
  msg: z.string(),
  data: z.array(ZCandleBar).max(0),
  message: z.string(),
  reason: z.string(),
});
export type TTimesharError = z.infer<typeof ZTimesharError>;

export const ZTradeDirection = z.enum(['buy', 'sell']);
export type TTradeDirection = z.infer<typeof ZTradeDirection>;

/** A trade on the tape; `direction` is the taker's side; `time` its time of day in the display zone, `ts` in epoch ms. */
export const ZRecentTrade = z.object({
  time: zDisplayClock,
  ts: zTimeMs,
  price: zDecimal,
  amount: zDecimal,
  direction: ZTradeDirection,
});
export type TRecentTrade = z.infer<typeof ZRecentTrade>;

/** GET /api/currency/new_tradehistory: the pair's latest trades, newest first. */
export const ZTradeHistoryRequest = z.object({ legal_id: zId, currency_id: zId });
export type TTradeHistoryRequest = z.infer<typeof ZTradeHistoryRequest>;
export const ZTradeHistoryResponse = ZEnvelopeOk(z.array(ZRecentTrade));
export type TTradeHistoryResponse = z.infer<typeof ZTradeHistoryResponse>;

/** [price, amount] */
export const ZDepthLevel = z.tuple([zDecimal, zDecimal]);
export type TDepthLevel = z.infer<typeof ZDepthLevel>;

/** The order book as the lever and spot calls embed it: `in` bids (best first), `out` asks (best first). */
export const ZDepthView = z.object({
  lever_transaction: z.object({ in: z.array(ZDepthLevel), out: z.array(ZDepthLevel) }),
  last_price: zDecimal,
});
export type TDepthView = z.infer<typeof ZDepthView>;

/** GET /api/currency/depth (query legal_id, currency_id): the book snapshot a client reloads after a gap. */
export const ZDepthResponse = ZEnvelopeOk(ZDepthView);
export type TDepthResponse = z.infer<typeof ZDepthResponse>;

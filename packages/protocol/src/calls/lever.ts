import { z } from 'zod';
import { parseUnits } from '@tidemark/core';
import { ZEnvelopeOk } from '../envelope';
import { zDecimal, zId, zTimeMs } from '../fields';
import { limits } from '../limits';
import { LEVER_LIST_STATUSES } from '../statuses';

/** A small whole number from a form field; anything else is refused with `code`. */
const zInt = (code: string) =>
  z
    .string({ error: code })
    .regex(/^-?[0-9]{1,9}$/, code)
    .transform(Number);

/** A price from a form field; empty (or absent) means none (0). */
const zOptionalPrice = (code: string) =>
  z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text.trim() === '') return 0n;
      const parsed = parseUnits(text.trim());
      if (parsed.ok && parsed.units >= 0n) return parsed.units;
      ctx.addIssue({ code: 'custom', message: code });
      return z.NEVER;
    });

/** The pair, by the spec's two ids; missing ids answer "trading closed" as the spec's page says. */
const zPairIds = {
  legal_id: zInt('lever_pair_closed'),
  currency_id: zInt('lever_pair_closed'),
};

export const ZLeverDealRequest = z.object(zPairIds);
export type TLeverDealRequest = z.infer<typeof ZLeverDealRequest>;

const zLevel = z.tuple([zDecimal, zDecimal]);
export const ZLeverDealResponse = ZEnvelopeOk(
  z.object({
    lever_transaction: z.object({ in: z.array(zLevel), out: z.array(zLevel) }),
    last_price: zDecimal,
    multiple: z.object({
      muit: z.array(z.object({ value: z.number().int() })),
      share: z.array(z.object({ value: z.number().int() })),
    }),
    /** the trader's lever wallet in the pair's legal currency: available + frozen */
    all_levers: zDecimal,
    /** what the trader can still commit: available */
    user_lever: zDecimal,
    lever_share_limit: z.object({ min: z.number().int(), max: z.number().int() }),
    lever_share_num: zDecimal,
    spread: zDecimal,
    lever_trade_fee: zDecimal,
  }),
);
export type TLeverDealResponse = z.infer<typeof ZLeverDealResponse>;

export const ZLeverSubmitRequest = z.object({
  ...zPairIds,
  multiple: zInt('lever_multiple_invalid'),
  share: z.string({ error: 'lever_hands_not_integer' }).regex(/^[0-9]{1,9}$/, 'lever_hands_not_integer').transform(Number),
  type: zInt('lever_type_invalid'),
  status: zInt('lever_status_invalid'),
  target_price: zOptionalPrice('lever_price_invalid'),
  target_profit_price: zOptionalPrice('lever_take_profit_invalid'),
  stop_loss_price: zOptionalPrice('lever_stop_loss_invalid'),
});
export type TLeverSubmitRequest = z.infer<typeof ZLeverSubmitRequest>;

export const ZLeverIdRequest = z.object({ id: zId });
export type TLeverIdRequest = z.infer<typeof ZLeverIdRequest>;

export const ZLeverSetStopRequest = z.object({
  id: zId,
  target_profit_price: zOptionalPrice('lever_take_profit_invalid'),
  stop_loss_price: zOptionalPrice('lever_stop_loss_invalid'),
});
export type TLeverSetStopRequest = z.infer<typeof ZLeverSetStopRequest>;

export const ZLeverMyTradeRequest = z.object({
  currency_id: zInt('lever_pair_closed').optional(),
  legal_id: zInt('lever_pair_closed').optional(),
  status: z
    .string()
    .optional()
    .transform((s) => (s === undefined || s === '' ? -1 : Number(s)))
    .refine((s) => (LEVER_LIST_STATUSES as readonly number[]).includes(s), 'invalid_field'),
  page: z.string().regex(/^[1-9][0-9]{0,6}$/).optional().transform((p) => (p ? Number(p) : 1)),
  limit: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/)
    .optional()
    .transform((l) => Math.min(l ? Number(l) : limits.leverPageSize, limits.leverPageSizeMax)),
});
export type TLeverMyTradeRequest = z.infer<typeof ZLeverMyTradeRequest>;

/** One order as the spec and CLIENT-COMPAT name its fields, plus unambiguous twins. */
export const ZLeverOrderRow = z.object({
  id: z.number().int(),
  /** 1 long, 2 short */
  type: z.number().int(),
  /** 0 pending entrust, 1 open position, 3 closed, 4 revoked */
  status: z.number().int(),
  symbol: z.string(),
  currency: z.number().int(),
  legal: z.number().int(),
  /** hands */
  share: z.number().int(),
  /** hands x contract size */
  number: zDecimal,
  multiple: z.number().int(),
  /** the open price after spread */
  price: zDecimal,
  /** the price asked or quoted before spread */
  origin_price: zDecimal,
  /** the current price while live, the close price once closed */
  update_price: zDecimal,
  caution_money: zDecimal,
  origin_caution_money: zDecimal,
  trade_fee: zDecimal,
  overnight_money: zDecimal,
  /** PnL at the current price while open, the settled PnL once closed */
  profits: zDecimal,
  target_profit_price: zDecimal,
  stop_loss_price: zDecimal,
  transaction_time: z.string(),
  transaction_time_ms: zTimeMs,
  handle_time: z.string(),
  handle_time_ms: zTimeMs.nullable(),
  complete_time: z.string(),
  complete_time_ms: zTimeMs.nullable(),
  open_price: zDecimal,
  close_price: zDecimal.nullable(),
  mark_price: zDecimal,
  liquidation_price: zDecimal,
  /** manual, take_profit, stop_loss, liquidation; null while live or revoked */
  close_reason: z.string().nullable(),
  /** the tick that filled or priced the order, and the one that closed it */
  open_tick_price: zDecimal.nullable(),
  open_tick_time_ms: zTimeMs.nullable(),
  close_tick_time_ms: zTimeMs.nullable(),
});
export type TLeverOrderRow = z.infer<typeof ZLeverOrderRow>;

export const ZLeverMyTradeResponse = ZEnvelopeOk(
  z.object({
    message: z.object({
      current_page: z.number().int(),
      data: z.array(ZLeverOrderRow),
      per_page: z.number().int(),
      total: z.number().int(),
      last_page: z.number().int(),
    }),
    rate_profits_total: z.object({
      /** equity over margin of the open positions, in percent */
      hazard_rate: zDecimal,
      profits_total: zDecimal,
      caution_money_total: zDecimal,
    }),
  }),
);
export type TLeverMyTradeResponse = z.infer<typeof ZLeverMyTradeResponse>;

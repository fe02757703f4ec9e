import { z } from 'zod';
import { ZEnvelopeOk } from '../envelope';
import { zDecimal } from '../fields';

/** One pair as the spec's quotation item. Percents are decimal strings ("1.25" = 1.25%). */
export const ZQuotation = z.object({
  id: z.number().int(),
  currency_id: z.number().int(),
  currency_name: z.string(),
  legal_id: z.number().int(),
  legal_name: z.string(),
  logo: z.string(),
  is_display: z.number().int(),
  now_price: zDecimal,
  change: zDecimal,
  volume: zDecimal,
  high: zDecimal,
  low: zDecimal,
  spread: zDecimal,
  lever_trade_fee: zDecimal,
  lever_share_num: zDecimal,
  /** 1 when the pair is open for micro options (the /second page lists only those) */
  open_microtrade: z.union([z.literal(0), z.literal(1)]),
  /** 1 when the pair is open for contracts (the /contracts page lists only those) */
  open_lever: z.union([z.literal(0), z.literal(1)]),
  /** the pair's price tick, shortest form ("0.01"): prices are shown to its decimals */
  price_tick: zDecimal,
  /** the pair's amount step, shortest form ("0.0001"): amounts are shown cut to its decimals */
  amount_step: zDecimal,
});
export type TQuotation = z.infer<typeof ZQuotation>;

/** GET /api/currency/quotation_new: groups (tabs) of pairs. */
export const ZQuotationGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  quotation: z.array(ZQuotation),
});
export type TQuotationGroup = z.infer<typeof ZQuotationGroup>;
export const ZQuotationNewResponse = ZEnvelopeOk(z.array(ZQuotationGroup));
export type TQuotationNewResponse = z.infer<typeof ZQuotationNewResponse>;

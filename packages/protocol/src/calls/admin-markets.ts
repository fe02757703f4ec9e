import { z } from 'zod';
import { ZEnvelopeOk } from '../envelope';
import { zAmount, zDecimal } from '../fields';
import { limits } from '../limits';

/**
 * The console's markets and products: pairs, micro options, deposit addresses, withdrawal limits,
 * two-approval amounts, the platform switch and the spot market maker. Amounts and percents are
 * decimal strings; a refusal names the field (`setting_invalid`) and changes nothing.
 */

const PERCENT_100 = 100n * 100_000_000n;
const zIdOf = (error: string) => z.string({ error }).regex(/^[1-9][0-9]{0,17}$/, error).transform((s) => BigInt(s));
const zFlag = z.enum(['1', '0'], { error: 'setting_invalid' }).transform((v) => v === '1');
/** a percent from 0 up to (not including) 100 */
const zPercent = z.string({ error: 'setting_invalid' }).pipe(zAmount).refine((u) => u >= 0n && u < PERCENT_100, 'setting_invalid');
const zPositive = z.string({ error: 'setting_invalid' }).pipe(zAmount).refine((u) => u > 0n, 'setting_invalid');
const zNonNegative = z.string({ error: 'setting_invalid' }).pipe(zAmount).refine((u) => u >= 0n, 'setting_invalid');
const zInt = (min: number, max: number) =>
  z.string({ error: 'setting_invalid' }).regex(/^[0-9]{1,9}$/, 'setting_invalid').transform(Number).refine((n) => n >= min && n <= max, 'setting_invalid');
/** "5,10,20": distinct whole numbers within [min, max], at most `limits.settingChoicesMax`, kept ascending */
const zIntList = (min: number, max: number) =>
  z
    .string({ error: 'setting_invalid' })
    .transform((text) => text.split(',').map((part) => part.trim()))
    .refine((parts) => parts.length <= limits.settingChoicesMax && parts.every((p) => /^[0-9]{1,9}$/.test(p)), 'setting_invalid')
    .transform((parts) => [...new Set(parts.map(Number))].sort((a, b) => a - b))
    .refine((list) => list.length > 0 && list.every((n) => n >= min && n <= max), 'setting_invalid');
/** "10,50,100": distinct positive amounts, at most `limits.settingChoicesMax`, kept ascending */
const zAmountList = z
  .string({ error: 'setting_invalid' })
  .transform((text, ctx) => {
    const units = text.split(',').map((part) => part.trim()).filter((part) => part !== '').map((part) => zAmount.safeParse(part));
    if (units.length === 0 || units.length > limits.settingChoicesMax || units.some((u) => !u.success || u.data <= 0n)) {
      ctx.addIssue({ code: 'custom', message: 'setting_invalid' });
      return z.NEVER;
    }
    return [...new Set(units.map((u) => u.data!))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  });

export const DEPOSIT_NETWORKS = ['BTC', 'ETH', 'Trc20'] as const;

export const ZAdminMarketPair = z.object({
  pair_id: z.number().int(),
  symbol: z.string(),
  is_display: z.boolean(),
  /** percents */
  spread: zDecimal,
  fee: zDecimal,
  /** base currency per hand (the spec's `lever_share_num`) */
  share_num: zDecimal,
  price_tick: zDecimal,
  amount_step: zDecimal,
  /** null: the pair trades no micro options */
  micro_open: z.boolean().nullable(),
  /** null: the pair trades no contracts */
  lever: z
    .object({
      is_open: z.boolean(),
      multiples: z.array(z.number().int()),
      hand_presets: z.array(z.number().int()),
      hands_min: z.number().int(),
      hands_max: z.number().int(),
      /** percent of the margin below which a position is liquidated */
      maintenance: zDecimal,
    })
    .nullable(),
});
export type TAdminMarketPair = z.infer<typeof ZAdminMarketPair>;
export const ZAdminMicroSeconds = z.object({ seconds: z.number().int(), profit_ratio: zDecimal, status: z.boolean() });
export type TAdminMicroSeconds = z.infer<typeof ZAdminMicroSeconds>;
export const ZAdminMicroCurrency = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  payable: z.boolean(),
  min: zDecimal,
  max: zDecimal,
  fee: zDecimal,
  presets: z.array(zDecimal),
});
export type TAdminMicroCurrency = z.infer<typeof ZAdminMicroCurrency>;
export const ZAdminDepositAddress = z.object({ currency_id: z.number().int(), currency_name: z.string(), network: z.enum(DEPOSIT_NETWORKS), address: z.string() });
export type TAdminDepositAddress = z.infer<typeof ZAdminDepositAddress>;
export const ZAdminWithdrawLimit = z.object({
  currency_id: z.number().int(),
  currency_name: z.string(),
  min: zDecimal,
  max: zDecimal,
  daily_limit: zDecimal,
  /** percent of the amount */
  rate: zDecimal,
});
export type TAdminWithdrawLimit = z.infer<typeof ZAdminWithdrawLimit>;
/** From this amount on a deposit or withdrawal of the currency needs two different staff members' approval. */
export const ZAdminDualApproval = z.object({ currency_id: z.number().int(), currency_name: z.string(), amount: zDecimal });
export type TAdminDualApproval = z.infer<typeof ZAdminDualApproval>;
export const ZAdminSpotMaker = z.object({
  pair_id: z.number().int(),
  symbol: z.string(),
  is_active: z.boolean(),
  levels: z.number().int(),
  spread: zDecimal,
  step: zDecimal,
  size: zDecimal,
});
export type TAdminSpotMaker = z.infer<typeof ZAdminSpotMaker>;

export const ZAdminMarketsResponse = ZEnvelopeOk(
  z.object({
    /** `is_open_CTbi`: deposits and withdrawals are open */
    platform_open: z.boolean(),
    pairs: z.array(ZAdminMarketPair),
    micro_seconds: z.array(ZAdminMicroSeconds),
    micro_currencies: z.array(ZAdminMicroCurrency),
    deposit_addresses: z.array(ZAdminDepositAddress),
    withdraw_limits: z.array(ZAdminWithdrawLimit),
    /** every currency's two-approval amount */
    dual_approvals: z.array(ZAdminDualApproval),
    /** where bank-transfer deposits are sent (the Bank currency's deposit destination) */
    bank_account: z.object({ bank_name: z.string(), card_name: z.string(), card_number: z.string() }),
    spot_makers: z.array(ZAdminSpotMaker),
  }),
);

export const ZAdminPairSaveRequest = z.object({
  pair_id: zIdOf('not_found'),
  is_display: zFlag,
  spread: zPercent,
  fee: zPercent,
  share_num: zPositive,
  /** sent only for a pair with micro options */
  micro_open: zFlag.optional(),
  /** sent only for a contract pair */
  lever_open: zFlag.optional(),
  multiples: zIntList(1, limits.leverMultipleMax).optional(),
  hand_presets: zIntList(1, limits.leverHandsSettingMax).optional(),
  hands_min: zInt(1, limits.leverHandsSettingMax).optional(),
  hands_max: zInt(1, limits.leverHandsSettingMax).optional(),
  maintenance: zPercent.optional(),
});
export const ZAdminMicroSecondsSaveRequest = z.object({
  seconds: zInt(1, limits.microSecondsMax),
  /** percent of the stake paid on a win */
  profit_ratio: zPositive,
  status: zFlag,
});
export const ZAdminMicroCurrencySaveRequest = z.object({
  currency_id: zIdOf('currency_not_found'),
  payable: zFlag,
  min: zPositive,
  max: zPositive,
  fee: zPercent,
  presets: zAmountList,
});
export const ZAdminDepositAddressSaveRequest = z.object({
  currency_id: zIdOf('currency_not_found'),
  network: z.enum(DEPOSIT_NETWORKS, { error: 'network_invalid' }),
  /** empty: deposits over this network close */
  address: z.string({ error: 'address_invalid' }).trim().max(limits.withdrawAddressLengthMax, 'address_invalid'),
});
export const ZAdminWithdrawLimitSaveRequest = z.object({
  currency_id: zIdOf('currency_not_found'),
  min: zPositive,
  max: zPositive,
  daily_limit: zPositive,
  rate: zPercent,
});
export const ZAdminDualApprovalSaveRequest = z.object({ currency_id: zIdOf('currency_not_found'), amount: zPositive });
export const ZAdminPlatformSaveRequest = z.object({ open: zFlag });
export const ZAdminSpotMakerSaveRequest = z.object({
  pair_id: zIdOf('not_found'),
  is_active: zFlag,
  levels: zInt(0, limits.spotMakerLevelsMax),
  spread: zPercent,
  step: zNonNegative.refine((u) => u < PERCENT_100, 'setting_invalid'),
  size: zPositive,
});
const zBankText = z.string({ error: 'bank_invalid' }).trim().min(1, 'bank_invalid').max(limits.bankNameLengthMax, 'bank_invalid');
export const ZAdminBankAccountSaveRequest = z.object({
  bank_name: zBankText,
  card_name: zBankText,
  /** an account number or IBAN: letters, digits and spaces */
  card_number: z
    .string({ error: 'bank_invalid' })
    .trim()
    .regex(new RegExp(`^[0-9A-Za-z ]{${limits.bankAccountDigitsMin},${limits.bankAccountDigitsMax + 8}}$`), 'bank_invalid'),
});

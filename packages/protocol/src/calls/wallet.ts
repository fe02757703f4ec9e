import { z } from 'zod';
import { WALLET_KINDS } from '@tidemark/core';
import { ZEnvelopeOk } from '../envelope';
import { zDecimal, zDisplayTime, zId, zPositiveAmount, zTimeMs } from '../fields';
import { limits } from '../limits';
import { DEPOSIT_STATUSES, RECORD_WALLET_WORDS, WITHDRAWAL_STATUSES } from '../statuses';

/** The four wallets of a user, by the spec's field values. */
export const zWallet = z.enum(WALLET_KINDS, { error: 'transfer_account_invalid' });

export const NETWORKS = ['TRC20', 'ERC20'] as const;

const zCurrency = z.string({ error: 'currency_required' }).regex(/^[1-9][0-9]{0,8}$/, 'currency_required').transform(Number);

export const ZBalanceRow = z.object({
  currency: z.number().int(),
  currency_name: z.string(),
  currency_type: z.string(),
  is_match: z.number().int(),
  is_legal: z.number().int(),
  is_lever: z.number().int(),
  is_micro: z.number().int(),
  /** price of one unit in USDT */
  usdt_price: zDecimal,
  change_balance: zDecimal,
  lock_change_balance: zDecimal,
  lever_balance: zDecimal,
  lock_lever_balance: zDecimal,
  micro_balance: zDecimal,
  lock_micro_balance: zDecimal,
  legal_balance: zDecimal,
  lock_legal_balance: zDecimal,
});
export type TBalanceRow = z.infer<typeof ZBalanceRow>;
/** `usdt_totle` is a JSON number: clients add the wallets' totals with `+` (display only; money moves as strings) */
const ZWalletGroup = z.object({ balance: z.array(ZBalanceRow), usdt_totle: z.number() });
export const ZWalletListResponse = ZEnvelopeOk(
  z.object({
    change_wallet: ZWalletGroup,
    lever_wallet: ZWalletGroup,
    micro_wallet: ZWalletGroup,
    legal_wallet: ZWalletGroup,
    /** 1 when deposits and withdrawals are open */
    is_open_CTbi: z.number().int(),
  }),
);
export type TWalletListResponse = z.infer<typeof ZWalletListResponse>;

export const ZCurrencyRequest = z.object({ currency: zCurrency, requestType: z.string().optional() });
export type TCurrencyRequest = z.infer<typeof ZCurrencyRequest>;

/** Deposit addresses keyed by network; Bank gives the platform's account for bank deposits. */
export const ZInAddressResponse = ZEnvelopeOk(
  z.object({
    BTC: z.string().optional(),
    ETH: z.string().optional(),
    Trc20: z.string().optional(),
    Bank: z.object({ bkname: z.string(), cardname: z.string(), bkcardnumer: z.string() }).optional(),
  }),
);
export type TInAddressResponse = z.infer<typeof ZInAddressResponse>;

export const ZWithdrawInfoResponse = ZEnvelopeOk(
  z.object({
    name: z.string(),
    change_balance: zDecimal,
    min_number: zDecimal,
    max_number: zDecimal,
    /** fee percent: fee = amount x rate / 100 */
    rate: zDecimal,
    daily_limit: zDecimal,
    /** the same limit under the name template-family clients read */
    day_limit: zDecimal,
    /** what is left of today's limit */
    daily_remaining: zDecimal,
  }),
);
export type TWithdrawInfoResponse = z.infer<typeof ZWithdrawInfoResponse>;

export const ZWithdrawAddress = z.object({ id: z.number().int(), address: z.string(), nettype: z.string(), notes: z.string() });
export type TWithdrawAddress = z.infer<typeof ZWithdrawAddress>;
export const ZAddressListResponse = ZEnvelopeOk(z.array(ZWithdrawAddress));
export type TAddressListResponse = z.infer<typeof ZAddressListResponse>;
export const ZAddAddressRequest = z.object({
  currency_id: zCurrency,
  address: z
    .string({ error: 'address_required' })
    .min(1, 'address_required')
    .max(limits.withdrawAddressLengthMax, 'address_invalid')
    .regex(/^\S+$/, 'address_invalid'),
  notes: z.string().max(limits.addressNotesLengthMax, 'notes_invalid').regex(/^\S*$/, 'notes_invalid').default(''),
  netType: z.enum(NETWORKS, { error: 'network_invalid' }).default('TRC20'),
});
export type TAddAddressRequest = z.infer<typeof ZAddAddressRequest>;
export const ZDeleteAddressRequest = z.object({ address_id: zId });
export type TDeleteAddressRequest = z.infer<typeof ZDeleteAddressRequest>;

export const ZBankCard = z.object({ bank_account: z.string(), bank_name: z.string(), real_name: z.string() });
export type TBankCard = z.infer<typeof ZBankCard>;
export const ZCashInfoResponse = ZEnvelopeOk(ZBankCard.partial());
export type TCashInfoResponse = z.infer<typeof ZCashInfoResponse>;
export const ZBankBindRequest = z.object({
  bank_account: z
    .string({ error: 'bank_invalid' })
    .trim()
    .regex(new RegExp(`^[0-9 ]{${limits.bankAccountDigitsMin},${limits.bankAccountDigitsMax}}$`), 'bank_invalid')
    .transform((s) => s.replace(/ /g, '')),
  bank_name: z.string({ error: 'bank_invalid' }).trim().min(1, 'bank_invalid').max(limits.bankNameLengthMax, 'bank_invalid'),
  real_name: z.string({ error: 'name_invalid' }).trim().min(1, 'name_invalid').max(limits.realNameLengthMax, 'name_invalid'),
});
export type TBankBindRequest = z.infer<typeof ZBankBindRequest>;

export const ZWithdrawRequest = z.object({
  currency: zCurrency,
  number: zPositiveAmount,
  /** an address id or text from the user's book; "--" for Bank */
  address: z.string({ error: 'address_required' }).min(1, 'address_required'),
  /** the rate the client showed; the server uses its own and ignores this */
  rate: z.string().optional(),
  pay_password: z.string({ error: 'pay_password_wrong' }).regex(new RegExp(`^\\d{${limits.payPasswordDigits}}$`), 'pay_password_wrong'),
  /** the authenticator code (or a recovery code), required once the trader turned it on */
  totp_code: z.string().trim().max(32, 'totp_code_wrong').optional(),
});
export type TWithdrawRequest = z.infer<typeof ZWithdrawRequest>;

export const ZLegalLogRequest = z.object({
  /** a key of RECORD_TYPES: 2 deposit and withdraw, 3 contract, 4 micro; 1 spot transfers; or a wallet word (`lever`, `micro`, ...) */
  type: z
    .union([z.enum(Object.keys(RECORD_WALLET_WORDS) as [keyof typeof RECORD_WALLET_WORDS]).transform((word) => RECORD_WALLET_WORDS[word]), z.coerce.number().int().min(1).max(4)])
    .default(2),
  currency: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
});
export type TLegalLogRequest = z.infer<typeof ZLegalLogRequest>;
/**
 * A record's text in every language: `info` in the request's, `info_<lang>` each (template-family
 * clients pick one), and the spec's `type_info_*` names (zh's is `info_zh`).
 */
const zRecordTexts = {
  info: z.string(),
  info_zh: z.string(),
  info_en: z.string(),
  info_hk: z.string(),
  info_jp: z.string(),
  info_kr: z.string(),
  info_spa: z.string(),
};
/** A record's time as the template shows it, in the display zone, and in epoch ms. */
const zCreated = { created_time: zDisplayTime, created_at_ms: zTimeMs };

export const ZLogRow = z.object({
  id: z.number().int(),
  value: zDecimal,
  currency_name: z.string(),
  wallet: z.string(),
  ...zCreated,
  ...zRecordTexts,
  type_info_e: z.string(),
  type_info_j: z.string(),
  type_info_m: z.string(),
  type_info_k: z.string(),
  type_info_s: z.string(),
  text: z.string(),
});
export type TLogRow = z.infer<typeof ZLogRow>;
export const ZLegalLogResponse = ZEnvelopeOk(
  z.object({ list: z.array(ZLogRow), page: z.number().int(), has_more: z.boolean() }),
);
export type TLegalLogResponse = z.infer<typeof ZLegalLogResponse>;

export const ZChargeRequest = z.object({
  currency: zCurrency,
  amount: zPositiveAmount,
  pic: z.string({ error: 'upload_missing' }).min(1, 'upload_missing'),
});
export type TChargeRequest = z.infer<typeof ZChargeRequest>;

export const ZTransferRequest = z.object({
  number: zPositiveAmount,
  from_field: zWallet,
  to_field: zWallet,
  currency_id: zCurrency,
});
export type TTransferRequest = z.infer<typeof ZTransferRequest>;

export const ZCurrencyListResponse = ZEnvelopeOk(z.array(z.object({ id: z.number().int(), name: z.string() })));
export type TCurrencyListResponse = z.infer<typeof ZCurrencyListResponse>;

export const ZAccountListRequest = z.object({
  limit: z.coerce.number().int().min(1).max(limits.transferLogPageSizeMax).default(limits.transferLogPageSize),
  page: z.coerce.number().int().min(1).default(1),
});
export type TAccountListRequest = z.infer<typeof ZAccountListRequest>;
export const ZAccountLogItem = z.object({
  id: z.number().int(),
  ...zCreated,
  /** the wallet moved: change, lever, micro or legal */
  account: z.string(),
  currency_name: z.string(),
  ...zRecordTexts,
  value: zDecimal,
});
export type TAccountLogItem = z.infer<typeof ZAccountLogItem>;
export const ZAccountListResponse = ZEnvelopeOk(
  z.object({ data: z.array(ZAccountLogItem), page: z.number().int(), has_more: z.boolean() }),
);
export type TAccountListResponse = z.infer<typeof ZAccountListResponse>;

export const ZCoinDealRequest = z.object({ legal_id: zCurrency, currency_id: zCurrency });
export type TCoinDealRequest = z.infer<typeof ZCoinDealRequest>;
const ZWalletBalance = z.object({ currency: z.number().int(), name: z.string(), balance: zDecimal, lock_balance: zDecimal });
export const ZCoinDealResponse = ZEnvelopeOk(z.object({ user_currency: ZWalletBalance, user_legal: ZWalletBalance }));
export type TCoinDealResponse = z.infer<typeof ZCoinDealResponse>;

/** Spot currencies with the wallets each belongs to (`is_*`): clients offer transfers between those. */
export const ZUserCurrencyListResponse = ZEnvelopeOk(
  z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      change_balance: zDecimal,
      usdt_price: zDecimal,
      is_legal: z.number().int(),
      is_lever: z.number().int(),
      is_match: z.number().int(),
      is_micro: z.number().int(),
    }),
  ),
);
export type TUserCurrencyListResponse = z.infer<typeof ZUserCurrencyListResponse>;

export const ZWithdrawal = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  network: z.string(),
  address: z.string(),
  number: zDecimal,
  fee: zDecimal,
  received: zDecimal,
  /** the index of `status_name` in WITHDRAWAL_STATUSES: statuses are JSON numbers on the wire */
  status: z.number().int().min(0).max(WITHDRAWAL_STATUSES.length - 1),
  status_name: z.enum(WITHDRAWAL_STATUSES),
  hash: z.string(),
  ...zCreated,
  /** empty until staff decide */
  reviewed_time: zDisplayTime,
  reviewed_at_ms: zTimeMs.nullable(),
});
export type TWithdrawal = z.infer<typeof ZWithdrawal>;
export const ZDeposit = z.object({
  id: z.number().int(),
  currency_name: z.string(),
  amount: zDecimal,
  /** the index of `status_name` in DEPOSIT_STATUSES */
  status: z.number().int().min(0).max(DEPOSIT_STATUSES.length - 1),
  status_name: z.enum(DEPOSIT_STATUSES),
  ...zCreated,
  reviewed_time: zDisplayTime,
  reviewed_at_ms: zTimeMs.nullable(),
});
export type TDeposit = z.infer<typeof ZDeposit>;
export const ZPageRequest = z.object({ page: z.coerce.number().int().min(1).default(1) });
export type TPageRequest = z.infer<typeof ZPageRequest>;
export const ZWithdrawListResponse = ZEnvelopeOk(z.object({ list: z.array(ZWithdrawal), has_more: z.boolean() }));
export type TWithdrawListResponse = z.infer<typeof ZWithdrawListResponse>;
export const ZDepositListResponse = ZEnvelopeOk(z.object({ list: z.array(ZDeposit), has_more: z.boolean() }));
export type TDepositListResponse = z.infer<typeof ZDepositListResponse>;


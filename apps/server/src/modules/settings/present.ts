import { formatUnitsShort } from '@tidemark/core';
import type {
  TAdminDepositAddress,
  TAdminDualApproval,
  TAdminMarketPair,
  TAdminMicroCurrency,
  TAdminMicroSeconds,
  TAdminSpotMaker,
  TAdminWithdrawLimit,
} from '@tidemark/protocol';
import type { selectBankDepositAccount } from '../wallet/queries';
import type {
  PairSettingsRow,
  selectDepositAddressRows,
  selectDualApprovals,
  selectMicroCurrencies,
  selectMicroSeconds,
  selectSpotMakers,
  selectWithdrawLimits,
} from './queries';

// The console's settings as it shows them, and as their audit entries record them before and after.

const units = formatUnitsShort;
const list = (text: string) => text.split(',').filter((part) => part !== '').map(Number);

export function presentPair(row: PairSettingsRow): TAdminMarketPair {
  return {
    pair_id: Number(row.id),
    symbol: `${row.base_name}/${row.legal_name}`,
    is_display: row.is_display === 1n,
    spread: units(row.spread_units),
    fee: units(row.lever_trade_fee_units),
    share_num: units(row.lever_share_num_units),
    price_tick: units(row.price_tick_units),
    amount_step: units(row.amount_step_units),
    micro_open: row.open_microtrade === null ? null : row.open_microtrade === 1n,
    lever:
      row.lever_open === null
        ? null
        : {
            is_open: row.lever_open === 1n,
            multiples: list(row.multiples!),
            hand_presets: list(row.hand_presets!),
            hands_min: Number(row.hands_min),
            hands_max: Number(row.hands_max),
            maintenance: units(row.maintenance_percent_units!),
          },
  };
}

export const presentSeconds = (row: Awaited<ReturnType<typeof selectMicroSeconds>>[number]): TAdminMicroSeconds => ({
  seconds: Number(row.seconds),
  profit_ratio: units(row.profit_ratio_units),
  status: row.status === 1n,
});

export function presentMicroCurrency(row: Awaited<ReturnType<typeof selectMicroCurrencies>>[number]): TAdminMicroCurrency {
  return {
    currency_id: Number(row.id),
    currency_name: row.name,
    payable: row.payable === 1n,
    min: units(row.min_units ?? 0n),
    max: units(row.max_units ?? 0n),
    fee: units(row.fee_percent_units ?? 0n),
    presets: row.presets.map(units),
  };
}

export const presentAddress = (row: Awaited<ReturnType<typeof selectDepositAddressRows>>[number]): TAdminDepositAddress => ({
  currency_id: Number(row.currency_id),
  currency_name: row.currency_name,
  network: row.network,
  address: row.address,
});

export const presentWithdrawLimit = (row: Awaited<ReturnType<typeof selectWithdrawLimits>>[number]): TAdminWithdrawLimit => ({
  currency_id: Number(row.currency_id),
  currency_name: row.currency_name,
  min: units(row.min_units),
  max: units(row.max_units),
  daily_limit: units(row.daily_limit_units),
  rate: units(row.rate_units),
});

export const presentDualApproval = (row: Awaited<ReturnType<typeof selectDualApprovals>>[number]): TAdminDualApproval => ({
  currency_id: Number(row.id),
  currency_name: row.name,
  amount: units(row.dual_approval_units),
});

export const presentMaker = (row: Awaited<ReturnType<typeof selectSpotMakers>>[number]): TAdminSpotMaker => ({
  pair_id: Number(row.pair_id),
  symbol: `${row.base_name}/${row.legal_name}`,
  is_active: row.is_active === 1n,
  levels: Number(row.levels),
  spread: units(row.spread_percent_units),
  step: units(row.step_percent_units),
  size: units(row.size_units),
});

export function presentBankAccount(bank: Awaited<ReturnType<typeof selectBankDepositAccount>>) {
  return { bank_name: bank.bankName, card_name: bank.cardName, card_number: bank.cardNumber };
}

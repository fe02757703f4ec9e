import { formatUnits, mulUnits, walletAllows, type WalletKind } from '@tidemark/core';
import { DEPOSIT_STATUSES, displayTime, displayTimeOrEmpty, WITHDRAWAL_STATUSES, type Lang, type TBalanceRow } from '@tidemark/protocol';
import type { WalletLogRow } from '../../db/schema';
import type { BalanceRows, selectCurrencies, selectDeposits, selectWithdrawAddresses, selectWithdrawals } from './queries';

/** Where a deposit goes: the platform's bank account, or an address per network. */
export type DepositDestination =
  | { bank: { bankName: string; cardName: string; cardNumber: string } }
  | { networks: ReadonlyArray<{ network: string; address: string }> };

export interface WithdrawInfo {
  currencyName: string;
  availableUnits: bigint;
  limit: { min_units: bigint; max_units: bigint; rate_units: bigint; daily_limit_units: bigint; dailyRemainingUnits: bigint };
}

const fmt = (units: bigint) => formatUnits(units);
const timeOrNull = (ms: bigint | null) => (ms === null ? null : Number(ms));
/** A record's creation time as the template shows it and in epoch ms. */
const created = (ms: bigint) => ({ created_time: displayTime(ms), created_at_ms: Number(ms) });
/** A staff decision's time: empty and null until there is one. */
const reviewed = (ms: bigint | null) => ({ reviewed_time: displayTimeOrEmpty(ms), reviewed_at_ms: timeOrNull(ms) });

export function presentBalanceRow(row: BalanceRows[number], usdtPrice: bigint): TBalanceRow {
  const c = row.currency;
  return {
    currency: Number(c.id),
    currency_name: c.name,
    currency_type: c.currency_type,
    is_match: Number(c.is_match),
    is_legal: Number(c.is_legal),
    is_lever: Number(c.is_lever),
    is_micro: Number(c.is_micro),
    usdt_price: fmt(usdtPrice),
    change_balance: fmt(row.change.available_units),
    lock_change_balance: fmt(row.change.frozen_units),
    lever_balance: fmt(row.lever.available_units),
    lock_lever_balance: fmt(row.lever.frozen_units),
    micro_balance: fmt(row.micro.available_units),
    lock_micro_balance: fmt(row.micro.frozen_units),
    legal_balance: fmt(row.legal.available_units),
    lock_legal_balance: fmt(row.legal.frozen_units),
  };
}

/** One wallet's rows (currencies it holds) and their total in USDT, rounded down. */
export function presentWallet(rows: BalanceRows, wallet: WalletKind, prices: ReadonlyMap<bigint, bigint>) {
  const held = rows.filter((r) => walletAllows(wallet, r.currency));
  const totalUnits = held.reduce((sum, r) => {
    const b = r[wallet];
    return sum + mulUnits(b.available_units + b.frozen_units, prices.get(r.currency.id) ?? 0n, 'down');
  }, 0n);
  // a JSON number: a display total that clients add up (never used to move money)
  return { balance: held.map((r) => presentBalanceRow(r, prices.get(r.currency.id) ?? 0n)), usdt_totle: Number(fmt(totalUnits)) };
}

/** `/api/wallet/list`: the four wallets and whether deposits and withdrawals are open. */
export const presentCurrency = (r: Awaited<ReturnType<typeof selectCurrencies>>[number]) => ({ id: Number(r.id), name: r.name });

export function presentWalletList(rows: BalanceRows, prices: ReadonlyMap<bigint, bigint>, platformOpen: boolean) {
  return {
    change_wallet: presentWallet(rows, 'change', prices),
    lever_wallet: presentWallet(rows, 'lever', prices),
    micro_wallet: presentWallet(rows, 'micro', prices),
    legal_wallet: presentWallet(rows, 'legal', prices),
    is_open_CTbi: platformOpen ? 1 : 0,
  };
}

/** Spot currencies with the spot balance and USDT price. */
export function presentUserCurrencies(rows: BalanceRows, prices: ReadonlyMap<bigint, bigint>) {
  return rows
    .filter((r) => walletAllows('change', r.currency))
    .map((r) => ({
      id: Number(r.currency.id),
      name: r.currency.name,
      change_balance: fmt(r.change.available_units),
      usdt_price: fmt(prices.get(r.currency.id) ?? 0n),
      is_legal: Number(r.currency.is_legal),
      is_lever: Number(r.currency.is_lever),
      is_match: Number(r.currency.is_match),
      is_micro: Number(r.currency.is_micro),
    }));
}

/** The spot balances of a pair's two currencies, as the trade form shows them. */
export function presentCoinDeal(rows: BalanceRows, currencyId: number, legalId: number) {
  const balanceOf = (id: number) => {
    const row = rows.find((r) => r.currency.id === BigInt(id));
    return {
      currency: id,
      name: row?.currency.name ?? '',
      balance: fmt(row?.change.available_units ?? 0n),
      lock_balance: fmt(row?.change.frozen_units ?? 0n),
    };
  };
  return { user_currency: balanceOf(currencyId), user_legal: balanceOf(legalId) };
}

/** Deposit addresses keyed by network, or the platform's bank account under `Bank`. */
export function presentDepositAddresses(where: DepositDestination) {
  if ('bank' in where) return { Bank: { bkname: where.bank.bankName, cardname: where.bank.cardName, bkcardnumer: where.bank.cardNumber } };
  return Object.fromEntries(where.networks.map((r) => [r.network, r.address]));
}

export function presentWithdrawInfo(info: WithdrawInfo) {
  return {
    name: info.currencyName,
    change_balance: fmt(info.availableUnits),
    min_number: fmt(info.limit.min_units),
    max_number: fmt(info.limit.max_units),
    rate: fmt(info.limit.rate_units),
    daily_limit: fmt(info.limit.daily_limit_units),
    day_limit: fmt(info.limit.daily_limit_units),
    daily_remaining: fmt(info.limit.dailyRemainingUnits),
  };
}

export function presentAddress(row: Awaited<ReturnType<typeof selectWithdrawAddresses>>[number]) {
  return { id: Number(row.id), address: row.address, nettype: row.nettype, notes: row.notes };
}

type LogRow = WalletLogRow & { currency_name: string };

/** The description in the request's language. */
export function logText(row: LogRow, lang: Lang): string {
  return { zh: row.info, en: row.type_info_e, jp: row.type_info_j, hk: row.type_info_m, kr: row.type_info_k, spa: row.type_info_s }[lang];
}

/** A record's text: `info` in the request's language, and each language under `info_<lang>`. */
function recordTexts(row: LogRow, lang: Lang) {
  return {
    info: logText(row, lang),
    info_zh: row.info,
    info_en: row.type_info_e,
    info_hk: row.type_info_m,
    info_jp: row.type_info_j,
    info_kr: row.type_info_k,
    info_spa: row.type_info_s,
  };
}

/** A line of `/api/wallet/legal_log`: every language, also under the spec's names, and the request's as `text`. */
export function presentLogRow(row: LogRow, lang: Lang) {
  return {
    id: Number(row.id),
    value: fmt(row.value_units),
    currency_name: row.currency_name,
    wallet: row.wallet,
    ...created(row.created_at_ms),
    ...recordTexts(row, lang),
    type_info_e: row.type_info_e,
    type_info_j: row.type_info_j,
    type_info_m: row.type_info_m,
    type_info_k: row.type_info_k,
    type_info_s: row.type_info_s,
    text: logText(row, lang),
  };
}

/** A line of `/api/account/list` (the transfer log). */
export function presentTransferLogItem(row: LogRow, lang: Lang) {
  return {
    id: Number(row.id),
    ...created(row.created_at_ms),
    account: row.wallet,
    currency_name: row.currency_name,
    ...recordTexts(row, lang),
    value: fmt(row.value_units),
  };
}

export function presentWithdrawal(w: Awaited<ReturnType<typeof selectWithdrawals>>[number]) {
  return {
    id: Number(w.id),
    currency_name: w.currency_name,
    network: w.network,
    address: w.address,
    number: fmt(w.amount_units),
    fee: fmt(w.fee_units),
    received: fmt(w.received_units),
    status: WITHDRAWAL_STATUSES.indexOf(w.status),
    status_name: w.status,
    hash: w.hash,
    ...created(w.created_at_ms),
    ...reviewed(w.reviewed_at_ms),
  };
}

export function presentDeposit(d: Awaited<ReturnType<typeof selectDeposits>>[number]) {
  return {
    id: Number(d.id),
    currency_name: d.currency_name,
    amount: fmt(d.amount_units),
    status: DEPOSIT_STATUSES.indexOf(d.status),
    status_name: d.status,
    ...created(d.created_at_ms),
    ...reviewed(d.reviewed_at_ms),
  };
}

/** Splits the one-extra-row page query into the page and whether more follow. */
export function paged<T>(rows: T[], pageSize: number): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

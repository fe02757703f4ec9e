import { formatUnits, mulUnits, type WalletKind } from '@tidemark/core';
import type { Lang, TBalanceRow } from '@tidemark/protocol';
import type { WalletLogTable } from '../../db/schema';
import type { Selectable } from 'kysely';
import type { BalanceRows } from './queries';
import { walletAllows } from './service';

const fmt = (units: bigint) => formatUnits(units);

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
  return { balance: held.map((r) => presentBalanceRow(r, prices.get(r.currency.id) ?? 0n)), usdt_totle: fmt(totalUnits) };
}

type LogRow = Selectable<WalletLogTable> & { currency_name: string };

/** The description in the request's language. */
export function logText(row: LogRow, lang: Lang): string {
  return { zh: row.info, en: row.type_info_e, jp: row.type_info_j, hk: row.type_info_m, kr: row.type_info_k, spa: row.type_info_s }[lang];
}

export function presentLogRow(row: LogRow, lang: Lang) {
  return {
    id: Number(row.id),
    value: fmt(row.value_units),
    currency_name: row.currency_name,
    wallet: row.wallet,
    created_time: Number(row.created_at_ms),
    info: row.info,
    type_info_e: row.type_info_e,
    type_info_j: row.type_info_j,
    type_info_m: row.type_info_m,
    type_info_k: row.type_info_k,
    type_info_s: row.type_info_s,
    text: logText(row, lang),
  };
}

/** Splits the one-extra-row page query into the page and whether more follow. */
export function paged<T>(rows: T[], pageSize: number): { rows: T[]; hasMore: boolean } {
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CallOutput, Calls, TBalanceRow, TWithdrawAddress } from '@tidemark/protocol';
import {
  fetchAddressBook,
  fetchCashInfo,
  fetchCurrencyList,
  fetchDeposits,
  fetchInAddress,
  fetchLegalLog,
  fetchTransferLog,
  fetchWalletList,
  fetchWithdrawals,
  fetchWithdrawInfo,
} from './api';

export type BalanceRow = TBalanceRow;
type Out<C extends keyof Calls> = CallOutput<Calls[C]>;

export type WalletList = Out<'walletList'>;
/** Deposit addresses by network (BTC, ETH, Trc20) and the platform's bank account (Bank). */
export type InAddress = Out<'walletInAddress'>;
export type WithdrawInfo = Out<'walletWithdrawInfo'>;
export type WithdrawAddress = TWithdrawAddress;
export type CashInfo = Out<'userCashInfo'>;
export type Currency = Out<'walletCurrencyList'>[number];
export type LogRow = Out<'walletLegalLog'>['list'][number];
export type TransferLogRow = Out<'accountList'>['data'][number];
export type Withdrawal = Out<'walletWithdrawList'>['list'][number];
export type Deposit = Out<'walletChargeList'>['list'][number];

/** legal_log record types: deposits and withdrawals (spot), contract, micro. */
export const LOG_TYPE = { change: 2, lever: 3, micro: 4 } as const;
export type LogType = (typeof LOG_TYPE)[keyof typeof LOG_TYPE];

export const walletListKey = ['wallet', 'list'] as const;

export function useWalletList() {
  return useQuery({ queryKey: walletListKey, queryFn: fetchWalletList });
}

export function useCurrencyList() {
  return useQuery({
    queryKey: ['wallet', 'currencylist'],
    queryFn: fetchCurrencyList,
    staleTime: Infinity,
  });
}

export function useInAddress(currency: number) {
  return useQuery({
    queryKey: ['wallet', 'get_in_address', currency],
    queryFn: () => fetchInAddress(currency),
  });
}

export function useWithdrawInfo(currency: number) {
  return useQuery({
    queryKey: ['wallet', 'get_info', currency],
    queryFn: () => fetchWithdrawInfo(currency),
  });
}

export const addressBookKey = (currency: number | undefined) => ['wallet', 'get_address', currency] as const;

/** The user's withdrawal addresses for one currency; nothing is asked before a currency is chosen. */
export function useAddressBook(currency: number | undefined) {
  return useQuery({
    queryKey: addressBookKey(currency),
    queryFn: () => (currency === undefined ? [] : fetchAddressBook(currency)),
    enabled: currency !== undefined,
  });
}

export const cashInfoKey = ['user', 'cash_info'] as const;

/** The bound bank card (one for every currency); bank_account is missing when none is bound. */
export function useCashInfo() {
  return useQuery({ queryKey: cashInfoKey, queryFn: fetchCashInfo });
}

/** One page of a paged list, whatever the call names its items. */
interface Page<T> {
  items: T[];
  hasMore: boolean;
}

/** A list read page by page (pages start at 1) with "load more". */
function usePagedList<T>(queryKey: readonly unknown[], fetchPage: (page: number) => Promise<Page<T>>) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    select: (data) => ({ items: data.pages.flatMap((page) => page.items), hasMore: data.pages.at(-1)?.hasMore ?? false }),
  });
}
export type PagedList<T> = ReturnType<typeof usePagedList<T>>;

/** A currency's wallet records of one type. */
export function useLegalLog(type: LogType, currency: number) {
  return usePagedList(['wallet', 'legal_log', type, currency], async (page) => {
    const answer = await fetchLegalLog({ type, currency, page });
    return { items: answer.list, hasMore: answer.has_more };
  });
}

/** Transfers between the user's accounts, 20 a page. */
export function useTransferLog(limit: number) {
  return usePagedList(['account', 'list'], async (page) => {
    const answer = await fetchTransferLog({ limit, page });
    return { items: answer.data, hasMore: answer.has_more };
  });
}

export function useWithdrawals() {
  return usePagedList(['wallet', 'withdraw_list'], async (page) => {
    const answer = await fetchWithdrawals(page);
    return { items: answer.list, hasMore: answer.has_more };
  });
}

export function useDeposits() {
  return usePagedList(['wallet', 'charge_list'], async (page) => {
    const answer = await fetchDeposits(page);
    return { items: answer.list, hasMore: answer.has_more };
  });
}

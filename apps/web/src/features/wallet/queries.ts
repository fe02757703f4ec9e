import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  TAccountListResponse,
  TBalanceRow,
  TCashInfoResponse,
  TCurrencyListResponse,
  TDepositListResponse,
  TInAddressResponse,
  TLegalLogResponse,
  TWalletListResponse,
  TWithdrawAddress,
  TWithdrawInfoResponse,
  TWithdrawListResponse,
} from '@tidemark/protocol';
import type { Answer } from '../../api/client';
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
export type WalletList = Answer<TWalletListResponse>;
/** Deposit addresses by network (BTC, ETH, Trc20) and the platform's bank account (Bank). */
export type InAddress = Answer<TInAddressResponse>;
export type WithdrawInfo = Answer<TWithdrawInfoResponse>;
export type WithdrawAddress = TWithdrawAddress;
export type CashInfo = Answer<TCashInfoResponse>;
export type Currency = Answer<TCurrencyListResponse>[number];
export type LogRow = Answer<TLegalLogResponse>['list'][number];
export type TransferLogRow = Answer<TAccountListResponse>['data'][number];
export type Withdrawal = Answer<TWithdrawListResponse>['list'][number];
export type Deposit = Answer<TDepositListResponse>['list'][number];

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
    queryFn: () => fetchAddressBook(currency),
    enabled: currency !== undefined,
  });
}

export const cashInfoKey = ['user', 'cash_info'] as const;

/** The bound bank card; bank_account is missing when none is bound. */
export function useCashInfo(currency: number) {
  return useQuery({
    queryKey: [...cashInfoKey, currency],
    queryFn: () => fetchCashInfo(currency),
  });
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

import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  TBalanceRow,
  ZAccountListResponse,
  ZCashInfoResponse,
  ZCurrencyListResponse,
  ZDepositListResponse,
  ZInAddressResponse,
  ZLegalLogResponse,
  ZWalletListResponse,
  ZWithdrawAddress,
  ZWithdrawInfoResponse,
  ZWithdrawListResponse,
} from '@tidemark/protocol';
import { get, post } from '../../api/client';

/** What a schema parses to, named without a runtime import of the schema. */
type Parsed<S extends { parse: (value: unknown) => unknown }> = ReturnType<S['parse']>;
type Message<S extends { parse: (value: unknown) => { message: unknown } }> = Parsed<S>['message'];

export type BalanceRow = TBalanceRow;
export type WalletList = Message<typeof ZWalletListResponse>;
/** Deposit addresses by network (BTC, ETH, Trc20) and the platform's bank account (Bank). */
export type InAddress = Message<typeof ZInAddressResponse>;
export type WithdrawInfo = Message<typeof ZWithdrawInfoResponse>;
export type WithdrawAddress = Parsed<typeof ZWithdrawAddress>;
export type CashInfo = Message<typeof ZCashInfoResponse>;
export type Currency = Message<typeof ZCurrencyListResponse>[number];
export type LogRow = Message<typeof ZLegalLogResponse>['list'][number];
export type TransferLogRow = Message<typeof ZAccountListResponse>['data'][number];
export type Withdrawal = Message<typeof ZWithdrawListResponse>['list'][number];
export type Deposit = Message<typeof ZDepositListResponse>['list'][number];

/** legal_log record types: deposits and withdrawals (spot), contract, micro. */
export const LOG_TYPE = { change: 2, lever: 3, micro: 4 } as const;
export type LogType = (typeof LOG_TYPE)[keyof typeof LOG_TYPE];

export const walletListKey = ['wallet', 'list'] as const;

export function useWalletList() {
  return useQuery({ queryKey: walletListKey, queryFn: () => post<WalletList>('/api/wallet/list') });
}

export function useCurrencyList() {
  return useQuery({
    queryKey: ['wallet', 'currencylist'],
    queryFn: () => get<Currency[]>('/api/wallet/currencylist'),
    staleTime: Infinity,
  });
}

export function useInAddress(currency: number) {
  return useQuery({
    queryKey: ['wallet', 'get_in_address', currency],
    queryFn: () => post<InAddress>('/api/wallet/get_in_address', { currency, requestType: 'pc' }),
  });
}

export function useWithdrawInfo(currency: number) {
  return useQuery({
    queryKey: ['wallet', 'get_info', currency],
    queryFn: () => post<WithdrawInfo>('/api/wallet/get_info', { currency }),
  });
}

export const addressBookKey = (currency: number | undefined) => ['wallet', 'get_address', currency] as const;

/** The user's withdrawal addresses for one currency; nothing is asked before a currency is chosen. */
export function useAddressBook(currency: number | undefined) {
  return useQuery({
    queryKey: addressBookKey(currency),
    queryFn: () => post<WithdrawAddress[]>('/api/wallet/get_address', { currency }),
    enabled: currency !== undefined,
  });
}

export const cashInfoKey = ['user', 'cash_info'] as const;

/** The bound bank card; bank_account is missing when none is bound. */
export function useCashInfo(currency: number) {
  return useQuery({
    queryKey: [...cashInfoKey, currency],
    queryFn: () => post<CashInfo>('/api/user/cash_info', { currency }),
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
    const answer = await post<Message<typeof ZLegalLogResponse>>('/api/wallet/legal_log', { type, currency, page });
    return { items: answer.list, hasMore: answer.has_more };
  });
}

/** Transfers between the user's accounts, 20 a page. */
export function useTransferLog(limit: number) {
  return usePagedList(['account', 'list'], async (page) => {
    const answer = await post<Message<typeof ZAccountListResponse>>('/api/account/list', { limit, page });
    return { items: answer.data, hasMore: answer.has_more };
  });
}

export function useWithdrawals() {
  return usePagedList(['wallet', 'withdraw_list'], async (page) => {
    const answer = await post<Message<typeof ZWithdrawListResponse>>('/api/wallet/withdraw_list', { page });
    return { items: answer.list, hasMore: answer.has_more };
  });
}

export function useDeposits() {
  return usePagedList(['wallet', 'charge_list'], async (page) => {
    const answer = await post<Message<typeof ZDepositListResponse>>('/api/wallet/charge_list', { page });
    return { items: answer.list, hasMore: answer.has_more };
  });
}

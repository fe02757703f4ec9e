import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { calls, type TMicroOrderRow } from '@tidemark/protocol';
import { call } from '../../api/client';
import { MICRO_REFRESH_MS } from './rules';

/*
 * Every micro read of the web app; submitting goes through `useCallMutation(calls.microSubmit)`,
 * which gives each submit its idempotency key.
 */

export type MicroOrder = TMicroOrderRow;
/** status 1 open, 3 closed */
export type MicroListStatus = 1 | 3;

export const microKey = ['microtrade'] as const;
const CLOSED_PAGE_SIZE = 20;

/** The payable currencies with presets and the user's micro balance in each: the balance refreshes every 800 ms. */
export function usePayableCurrencies(enabled: boolean) {
  return useQuery({
    queryKey: [...microKey, 'payable_currencies'],
    queryFn: () => call(calls.microPayableCurrencies, undefined),
    refetchInterval: MICRO_REFRESH_MS,
    enabled,
  });
}

export function useSecondsOptions() {
  return useQuery({ queryKey: [...microKey, 'seconds'], queryFn: () => call(calls.microSeconds, undefined), staleTime: 60_000 });
}

export const openOrdersKey = [...microKey, 'lists', 1] as const;

/** The open orders, refreshed every 800 ms; `dataUpdatedAt` is the "now" their remaining times count from. */
export function useOpenOrders(enabled: boolean) {
  return useQuery({
    queryKey: openOrdersKey,
    queryFn: () => call(calls.microLists, { status: '1', limit: 50 }),
    refetchInterval: MICRO_REFRESH_MS,
    enabled,
  });
}

export function useClosedOrders(enabled: boolean, page: number) {
  return useQuery({
    queryKey: [...microKey, 'lists', 3, page],
    queryFn: () => call(calls.microLists, { status: '3', page, limit: CLOSED_PAGE_SIZE }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** An order's settlement record: public, and final once written. */
export function useSettlement(orderId: number | undefined) {
  return useQuery({
    queryKey: [...microKey, 'settlement', orderId],
    queryFn: () => call(calls.microSettlement, { id: String(orderId) }),
    enabled: orderId !== undefined,
    staleTime: Infinity,
  });
}

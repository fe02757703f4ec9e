import { useQuery } from '@tanstack/react-query';
import { calls, type CallOutput, type Calls, type TLeverOrderRow } from '@tidemark/protocol';
import { call } from '../../api/client';
import type { Pair } from '../market/pair';

export type LeverDeal = CallOutput<Calls['leverDeal']>;
export type LeverOrder = TLeverOrderRow;
export type LeverOrders = CallOutput<Calls['leverMyTrade']>;

/** The spec's polls on the contract page: deal every 10 s, the order lists every second. */
export const DEAL_POLL_MS = 10_000;
export const ORDERS_POLL_MS = 1_000;

/** The four record tabs, by the spec's list statuses. */
export const LEVER_TABS = { entrusts: 0, positions: 1, closed: 3, cancelled: 4 } as const;
export type LeverTab = keyof typeof LEVER_TABS;

const ids = (pair: Pair) => ({ legal_id: pair.legalId, currency_id: pair.currencyId });

export const leverKeys = {
  all: ['lever'] as const,
  deal: (pair: Pair) => ['lever', 'deal', pair.currencyId, pair.legalId] as const,
  orders: (pair: Pair, status: number) => ['lever', 'orders', pair.currencyId, pair.legalId, status] as const,
};

export function useLeverDeal(pair: Pair) {
  return useQuery({
    queryKey: leverKeys.deal(pair),
    queryFn: () => call(calls.leverDeal, ids(pair)),
    refetchInterval: DEAL_POLL_MS,
  });
}

/** One record tab's first page, refreshed every second as the spec does (only the tab shown is asked). */
export function useLeverOrders(pair: Pair, status: number) {
  return useQuery({
    queryKey: leverKeys.orders(pair, status),
    queryFn: () => call(calls.leverMyTrade, { ...ids(pair), status: String(status) }),
    refetchInterval: ORDERS_POLL_MS,
  });
}

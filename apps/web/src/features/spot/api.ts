import { useQuery, useQueryClient } from '@tanstack/react-query';
import { calls, type CallOutput, type Calls } from '@tidemark/protocol';
import { call } from '../../api/client';
import { usePrivateEvent } from '../../realtime/RealtimeProvider';
import type { Pair } from '../market/pair';

/*
 * The spot page's reads. Orders are placed and cancelled through `useCallMutation`
 * (calls.coinSubmit, calls.coinCancel), which gives each submit its idempotency key.
 */

export type SpotRules = CallOutput<Calls['coinPair']>;
export type SpotOrder = CallOutput<Calls['coinMyOrders']>['data'][number];
export type SpotBalances = CallOutput<Calls['coinDeal']>;
/** my_orders `status`: 0 current (waiting or resting), 3 history (filled or cancelled) */
export type OrderList = 0 | 3;

const ids = (pair: Pair) => ({ currency_id: pair.currencyId, legal_id: pair.legalId });

export function useSpotRules(pair: Pair) {
  return useQuery({ queryKey: ['spot', 'pair', pair.symbol], queryFn: () => call(calls.coinPair, ids(pair)), staleTime: Infinity });
}

export function useSpotBalances(pair: Pair, enabled: boolean) {
  return useQuery({ queryKey: ['wallet', 'coin_deal', pair.symbol], queryFn: () => call(calls.coinDeal, ids(pair)), enabled });
}

export function useSpotOrders(pair: Pair, status: OrderList, enabled: boolean) {
  return useQuery({
    queryKey: ['spot', 'my_orders', pair.symbol, status],
    queryFn: () => call(calls.coinMyOrders, { ...ids(pair), status: String(status) as '0' | '3', page: '1', limit: '50' }),
    enabled,
  });
}

/** Orders and balances are stale once the matcher filled or ended an order of the user, or an order was placed. */
export function useSpotRefresh(): () => void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['spot', 'my_orders'] });
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };
  usePrivateEvent('afterCoinTrade', refresh);
  return refresh;
}

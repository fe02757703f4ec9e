import { useQueryClient } from '@tanstack/react-query';
import type { TLeverTradeEvent } from '@tidemark/protocol';
import { usePrivateEvent } from '../../realtime/RealtimeProvider';
import type { Pair } from '../market/pair';
import { LEVER_TABS, leverKeys, type LeverOrders } from './api';

const idsOf = (list: LeverOrders | undefined) => list?.message.data.map((order) => order.id).join(',');

/** The pushed orders of one status on this page's pair, as the first page of that record tab (exported for its test). */
export function asPage(event: TLeverTradeEvent, pair: Pair, status: number, previous: LeverOrders | undefined): LeverOrders {
  const data = event.orders.filter((order) => order.status === status && order.symbol === pair.symbol);
  const perPage = previous?.message.per_page ?? data.length;
  return {
    message: { current_page: 1, data: data.slice(0, perPage || undefined), per_page: perPage, total: data.length, last_page: 1 },
    rate_profits_total: {
      hazard_rate: event.hazard_rate,
      profits_total: event.profits_all,
      caution_money_total: event.caution_money_all,
    },
  };
}

/**
 * Keeps the entrust and position tabs current from `lever_trade` pushes, between the polls. When
 * the set of live orders changed (a fill, a close, a liquidation) the balance and the history
 * tabs are read again too.
 */
export function useLeverPushes(pair: Pair): void {
  const queryClient = useQueryClient();
  usePrivateEvent('lever_trade', (event) => {
    let changed = false;
    for (const status of [LEVER_TABS.entrusts, LEVER_TABS.positions]) {
      const key = leverKeys.orders(pair, status);
      const previous = queryClient.getQueryData<LeverOrders>(key);
      const next = asPage(event, pair, status, previous);
      if (previous && idsOf(previous) !== idsOf(next)) changed = true;
      queryClient.setQueryData(key, next);
    }
    if (changed) void queryClient.invalidateQueries({ queryKey: leverKeys.all });
  });
}

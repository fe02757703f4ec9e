import type { FastifyPluginAsync } from 'fastify';
import { calls } from '@tidemark/protocol';
import { dayStats, type MarketView } from '@tidemark/core';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { selectPairs } from './queries';
import { presentQuotation } from './present';

export const currencyRoutes: FastifyPluginAsync<{ market: MarketView }> = async (app, { market }) => {
  route(app, calls.quotationNew, async (_request, _reply, { db }) => {
    const groups = new Map<bigint, { id: number; name: string; quotation: ReturnType<typeof presentQuotation>[] }>();
    for (const pair of await selectPairs(db)) {
      if (pair.is_display !== 1n) continue;
      const group = groups.get(pair.group_id) ?? { id: Number(pair.group_id), name: pair.group_name, quotation: [] };
      // a pair added since start-up has no live figures yet: its reference price stands in
      const stats = market.pairBySymbol(`${pair.currency_name}/${pair.legal_name}`)
        ? market.dayStats(Number(pair.id), market.clock())
        : dayStats([], market.clock(), pair.reference_price_units);
      group.quotation.push(presentQuotation(pair, stats));
      groups.set(pair.group_id, group);
    }
    return ok([...groups.values()]);
  });
};

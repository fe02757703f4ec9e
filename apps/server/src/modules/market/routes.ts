import type { FastifyPluginAsync } from 'fastify';
import { calls } from '@tidemark/protocol';
import type { MarketView } from '@tidemark/core';
import { route } from '../../http/calls';
import { ok } from '../../http/envelope';
import { Rejection } from '../../rejection';
import { presentCandle, presentTrade } from './present';
import { chartBars, depthView, pairByIds } from './service';

export const marketRoutes: FastifyPluginAsync<{ market: MarketView }> = async (app, { market }) => {
  route(app, calls.newTimeshar, async (request, _reply, { db }) => {
    const { symbol, period, from, to } = request.query;
    const pair = market.pairBySymbol(symbol);
    if (!pair) throw new Rejection('not_found');
    const bars = await chartBars(db, market, pair, period, { fromMs: from, toMs: to }, market.clock());
    // the chart reads code, msg and data at the top level
    return { type: 'ok' as const, code: 1 as const, msg: 'ok', data: bars.map(presentCandle), message: 'ok' };
  });

  route(app, calls.newTradeHistory, async (request) => {
    const pair = pairByIds(market, request.query.currency_id, request.query.legal_id);
    return ok(market.recentTrades(pair.pairId).map(presentTrade));
  });

  route(app, calls.depth, async (request) =>
    ok(depthView(market, pairByIds(market, request.query.currency_id, request.query.legal_id).pairId)),
  );
};

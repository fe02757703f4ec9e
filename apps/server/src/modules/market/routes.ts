import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDepthResponse,
  ZTimesharRequest,
  ZTimesharResponse,
  ZTradeHistoryRequest,
  ZTradeHistoryResponse,
} from '@tidemark/protocol';
import type { MarketView } from '@tidemark/core';
import type { Db } from '../../db/database';
import { ok } from '../../http/envelope';
import { Rejection } from '../../rejection';
import { presentCandle, presentTrade } from './present';
import { chartBars, depthView, pairByIds } from './service';

export const marketRoutes: FastifyPluginAsyncZod<{ db: Db; market: MarketView }> = async (app, { db, market }) => {
  const tags = ['market'];

  app.get(
    '/api/currency/new_timeshar',
    {
      schema: {
        tags,
        summary: 'Chart bars of a pair; from and to in epoch seconds or milliseconds (below 1e11 means seconds)',
        querystring: ZTimesharRequest,
        response: { 200: ZTimesharResponse },
      },
    },
    async (request) => {
      const { symbol, period, from, to } = request.query;
      const pair = market.pairBySymbol(symbol);
      if (!pair) throw new Rejection('not_found');
      const bars = await chartBars(db, market, pair, period, { fromMs: from, toMs: to }, market.clock());
      return ok({ code: 1 as const, data: bars.map(presentCandle) });
    },
  );

  app.get(
    '/api/currency/new_tradehistory',
    {
      schema: {
        tags,
        summary: 'Latest trades of a pair, newest first',
        querystring: ZTradeHistoryRequest,
        response: { 200: ZTradeHistoryResponse },
      },
    },
    async (request) => {
      const pair = pairByIds(market, request.query.currency_id, request.query.legal_id);
      return ok(market.recentTrades(pair.pairId).map(presentTrade));
    },
  );

  app.get(
    '/api/currency/depth',
    {
      schema: {
        tags,
        summary: 'The order book of a pair (in: bids, out: asks, best first) and its last price',
        querystring: ZTradeHistoryRequest,
        response: { 200: ZDepthResponse },
      },
    },
    async (request) => ok(depthView(market, pairByIds(market, request.query.currency_id, request.query.legal_id).pairId)),
  );
};

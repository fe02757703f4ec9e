import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZCoinDealRequest, ZCoinDealResponse, ZCurrencyListResponse, ZUserCurrencyListResponse, ZWalletListResponse } from '@tidemark/protocol';
import type { MarketView } from '@tidemark/core';
import { ok } from '../../../http/envelope';
import { usdtPrices } from '../../currency/prices';
import { presentCoinDeal, presentUserCurrencies, presentWalletList } from '../present';
import { selectBalances, selectCurrencies, selectPlatformOpen } from '../queries';
import { tags, user, type WalletRouteDeps } from './shared';

/** Balances: the four wallets, the spot currencies, a pair's two balances. */
export const listRoutes: FastifyPluginAsyncZod<WalletRouteDeps & { market: MarketView }> = async (app, { db, market }) => {
  app.post(
    '/api/wallet/list',
    { config: user, schema: { tags, summary: 'The four wallets with balances and USDT totals', response: { 200: ZWalletListResponse } } },
    async (request) => {
      const prices = usdtPrices(market);
      const [rows, open] = await Promise.all([selectBalances(db, request.userId), selectPlatformOpen(db)]);
      return ok(presentWalletList(rows, prices, open));
    },
  );

  app.get(
    '/api/wallet/currencylist',
    { config: user, schema: { tags, summary: 'Currencies (id and name)', response: { 200: ZCurrencyListResponse } } },
    async () => ok((await selectCurrencies(db)).map((r) => ({ id: Number(r.id), name: r.name }))),
  );

  app.get(
    '/api/currency/user_currency_list',
    { config: user, schema: { tags, summary: 'Spot currencies with the user’s spot balance and USDT price', response: { 200: ZUserCurrencyListResponse } } },
    async (request) => {
      const rows = await selectBalances(db, request.userId);
      const prices = usdtPrices(market);
      return ok(presentUserCurrencies(rows, prices));
    },
  );

  app.post(
    '/api/coin/deal',
    { config: user, schema: { tags, summary: 'Spot balances of a pair’s two currencies', body: ZCoinDealRequest, response: { 200: ZCoinDealResponse } } },
    async (request) => ok(presentCoinDeal(await selectBalances(db, request.userId), request.body.currency_id, request.body.legal_id)),
  );
};

import type { FastifyPluginAsync } from 'fastify';
import { calls } from '@tidemark/protocol';
import type { MarketView } from '@tidemark/core';
import { route } from '../../../http/calls';
import { ok } from '../../../http/envelope';
import { usdtPrices } from '../../currency/prices';
import { presentCoinDeal, presentCurrency, presentUserCurrencies, presentWalletList } from '../present';
import { selectBalances, selectCurrencies, selectPlatformOpen } from '../queries';
import type { WalletRouteDeps } from './shared';

/** Balances: the four wallets, the spot currencies, a pair's two balances. */
export const listRoutes: FastifyPluginAsync<WalletRouteDeps & { market: MarketView }> = async (app, { market }) => {
  route(app, calls.walletList, async (request, _reply, { db }) => {
    const prices = usdtPrices(market);
    const [rows, open] = await Promise.all([selectBalances(db, request.userId), selectPlatformOpen(db)]);
    return ok(presentWalletList(rows, prices, open));
  });

  route(app, calls.walletCurrencyList, async (_request, _reply, { db }) => ok((await selectCurrencies(db)).map(presentCurrency)));

  route(app, calls.userCurrencyList, async (request, _reply, { db }) => {
    const rows = await selectBalances(db, request.userId);
    return ok(presentUserCurrencies(rows, usdtPrices(market)));
  });

  route(app, calls.coinDeal, async (request, _reply, { db }) =>
    ok(presentCoinDeal(await selectBalances(db, request.userId), request.body.currency_id, request.body.legal_id)),
  );
};

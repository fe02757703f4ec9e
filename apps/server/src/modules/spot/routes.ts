import type { FastifyPluginAsync } from 'fastify';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../http/calls';
import type { EngineRouteDeps } from '../../wake';
import { ok } from '../../http/envelope';
import { presentPage } from '../common/present';
import { presentFill, presentOrder, presentRules } from './present';
import { presentDepth, presentTrade } from '../market/present';
import { myFills, myOrders, pairBook, pairFills, requestCancel, spotPair, submitOrder } from './service';

export const spotRoutes: FastifyPluginAsync<EngineRouteDeps> = async (app, { clock, market }) => {
  const indexPriceOf = (pairId: bigint) => market.lastPriceUnits(Number(pairId));

  route(app, calls.coinSubmit, async (request, _reply, { db, ledgerKey, wake }) => {
    const b = request.body;
    const order = await submitOrder(
      db,
      {
        userId: request.userId,
        currencyId: BigInt(b.currency_id),
        legalId: BigInt(b.legal_id),
        side: b.type === 1 ? 'buy' : 'sell',
        market: b.status === 1,
        priceUnits: b.price,
        amountUnits: b.number,
        totalUnits: b.total,
        ledgerKey,
      },
      indexPriceOf,
      clock(),
    );
    wake('spot');
    return ok(presentOrder(order));
  });

  route(app, calls.coinCancel, async (request, _reply, { db, wake }) => {
    await requestCancel(db, request.userId, request.body.id, clock());
    wake('spot');
    return ok(notice(request.lang, 'spot_cancel_requested'));
  });

  route(app, calls.coinMyOrders, async (request, _reply, { db }) => {
    const b = request.body;
    const input = { userId: request.userId, currencyId: b.currency_id, legalId: b.legal_id, status: b.status, page: b.page, limit: b.limit };
    const { total, data } = await myOrders(db, input);
    return ok(presentPage({ data, total }, b, presentOrder));
  });

  route(app, calls.coinMyFills, async (request, _reply, { db }) => {
    const b = request.body;
    const { total, data } = await myFills(db, { userId: request.userId, currencyId: b.currency_id, legalId: b.legal_id, page: b.page, limit: b.limit });
    return ok(presentPage({ data, total }, b, (row) => presentFill(row, request.userId)));
  });

  route(app, calls.coinPair, async (request, _reply, { db }) => {
    const pair = await spotPair(db, BigInt(request.query.currency_id), BigInt(request.query.legal_id));
    return ok(presentRules(pair));
  });

  // the real spot book and tape, as snapshots a client reloads at start and after a gap in the pushes
  route(app, calls.coinDepth, async (request, _reply, { db }) => {
    const { depth, lastPriceUnits } = await pairBook(db, BigInt(request.query.currency_id), BigInt(request.query.legal_id), indexPriceOf);
    return ok(presentDepth(depth, lastPriceUnits));
  });

  route(app, calls.coinTrades, async (request, _reply, { db }) => {
    const trades = await pairFills(db, BigInt(request.query.currency_id), BigInt(request.query.legal_id));
    return ok(trades.map(presentTrade));
  });
};

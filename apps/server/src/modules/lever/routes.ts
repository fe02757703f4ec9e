import type { FastifyInstance } from 'fastify';
import { formatUnits, type Level } from '@tidemark/core';
import { calls, limits, notice } from '@tidemark/protocol';
import { jobRoute, route, type CallContext } from '../../http/calls';
import { ok } from '../../http/envelope';
import { Rejection } from '../../rejection';
import { presentPage } from '../common/present';
import type { EngineRouteDeps } from '../../wake';
import { presentLeverOrders, presentRisk } from './present';
import { selectLeverBalance } from './queries';
import {
  cancelLever,
  closeLever,
  leverPairs,
  leverTickOf,
  myLeverOrders,
  setLeverStops,
} from './service';

export async function leverRoutes(app: FastifyInstance, { clock, market }: EngineRouteDeps): Promise<void> {
  const pairs = leverPairs();
  // staff changing a contract pair wake `lever` (every process hears it)
  app.onWake((signal) => {
    if (signal === 'lever') pairs.forget();
  });
  const pairOf = (currencyId: number, legalId: number) => {
    const pair = market.pairByIds(currencyId, legalId);
    if (!pair) throw new Rejection('lever_pair_closed');
    return pair;
  };
  // the last trade this process saw: the price a submit, close or stop change is judged at
  const tickOf = leverTickOf(market);

  // once the change committed: the engine reads just this order (`lever:<id>`), and the trader
  // hears of it
  const changed = (context: Pick<CallContext, 'wake' | 'afterCommit'>, userId: bigint, orderId: bigint) => {
    context.wake(`lever:${orderId}`);
    context.afterCommit(() => app.leverTrade.afterCall(userId));
  };

  route(app, calls.leverDeal, async (request, _reply, { db }) => {
    const pair = pairOf(request.body.currency_id, request.body.legal_id);
    const { settings } = (await pairs.of(db, BigInt(pair.pairId))) ?? {};
    if (!settings) throw new Rejection('lever_pair_closed');
    const balance = await selectLeverBalance(db, request.userId, settings.legal_id);
    const depth = market.depth(pair.pairId);
    const level = ([priceUnits, amountUnits]: Level): [string, string] => [formatUnits(priceUnits), formatUnits(amountUnits)];
    const available = balance?.available_units ?? 0n;
    return ok({
      lever_transaction: {
        in: depth.bids.slice(0, limits.depthLevelsMax).map(level),
        // asks highest price first, as the page stacks them above the bids
        out: depth.asks.slice(0, limits.depthLevelsMax).map(level).reverse(),
      },
      last_price: formatUnits(market.lastPriceUnits(pair.pairId)),
      multiple: {
        muit: settings.multiples.split(',').map((value) => ({ value: Number(value) })),
        share: settings.hand_presets.split(',').map((value) => ({ value: Number(value) })),
      },
      all_levers: formatUnits(available + (balance?.frozen_units ?? 0n)),
      user_lever: formatUnits(available),
      lever_share_limit: { min: Number(settings.hands_min), max: Number(settings.hands_max) },
      lever_share_num: formatUnits(settings.lever_share_num_units),
      spread: formatUnits(settings.spread_units),
      lever_trade_fee: formatUnits(settings.lever_trade_fee_units),
    });
  });

  // submits are the contracts' hot path: concurrent ones share one commit, off this thread on SQLite
  jobRoute(app, calls.leverSubmit, {
    job: (request) => {
      const b = request.body;
      const pairId = BigInt(pairOf(b.currency_id, b.legal_id).pairId);
      const input = {
        userId: request.userId,
        pairId,
        direction: b.type,
        entryMode: b.status,
        multiple: b.multiple,
        hands: b.share,
        limitPriceUnits: b.target_price,
        takeProfitUnits: b.target_profit_price,
        stopLossUnits: b.stop_loss_price,
      };
      return { name: 'leverSubmit', args: { input, tick: tickOf(pairId), nowMs: clock() } };
    },
    answer: (request) => ok(notice(request.lang, 'lever_submitted')),
    committed: (request, orderId, context) => changed(context, request.userId, orderId),
  });

  route(app, calls.leverMyTrade, async (request, _reply, { db }) => {
    const b = request.body;
    const filtered = b.currency_id !== undefined && b.legal_id !== undefined;
    const pair = filtered ? market.pairByIds(b.currency_id!, b.legal_id!) : undefined;
    // a pair asked for that is not listed has no orders: not every pair's
    const { rows, total, live } =
      filtered && !pair
        ? { rows: [], total: 0, live: [] }
        : await myLeverOrders(db, { userId: request.userId, status: b.status, ...(pair ? { pairId: BigInt(pair.pairId) } : {}) }, b.page, b.limit);
    return ok({
      message: presentPage({ data: presentLeverOrders(rows, market), total }, b, (row) => row),
      rate_profits_total: presentRisk(live, market),
    });
  });

  route(app, calls.leverCancel, async (request, _reply, context) => {
    const { db } = context;
    await cancelLever(db, pairs, request.userId, request.body.id, clock());
    changed(context, request.userId, request.body.id);
    return ok(notice(request.lang, 'lever_cancelled'));
  });

  route(app, calls.leverClose, async (request, _reply, context) => {
    const { db } = context;
    await closeLever(db, pairs, request.userId, request.body.id, tickOf, clock());
    changed(context, request.userId, request.body.id);
    return ok(notice(request.lang, 'lever_closed'));
  });

  route(app, calls.leverSetStop, async (request, _reply, context) => {
    const { db } = context;
    const b = request.body;
    await setLeverStops(
      db,
      pairs,
      { userId: request.userId, orderId: b.id, takeProfitUnits: b.target_profit_price, stopLossUnits: b.stop_loss_price },
      tickOf,
      clock(),
    );
    changed(context, request.userId, b.id);
    return ok(notice(request.lang, 'lever_stops_set'));
  });
}

import type { FastifyPluginAsync } from 'fastify';
import { calls, notice } from '@tidemark/protocol';
import { route } from '../../http/calls';
import type { EngineRouteDeps } from '../../wake';
import { ok } from '../../http/envelope';
import { microOrderList, payableCurrencies, secondsOptions, settlementRecord, submitMicroOrder } from './service';

export const microRoutes: FastifyPluginAsync<EngineRouteDeps> = async (app, { db, market }) => {
  route(app, calls.microPayableCurrencies, async (request) => ok(await payableCurrencies(db, request.userId)));

  route(app, calls.microSeconds, async () => ok(await secondsOptions(db)));

  route(app, calls.microSubmit, async (request, _reply, { db: trx, ledgerKey, wake }) => {
    const b = request.body;
    const nowMs = market.clock();
    // the feed's real last trade at or before the opening, with its own time (a trade stamped by a
    // clock a little ahead of this process's is not yet a price the order may open at)
    const listed = market.pairs().some((p) => BigInt(p.pairId) === b.match_id);
    const latest = listed ? market.lastTradeAt(Number(b.match_id), nowMs) : undefined;
    await submitMicroOrder(
      trx,
      {
        userId: request.userId,
        pairId: b.match_id,
        currencyId: b.currency_id,
        direction: b.type,
        seconds: b.seconds,
        number: b.number,
        latestTick: latest && { priceUnits: latest.priceUnits, atMs: latest.timeMs, term: latest.term },
        ledgerKey,
      },
      nowMs,
    );
    wake('micro');
    return ok(notice(request.lang, 'micro_submitted'));
  });

  route(app, calls.microLists, async (request) => {
    const qy = request.query;
    return ok(
      await microOrderList(db, { userId: request.userId, status: qy.status, pairId: qy.match_id, page: qy.page, limit: qy.limit }, market.clock()),
    );
  });

  route(app, calls.microSettlement, async (request) => ok(await settlementRecord(db, request.query.id)));
};

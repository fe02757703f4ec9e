import type { FastifyBaseLogger } from 'fastify';
import { applySpotCommand, createSpotBook, type Clock, type MarketView, type SpotBook, type SpotCommand, type TickEvent } from '@tidemark/core';
import { limits, SPOT_ORDER_STATUSES, type TAfterCoinTradeEvent } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { selectAcceptedOrders, selectCancelRequests } from '../../modules/spot/queries';
import { SPOT_ENGINE } from '../../modules/spot/routes';
import { applyAndPersist, bookState, placeCommand, rulesOf, spotPairs, type Touched } from '../../modules/spot/service';
import { engineMetrics } from '../../metrics';
import type { LeaderEngine } from '../hosted';

interface PairBook {
  pairId: bigint;
  currencyId: bigint;
  legalId: bigint;
  book: SpotBook;
}

export interface SpotEngine extends LeaderEngine {
  /** resolves when the work in hand (and any asked for meanwhile) is done: tests wait on it */
  settled(): Promise<void>;
}

/**
 * The spot matcher on the engine leader: one book per pair, rebuilt from the resting orders on
 * `gain`. `wake` takes the accepted orders in id order, then the cancel requests, one command
 * at a time; each command's events are written in one transaction before the next command
 * runs, and a failed write rebuilds that pair's book from the database (the core changes the
 * book in place). The band follows the market's last price.
 */
export function spotEngine(deps: {
  db: Db;
  market: MarketView;
  clock: Clock;
  log: FastifyBaseLogger;
  /** the owners' private notices, after commit */
  notify: (userId: bigint, event: TAfterCoinTradeEvent) => void;
}): SpotEngine {
  const { db, market, clock, log } = deps;
  const books = new Map<bigint, PairBook>();
  let running: Promise<void> = Promise.resolve();
  let pending = false;
  let active = false;

  async function rebuild(pairId: bigint, template: Omit<PairBook, 'book'> & { rules: PairBook['book']['rules'] }): Promise<void> {
    const book = createSpotBook(template.rules);
    applySpotCommand(book, { type: 'index', priceUnits: market.lastPriceUnits(Number(pairId)) }, { nowMs: clock() });
    const { orders, nextSeq } = await bookState(db, pairId);
    // restoring writes nothing: the orders come from the database
    const restored = applySpotCommand(book, { type: 'restore', orders, nextSeq }, { nowMs: clock() });
    if ('rejection' in restored) throw new Error(`spot book ${pairId} cannot be restored: ${restored.rejection}`);
    books.set(pairId, { pairId, currencyId: template.currencyId, legalId: template.legalId, book });
  }

  function notifyAll(pair: PairBook, touched: Touched): void {
    for (const [orderId, { userId, status }] of touched) {
      deps.notify(userId, {
        type: 'afterCoinTrade',
        to: Number(userId),
        currency_id: Number(pair.currencyId),
        legal_id: Number(pair.legalId),
        match_id: Number(pair.pairId),
        order_id: Number(orderId),
        status: SPOT_ORDER_STATUSES.indexOf(status),
      });
    }
  }

  async function run(pair: PairBook, command: SpotCommand): Promise<void> {
    try {
      notifyAll(pair, await applyAndPersist(db, pair.book, pair.pairId, command, clock()));
    } catch (error) {
      log.error({ err: error, pairId: String(pair.pairId) }, 'spot command not written: rebuilding the book');
      await rebuild(pair.pairId, { ...pair, rules: pair.book.rules });
      throw error;
    }
  }

  async function drain(): Promise<void> {
    while (pending && active) {
      pending = false;
      let afterId = 0n;
      for (;;) {
        const accepted = await selectAcceptedOrders(db, afterId, limits.spotMatchBatch);
        for (const order of accepted) {
          if (!active) return;
          afterId = order.id;
          const pair = books.get(order.pair_id);
          if (pair) await run(pair, placeCommand(order));
          engineMetrics.matchLatency.observe(Math.max(0, clock() - Number(order.created_at_ms)) / 1000);
        }
        if (accepted.length < limits.spotMatchBatch) break;
      }
      for (const request of await selectCancelRequests(db, limits.spotMatchBatch)) {
        if (!active) return;
        const pair = books.get(request.pair_id);
        if (pair) await run(pair, { type: 'cancel', orderId: request.id, userId: request.user_id });
      }
    }
  }

  function schedule(): void {
    pending = true;
    running = running.then(drain).catch((error: unknown) => log.error({ err: error }, 'spot matcher'));
  }

  return {
    name: SPOT_ENGINE,
    async gain() {
      books.clear();
      for (const row of await spotPairs(db)) {
        await rebuild(row.pair_id, { pairId: row.pair_id, currencyId: row.currency_id, legalId: row.legal_id, rules: rulesOf(row) });
      }
      active = true;
      // orders accepted while no leader ran
      schedule();
    },
    tick(event: TickEvent) {
      const pair = books.get(BigInt(event.pairId));
      if (!pair) return;
      const priceUnits = market.lastPriceUnits(event.pairId);
      if (priceUnits !== pair.book.indexPriceUnits) applySpotCommand(pair.book, { type: 'index', priceUnits }, { nowMs: clock() });
    },
    wake() {
      if (active) schedule();
    },
    async lose() {
      active = false;
      await running;
      books.clear();
    },
    settled: async () => {
      // a drain may schedule no further one: wait until the chain stops growing
      for (;;) {
        const current = running;
        await current;
        if (current === running) return;
      }
    },
  };
}

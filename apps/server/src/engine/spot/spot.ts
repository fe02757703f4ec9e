import type { FastifyBaseLogger } from 'fastify';
import {
  applySpotCommand,
  createSpotBook,
  type Clock,
  type Depth,
  type MarketView,
  type SpotBook,
  type SpotCommand,
  type TickEvent,
  type Trade,
} from '@tidemark/core';
import { limits, SPOT_ORDER_STATUSES, type TAfterCoinTradeEvent } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import { selectAcceptedOrders, selectCancelRequests } from '../../modules/spot/queries';
import { SPOT_ENGINE } from '../../modules/spot/routes';
import { applyAndPersist, bookState, lastFillPrice, placeCommand, rulesOf, spotPairs, tradeOfFill, type Touched } from '../../modules/spot/service';
import { engineMetrics } from '../../metrics';
import type { LeaderEngine } from '../hosted';
import { MarketMaker } from './maker';

interface PairBook {
  pairId: bigint;
  currencyId: bigint;
  legalId: bigint;
  book: SpotBook;
  /** the last spot fill's price (the book's middle line); null before the pair ever traded */
  lastFillUnits: bigint | null;
  /** fills since the last push, oldest first */
  unpublished: Trade[];
  /** the book changed since the last push */
  changed: boolean;
}

/** What the matcher pushes after each batch: the pair's whole book (best levels) and its new fills. */
export interface SpotBookUpdate {
  pairId: number;
  depth: Depth;
  /** the last fill price, or the index price before the pair ever traded */
  lastPriceUnits: bigint;
  /** newest first */
  trades: Trade[];
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
  /** the public book and tape, after commit */
  publish: (update: SpotBookUpdate) => void;
  /** the market maker's account: it quotes every pair of the `spot_maker` table (none when absent) */
  makerUserId?: bigint | undefined;
}): SpotEngine {
  const { db, market, clock, log } = deps;
  const maker = deps.makerUserId === undefined ? undefined : new MarketMaker(db, deps.makerUserId, log);
  const indexPriceOf = (pairId: bigint) => market.lastPriceUnits(Number(pairId));
  const books = new Map<bigint, PairBook>();
  let running: Promise<void> = Promise.resolve();
  let pending = false;
  let active = false;
  /** staff changed the market maker's settings: reloaded before the next re-quote */
  let reloadMaker = false;

  async function rebuild(pairId: bigint, template: Pick<PairBook, 'currencyId' | 'legalId'> & { rules: SpotBook['rules'] }): Promise<void> {
    const book = createSpotBook(template.rules);
    applySpotCommand(book, { type: 'index', priceUnits: market.lastPriceUnits(Number(pairId)) }, { nowMs: clock() });
    const { orders, nextSeq } = await bookState(db, pairId);
    // restoring writes nothing: the orders come from the database
    const restored = applySpotCommand(book, { type: 'restore', orders, nextSeq }, { nowMs: clock() });
    if ('rejection' in restored) throw new Error(`spot book ${pairId} cannot be restored: ${restored.rejection}`);
    const lastFillUnits = await lastFillPrice(db, pairId);
    books.set(pairId, { pairId, currencyId: template.currencyId, legalId: template.legalId, book, lastFillUnits, unpublished: [], changed: true });
  }

  function publishChanged(): void {
    for (const pair of books.values()) {
      if (!pair.changed) continue;
      pair.changed = false;
      const { bids, asks } = pair.book.depth(limits.spotDepthLevels);
      const level = (l: { priceUnits: bigint; amountUnits: bigint }) => [l.priceUnits, l.amountUnits] as const;
      deps.publish({
        pairId: Number(pair.pairId),
        depth: { bids: bids.map(level), asks: asks.map(level) },
        lastPriceUnits: pair.lastFillUnits ?? pair.book.indexPriceUnits ?? 0n,
        trades: pair.unpublished.reverse(),
      });
      pair.unpublished = [];
    }
  }

  function notifyAll(pair: PairBook, touched: Touched): void {
    for (const [orderId, { userId, status }] of touched) {
      if (maker?.isMaker(userId)) {
        maker.ended(pair.pairId, orderId, status);
        continue;
      }
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
      const { touched, fills } = await applyAndPersist(db, pair.book, pair.pairId, command, clock());
      pair.changed = true;
      for (const fill of fills) {
        pair.unpublished.push(tradeOfFill(fill));
        pair.lastFillUnits = fill.priceUnits;
      }
      notifyAll(pair, touched);
    } catch (error) {
      log.error({ err: error, pairId: String(pair.pairId) }, 'spot command not written: rebuilding the book');
      await rebuild(pair.pairId, { ...pair, rules: pair.book.rules });
      throw error;
    }
  }

  const makerHost = {
    book: (pairId: bigint) => books.get(pairId),
    run: async (pairId: bigint, command: SpotCommand) => run(books.get(pairId)!, command),
  };

  async function drain(): Promise<void> {
    while (pending && active) {
      pending = false;
      if (reloadMaker) {
        reloadMaker = false;
        await maker?.reconfigure(makerHost);
      }
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
      // the traders' orders first: the maker quotes around what they left
      await maker?.requote(makerHost, clock(), indexPriceOf, () => active);
      publishChanged();
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
        await rebuild(row.pair_id, { currencyId: row.currency_id, legalId: row.legal_id, rules: rulesOf(row) });
      }
      await maker?.gain();
      active = true;
      // orders accepted while no leader ran
      schedule();
    },
    tick(event: TickEvent) {
      const pair = books.get(BigInt(event.pairId));
      if (!pair) return;
      const priceUnits = market.lastPriceUnits(event.pairId);
      if (priceUnits === pair.book.indexPriceUnits) return;
      applySpotCommand(pair.book, { type: 'index', priceUnits }, { nowMs: clock() });
      if (active && maker?.indexMoved(pair.pairId, pair.book, clock())) schedule();
    },
    wake(what) {
      if (what === 'settings') reloadMaker = true;
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

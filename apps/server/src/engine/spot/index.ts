import {
  createSpotBook,
  stepSpot,
  type SpotBook,
  type SpotCommand,
  type TickEvent,
  type Trade,
} from '@tidemark/core';
import { limits, SPOT_ORDER_STATUSES } from '@tidemark/protocol';
import { LeadLost } from '../../db/lead';
import { leadershipState } from '../../modules/leadership/service';
import { selectAcceptedOrders, selectCancelRequests } from '../../modules/spot/queries';
import { bookState, lastFillPrice, placeCommand, rulesOf, spotPairs, tradeOfFill, type Touched } from '../../modules/spot/service';
import { engineMetrics } from '../../metrics';
import type { EngineDeps, Lead, LeaderEngine } from '../hosted';
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

/** A pair's book that could not be rebuilt: its orders wait, the other pairs trade on. */
interface HaltedPair {
  currencyId: bigint;
  legalId: bigint;
  rules: SpotBook['rules'];
}

/** A stored book that does not pass the core's restore check: names the order that broke it, with its figures. */
class BookUnsound extends Error {}

/**
 * The spot matcher on the engine leader: one book per pair, rebuilt from the resting orders on
 * `gain`. `wake` takes the accepted orders in id order, then the cancel requests, one command
 * at a time; each command's events are written in one transaction of the Lead (which proves the
 * term) before the next command runs, every order's write guarded by the state the book held
 * it in; a failed write rebuilds that pair's book from the database (the core changes the book
 * in place). A pair whose stored book fails the restore check stops alone, named on the console
 * with the order that broke it, and is tried again every `engineRetryMs`. The band follows the
 * market's last price.
 */
export function spotEngine(
  { market, clock, log, publish }: EngineDeps,
  /** the market maker's account: it quotes every pair of the `spot_maker` table (none when absent) */
  { makerUserId }: { makerUserId?: bigint | undefined } = {},
): LeaderEngine {
  const maker = makerUserId === undefined ? undefined : new MarketMaker(makerUserId, log);
  const indexPriceOf = (pairId: bigint) => market.lastPriceUnits(Number(pairId));
  const books = new Map<bigint, PairBook>();
  const halted = new Map<bigint, HaltedPair>();
  /** the pairs whose stop is recorded for the console (read on gain: a pair may have stopped earlier in the term) */
  const recorded = new Set<string>();
  let lead: Lead | undefined;
  let running: Promise<void> = Promise.resolve();
  let pending = false;
  let active = false;
  let retryTimer: NodeJS.Timeout | undefined;
  /** staff changed the market maker's settings: reloaded before the next re-quote */
  let reloadMaker = false;

  async function rebuild(pairId: bigint, template: HaltedPair): Promise<void> {
    const db = lead!.db;
    const book = createSpotBook(template.rules);
    stepSpot(book, { type: 'index', priceUnits: market.lastPriceUnits(Number(pairId)) }, { nowMs: clock() });
    const { orders, nextSeq } = await bookState(db, pairId);
    // restoring writes nothing: the orders come from the database
    const restored = stepSpot(book, { type: 'restore', orders, nextSeq }, { nowMs: clock() });
    if ('rejection' in restored) {
      const order = orders.find((o) => o.orderId === restored.orderId);
      const figures = order
        ? `: order ${order.orderId} (${order.side} ${order.amountUnits} at ${order.priceUnits}, filled ${order.filledUnits}, seq ${order.seq} of next ${nextSeq}, frozen ${order.frozenUnits}, fee ${order.feeUnits})`
        : '';
      throw new BookUnsound(`spot book of pair ${pairId} cannot be restored: ${restored.rejection}${figures}`);
    }
    const lastFillUnits = await lastFillPrice(db, pairId);
    books.set(pairId, { pairId, currencyId: template.currencyId, legalId: template.legalId, book, lastFillUnits, unpublished: [], changed: true });
  }

  /** Rebuilds a pair's book; one that cannot be rebuilt stops the pair alone (its orders wait). */
  async function restorePair(pairId: bigint, template: HaltedPair): Promise<boolean> {
    try {
      await rebuild(pairId, template);
    } catch (error) {
      books.delete(pairId);
      if (!(error instanceof BookUnsound)) throw error;
      halted.set(pairId, template);
      if (!recorded.has(`pair ${pairId}`)) {
        recorded.add(`pair ${pairId}`);
        await lead!.halted('spot', `pair ${pairId}`, error.message);
      }
      return false;
    }
    halted.delete(pairId);
    if (recorded.delete(`pair ${pairId}`)) await lead!.resumed('spot', `pair ${pairId}`);
    return true;
  }

  function publishChanged(): void {
    for (const pair of books.values()) {
      if (!pair.changed) continue;
      pair.changed = false;
      const { bids, asks } = pair.book.depth(limits.spotDepthLevels);
      const level = (l: { priceUnits: bigint; amountUnits: bigint }) => [l.priceUnits, l.amountUnits] as const;
      publish.spotBook({
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
      publish.toUser(userId, 'afterCoinTrade', {
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
      const nowMs = clock();
      // the book takes the decision at once (in place); the job writes it
      const step = stepSpot(pair.book, command, { nowMs });
      const result = 'rejection' in step ? { rejection: step.rejection } : { events: step.events };
      const { touched, fills } = await lead!.run('spotApply', { pairId: pair.pairId, rules: pair.book.rules, command, result, nowMs });
      pair.changed = true;
      for (const fill of fills) {
        pair.unpublished.push(tradeOfFill(fill));
        pair.lastFillUnits = fill.priceUnits;
      }
      notifyAll(pair, touched);
    } catch (error) {
      // another process leads now: nothing was written, and this one stops (see Lead)
      if (error instanceof LeadLost) throw error;
      log.error({ err: error, pairId: String(pair.pairId) }, 'spot command not written: rebuilding the book');
      await restorePair(pair.pairId, { ...pair, rules: pair.book.rules });
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
      const db = lead!.db;
      if (reloadMaker) {
        reloadMaker = false;
        await maker?.reconfigure(makerHost);
      }
      // a stopped pair's orders wait for it in the database, out of every read
      const skipped = [...halted.keys()];
      let afterId = 0n;
      for (;;) {
        const accepted = await selectAcceptedOrders(db, afterId, limits.spotMatchBatch, skipped);
        for (const order of accepted) {
          if (!active) return;
          afterId = order.id;
          const pair = books.get(order.pair_id);
          if (pair) await run(pair, placeCommand(order));
          engineMetrics.matchLatency.observe(Math.max(0, clock() - Number(order.created_at_ms)) / 1000);
        }
        if (accepted.length < limits.spotMatchBatch) break;
      }
      for (const request of await selectCancelRequests(db, limits.spotMatchBatch, skipped)) {
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
    running = running.then(drain).catch((error: unknown) => {
      if (error instanceof LeadLost) return;
      log.error({ err: error }, 'spot matcher');
      // the orders after the failed command wait in the database: taken again shortly, on the rebuilt book
      if (active) setTimeout(() => active && schedule(), limits.spotRetryAfterFailureMs).unref();
    });
  }

  /** Stopped pairs try again now and then (an operator may have repaired their rows); one that comes back takes its waiting orders. */
  function retryHalted(): void {
    retryTimer = setTimeout(() => {
      running = running
        .then(async () => {
          if (!active) return;
          let back = false;
          for (const [pairId, template] of halted) back = (await restorePair(pairId, template)) || back;
          if (back) schedule();
        })
        .catch((error: unknown) => log.error({ err: error }, 'spot matcher'))
        .finally(() => active && retryHalted());
    }, limits.engineRetryMs);
  }

  return {
    name: 'spot',
    async gain(term) {
      lead = term;
      books.clear();
      halted.clear();
      recorded.clear();
      for (const fault of (await leadershipState(term.db)).faults) if (fault.engine === 'spot') recorded.add(fault.scope);
      for (const row of await spotPairs(term.db)) {
        await restorePair(row.pair_id, { currencyId: row.currency_id, legalId: row.legal_id, rules: rulesOf(row) });
      }
      await maker?.gain(term);
      active = true;
      retryHalted();
      // orders accepted while no leader ran
      schedule();
    },
    tick(event: TickEvent) {
      const pair = books.get(BigInt(event.pairId));
      if (!pair) return;
      const priceUnits = market.lastPriceUnits(event.pairId);
      if (priceUnits === pair.book.indexPriceUnits) return;
      stepSpot(pair.book, { type: 'index', priceUnits }, { nowMs: clock() });
      if (active && maker?.indexMoved(pair.pairId, pair.book, clock())) schedule();
    },
    wake(what) {
      if (what === 'settings') reloadMaker = true;
      if (active) schedule();
    },
    async lose() {
      active = false;
      clearTimeout(retryTimer);
      await running;
      books.clear();
      halted.clear();
    },
    idle: async () => {
      // a drain may schedule no further one: wait until the chain stops growing
      for (;;) {
        const current = running;
        await current;
        if (current === running) return;
      }
    },
  };
}

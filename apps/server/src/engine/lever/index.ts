// The leader's lever risk engine: holds every live order in the core's trigger book and runs each
// trade price through `stepLever`. A wake reads only the orders that changed. Each decision (a fill or a close) is committed as a
// leader job of the Lead (on SQLite in the writer thread), proving the term and guarded by the
// status it expects; the new book is kept only after the commits.
// When a guard finds the order already changed (a manual close or cancel won the race) or a
// commit fails, the book is rebuilt from the database, which is always the truth.
import { createLeverBook, replayFromMs, stepLever, ticksOfSecond, type LeverBook, type TickEvent } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import {
  lastLeverOrderId,
  leverOrdersChanged,
  leverPairConfigs,
  leverTickOf,
  liveLeverOrders,
} from '../../modules/lever/service';
import { LeadLost } from '../../db/lead';
import { recordedSecondsFrom } from '../../modules/market/service';
import { engineMetrics, timed } from '../../metrics';
import type { EngineDeps, Lead, LeaderEngine } from '../hosted';

export interface LeverEngine extends LeaderEngine {
  /** resolves once the running engine's book watches the order (tests of the wake path wait on it) */
  watching(orderId: bigint): Promise<void>;
}

export function leverEngine({ clock, log, market, publish }: EngineDeps): LeverEngine {
  // each pair's last price as the market shows it when leadership is gained
  const tickOf = leverTickOf(market);
  // tells owners of each committed fill or close at once, and position holders on the ticks
  const pusher = publish.leverTrade;
  /** the term it runs in: reads through `lead.db`, fills and closes committed as its jobs */
  let lead: Lead | undefined;
  let book: LeverBook | undefined;
  let running = false;
  const watchers = new Set<{ orderId: bigint; resolve: () => void }>();
  const tellWatchers = () => {
    for (const watcher of watchers) {
      if (book?.orders.has(watcher.orderId)) {
        watchers.delete(watcher);
        watcher.resolve();
      }
    }
  };
  // one decision at a time, in tick order
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => {
      // another process leads now: nothing was written, and this one stops (see Lead)
      if (error instanceof LeadLost) return;
      log.error({ err: error }, 'lever engine');
      // the database is the truth: rebuild from it rather than go on with a book it may not match
      return rebuild().catch((again: unknown) => log.error({ err: again }, 'lever engine rebuild'));
    });
  };

  // the highest order id the book has looked at, and the orders wakes named since the last look
  let lastId = 0n;
  const named = new Set<bigint>();
  // a wake naming no order says staff changed the pairs: the next look reads them again
  let pairsChanged = false;
  // the wait before a look, while wakes gather
  let gathering: Promise<void> | undefined;

  /** Pairs and live orders from the database; each pair keeps the last tick it saw. */
  async function rebuild(): Promise<void> {
    if (!running || !lead) return;
    const { db } = lead;
    // the last id first: an order committed meanwhile is read by the rebuild or by the next look
    const last = await lastLeverOrderId(db);
    const [configs, orders] = await Promise.all([leverPairConfigs(db), liveLeverOrders(db)]);
    let next = book ?? createLeverBook(configs);
    for (const pair of configs) next = step(next, { type: 'configure', pair });
    book = step(next, { type: 'restore', orders });
    lastId = last;
    tellWatchers();
  }

  /**
   * A wake: reads only what changed (orders above the last id seen, and those the wakes named),
   * never every live order, so submits cost the engine O(new orders), not O(all).
   */
  async function refresh(): Promise<void> {
    if (!running || !book || !lead) return;
    const { db } = lead;
    const ids = [...named];
    named.clear();
    const reconfigure = pairsChanged;
    pairsChanged = false;
    const [configs, changed] = await Promise.all([reconfigure ? leverPairConfigs(db) : [], leverOrdersChanged(db, lastId, ids)]);
    let next = book;
    for (const pair of configs) next = step(next, { type: 'configure', pair });
    book = step(next, { type: 'refresh', orders: changed.live, gone: changed.gone });
    lastId = changed.lastId;
    tellWatchers();
  }

  function step(current: LeverBook, command: Parameters<typeof stepLever>[1]): LeverBook {
    const result = stepLever(current, command, { nowMs: clock() });
    if ('rejection' in result) throw new Error(`lever ${command.type} refused: ${result.rejection}`);
    return result.state;
  }

  /** Runs one price through the book and commits what it decides. */
  async function decide(pairId: bigint, priceUnits: bigint, atMs: number): Promise<void> {
    if (!book || !lead) return;
    const result = stepLever(book, { type: 'tick', pairId, priceUnits, atMs }, { nowMs: clock() });
    // an unknown pair (no contracts) or a tick older than the last: nothing to decide
    if ('rejection' in result) return;
    let inStep = true;
    for (const decision of result.events) {
      let done: boolean | undefined;
      if (decision.type === 'lever_order_filled') done = await lead.run('leverFill', { order: decision.order });
      else if (decision.type === 'lever_order_closed') done = await lead.run('leverClose', { event: decision });
      if (done) pusher.push(decision.order.userId);
      if (done === false) inStep = false;
    }
    book = result.state;
    if (!inStep) await rebuild();
  }

  async function applyTrades(event: Extract<TickEvent, { kind: 'trades' }>): Promise<void> {
    for (const trade of event.trades) await decide(BigInt(event.pairId), trade.priceUnits, trade.timeMs);
    pusher.tick();
  }

  /**
   * While no engine ran, prices went on (another process's feed, or the feed's history) and were
   * recorded second by second. Those seconds are replayed in time order from the earliest time a
   * live order's trigger may fire, so a take-profit, stop-loss, liquidation or entry that a price
   * crossed and left again meanwhile fires at the first recorded price that crossed it; then the
   * current price, for what came after the last recorded second.
   */
  async function catchUp(): Promise<void> {
    for (const pair of book?.pairs.keys() ?? []) {
      const live = book ? [...book.orders.values()].filter((order) => order.pairId === pair) : [];
      let fromMs = replayFromMs(live);
      while (fromMs !== null) {
        const seconds = await recordedSecondsFrom(lead!.db, Number(pair), fromMs, limits.leverReplaySecondsPerRead);
        for (const second of seconds) for (const tick of ticksOfSecond(second)) await decide(pair, tick.priceUnits, tick.atMs);
        fromMs = seconds.length < limits.leverReplaySecondsPerRead ? null : seconds.at(-1)!.timeMs + 1;
      }
      const tick = tickOf(pair);
      if (tick) await decide(pair, tick.priceUnits, tick.atMs);
    }
  }

  return {
    name: 'lever',
    async gain(term) {
      lead = term;
      running = true;
      book = undefined;
      await rebuild();
      await catchUp();
    },
    tick(event) {
      if (!running || event.kind !== 'trades') return;
      enqueue(() => timed(engineMetrics.riskTick, () => applyTrades(event)));
    },
    wake(detail) {
      if (!running) return;
      if (detail === undefined) pairsChanged = true;
      else if (/^[0-9]{1,19}$/.test(detail)) named.add(BigInt(detail));
      // the wakes of a short while make one look, outside the queue so ticks go on meanwhile:
      // under load one read serves many submits' orders, not one read a group commit
      gathering ??= new Promise<void>((resolve) =>
        setTimeout(() => {
          gathering = undefined;
          enqueue(refresh);
          resolve();
        }, limits.leverWakeGatherMs),
      );
    },
    async lose() {
      running = false;
      await queue;
      book = undefined;
    },
    watching: (orderId) =>
      new Promise<void>((resolve) => {
        watchers.add({ orderId, resolve });
        tellWatchers();
      }),
    idle: async () => {
      let seen: Promise<void>;
      do {
        await gathering;
        seen = queue;
        await seen;
      } while (seen !== queue || gathering);
    },
  };
}

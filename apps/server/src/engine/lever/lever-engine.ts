// The leader's lever risk engine: holds every live order in the core's trigger book and runs each
// trade price through `stepLever`. Each decision (a fill or a close) is committed in its own
// transaction, guarded by the status it expects; the new book is kept only after the commits.
// When a guard finds the order already changed (a manual close or cancel won the race) or a
// commit fails, the book is rebuilt from the database, which is always the truth.
import type { FastifyBaseLogger } from 'fastify';
import { createLeverBook, stepLever, type Clock, type LeverBook, type TickEvent } from '@tidemark/core';
import type { Db } from '../../db/database';
import { applyLeverClose, applyLeverFill, leverPairConfigs, liveLeverOrders } from '../../modules/lever/service';
import type { LeverTradePusher } from '../../realtime/lever-trade';
import type { LeaderEngine } from '../hosted';

export interface LeverEngine extends LeaderEngine {
  /** resolves when every tick and wake handed in so far is done (tests wait on it instead of sleeping) */
  idle(): Promise<void>;
}

/** `pusher` tells owners of each committed fill or close at once, and position holders on the ticks. */
export function leverEngine(db: Db, clock: Clock, log: () => FastifyBaseLogger, pusher?: Pick<LeverTradePusher, 'push' | 'tick'>): LeverEngine {
  let book: LeverBook | undefined;
  let running = false;
  // one decision at a time, in tick order
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => {
      log().error({ err: error }, 'lever engine');
      // the database is the truth: rebuild from it rather than go on with a book it may not match
      return rebuild().catch((again: unknown) => log().error({ err: again }, 'lever engine rebuild'));
    });
  };

  /** Pairs and live orders from the database; each pair keeps the last tick it saw. */
  async function rebuild(): Promise<void> {
    if (!running) return;
    const [configs, orders] = await Promise.all([leverPairConfigs(db), liveLeverOrders(db)]);
    let next = book ?? createLeverBook(configs);
    for (const pair of configs) next = step(next, { type: 'configure', pair });
    book = step(next, { type: 'restore', orders });
  }

  function step(current: LeverBook, command: Parameters<typeof stepLever>[1]): LeverBook {
    const result = stepLever(current, command, { nowMs: clock() });
    if ('rejection' in result) throw new Error(`lever ${command.type} refused: ${result.rejection}`);
    return result.book;
  }

  async function applyTrades(event: Extract<TickEvent, { kind: 'trades' }>): Promise<void> {
    for (const trade of event.trades) {
      if (!book) return;
      const result = stepLever(book, { type: 'tick', pairId: BigInt(event.pairId), priceUnits: trade.priceUnits, atMs: trade.timeMs }, { nowMs: clock() });
      // an unknown pair (no contracts) or a tick older than the last: nothing to decide
      if ('rejection' in result) continue;
      let inStep = true;
      for (const decision of result.events) {
        let applied: boolean | undefined;
        if (decision.type === 'lever_order_filled') applied = await applyLeverFill(db, decision.order);
        else if (decision.type === 'lever_order_closed') applied = await applyLeverClose(db, decision);
        if (applied) pusher?.push(decision.order.userId);
        if (applied === false) inStep = false;
      }
      book = result.book;
      if (!inStep) await rebuild();
    }
    pusher?.tick();
  }

  return {
    name: 'lever',
    async gain() {
      running = true;
      book = undefined;
      await rebuild();
    },
    tick(event) {
      if (!running || event.kind !== 'trades') return;
      enqueue(() => applyTrades(event));
    },
    wake() {
      if (running) enqueue(rebuild);
    },
    async lose() {
      running = false;
      await queue;
      book = undefined;
    },
    idle: async () => {
      let seen: Promise<void>;
      do {
        seen = queue;
        await seen;
      } while (seen !== queue);
    },
  };
}

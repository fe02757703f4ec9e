// `lever_trade`: a trader's contract risk and live orders, pushed to their private room. The
// leader's risk engine pushes at once for each fill or close it commits and, on the market's
// ticks, to every position holder at most every `leverPushIntervalMs`; the lever calls push
// after their commit on whichever process answered them.
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, MarketView } from '@tidemark/core';
import { limits, type TLeverTradeEvent } from '@tidemark/protocol';
import type { Db } from '../db/database';
import { leverPositionHolders, leverTradeOf } from '../modules/lever/service';

export interface LeverTradePusher {
  /** pushes one trader's figures now (after a commit that changed their orders) */
  push(userId: bigint): void;
  /** a market tick: pushes every position holder if the interval has passed since the last round */
  tick(): void;
  /** resolves when every push started so far is sent (tests wait on it) */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    leverTrade: LeverTradePusher;
  }
}

export function leverTradePusher(deps: {
  db: Db;
  market: MarketView;
  clock: Clock;
  log: FastifyBaseLogger;
  publish: (userId: bigint, event: TLeverTradeEvent) => void;
}): LeverTradePusher {
  const { db, market, clock, log, publish } = deps;
  let lastRoundMs = Number.NEGATIVE_INFINITY;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const done = work.catch((error: unknown) => log.error({ err: error }, 'lever_trade push')).finally(() => pending.delete(done));
    pending.add(done);
  };
  const pushNow = async (userId: bigint) => publish(userId, await leverTradeOf(db, market, userId));
  // traders whose push waits for the next turn: commits of one group answer together, one read each
  const queued = new Set<bigint>();
  return {
    push(userId) {
      if (queued.has(userId)) return;
      queued.add(userId);
      track(
        new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
          queued.delete(userId);
          return pushNow(userId);
        }),
      );
    },
    tick() {
      const nowMs = clock();
      if (nowMs - lastRoundMs < limits.leverPushIntervalMs) return;
      lastRoundMs = nowMs;
      track(leverPositionHolders(db).then((holders) => Promise.all(holders.map(pushNow)).then(() => undefined)));
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

// `lever_trade`: a trader's contract risk and live orders, pushed to their private room. The
// leader's risk engine pushes at once for each fill or close it commits and, on the market's
// ticks, to every position holder at most every `leverPushIntervalMs`; the lever calls push
// after their commit on whichever process answered them, coalesced per trader (each push reads
// and presents all their live orders, so a burst of submits must not cost one push each).
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, MarketView } from '@tidemark/core';
import { limits, type TLeverTradeEvent } from '@tidemark/protocol';
import type { Db } from '../db/database';
import type { LeverTradePusher } from '../modules/lever/push';
import { leverPositionHolders, leverTradeOf } from '../modules/lever/service';


export function leverTradePusher(deps: {
  db: Db;
  market: MarketView;
  clock: Clock;
  log: FastifyBaseLogger;
  publish: (userId: bigint, event: TLeverTradeEvent) => void;
  /** false when no socket of the trader can hear a push: it is not worth building */
  listening: (userId: bigint) => boolean;
}): LeverTradePusher {
  const { db, market, clock, log, publish, listening } = deps;
  let lastRoundMs = Number.NEGATIVE_INFINITY;
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const done = work.catch((error: unknown) => log.error({ err: error }, 'lever_trade push')).finally(() => pending.delete(done));
    pending.add(done);
  };
  const pushNow = async (userId: bigint) => {
    if (listening(userId)) publish(userId, await leverTradeOf(db, market, userId));
  };
  // traders whose push waits for the next turn: commits of one group answer together, one read each
  const queued = new Set<bigint>();
  const push = (userId: bigint) => {
    if (queued.has(userId)) return;
    queued.add(userId);
    track(
      new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        queued.delete(userId);
        return pushNow(userId);
      }),
    );
  };
  // traders within the gap after a call's push, with what ends the gap when another call came
  const gaps = new Map<bigint, { again?: () => void; timer?: NodeJS.Timeout }>();
  const afterCall = (userId: bigint) => {
    // a trader no socket of whom hears (an API client) costs no gap, timer or push
    if (!listening(userId)) return;
    const gap = gaps.get(userId);
    if (gap) {
      // tracked, so that idle() waits for the push at the gap's end
      if (!gap.again) track(new Promise<void>((resolve) => (gap.again = resolve)).then(() => afterCall(userId)));
      return;
    }
    const opened: { again?: () => void; timer?: NodeJS.Timeout } = {};
    gaps.set(userId, opened);
    push(userId);
    opened.timer = setTimeout(() => {
      gaps.delete(userId);
      opened.again?.();
    }, limits.leverCallPushGapMs).unref();
  };
  return {
    push,
    afterCall,
    tick() {
      const nowMs = clock();
      if (nowMs - lastRoundMs < limits.leverPushIntervalMs) return;
      lastRoundMs = nowMs;
      track(leverPositionHolders(db).then((holders) => Promise.all(holders.map(pushNow)).then(() => undefined)));
    },
    async idle() {
      for (;;) {
        // a push held back to a gap's end goes now: the gap's timer does not keep the process up
        for (const [userId, gap] of gaps) {
          if (!gap.again) continue;
          clearTimeout(gap.timer);
          gaps.delete(userId);
          gap.again();
        }
        if (pending.size === 0) return;
        await Promise.all(pending);
      }
    },
  };
}

import { createRng, stepSim, type Clock, type MarketPair, type PriceFeed, type SimState } from '@tidemark/core';

export interface SimFeedOptions {
  pairs: readonly MarketPair[];
  /** where each pair starts: its last known price */
  startPriceUnits: (pairId: number) => bigint;
  seed: number;
  clock: Clock;
  stepMs: number;
}

/** The default feed: the core simulator stepped on a timer (several trades a second per pair). */
export function simFeed({ pairs, startPriceUnits, seed, clock, stepMs }: SimFeedOptions): PriceFeed {
  const rng = createRng(seed);
  let timer: NodeJS.Timeout | undefined;
  return {
    async start(report) {
      let state: SimState = {
        pairs: pairs.map((p) => ({
          pairId: p.pairId,
          referencePriceUnits: p.referencePriceUnits,
          priceUnits: startPriceUnits(p.pairId),
          tickUnits: p.tickUnits,
        })),
      };
      timer = setInterval(() => {
        const out = stepSim(state, { stepMs }, { nowMs: clock(), rng });
        state = out.state;
        for (const event of out.events) report(event);
      }, stepMs);
    },
    async stop() {
      clearInterval(timer);
    },
  };
}

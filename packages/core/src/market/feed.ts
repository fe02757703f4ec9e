import type { SimEvent } from './sim';

/** A pair as feeds, the board and the socket name it. */
export interface MarketPair {
  pairId: number;
  currencyId: number;
  legalId: number;
  /** "BTC/USDT" */
  symbol: string;
  referencePriceUnits: bigint;
  /** the pair's price tick: every price the feed makes is a multiple of it */
  tickUnits: bigint;
}

/** What a price feed reports for one pair: a batch of trades or a fresh order book. */
export type FeedEvent = SimEvent;

/** A feed event as the engine leader numbered it (see `seq` in the protocol's events). */
export type TickEvent = FeedEvent & { seq: number };

/** A source of market data: the simulator or an exchange. It reports until stopped. */
export interface PriceFeed {
  start(report: (event: FeedEvent) => void): Promise<void>;
  stop(): Promise<void>;
}

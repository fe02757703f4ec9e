// `lever_trade`, the trader's live contract figures: what the lever calls and the engine ask of
// the realtime layer, which implements it (realtime/lever-trade.ts) and decorates the app with it.

export interface LeverTradePusher {
  /** pushes one trader's figures now (after the engine committed a fill or close of theirs) */
  push(userId: bigint): void;
  /**
   * after a call of the trader committed: pushes at once, or, within `leverCallPushGapMs` of the
   * last such push, once when that gap ends
   */
  afterCall(userId: bigint): void;
  /** a market tick: pushes every position holder if the interval has passed since the last round */
  tick(): void;
  /** sends the pushes held back to a gap's end at once and resolves when every push so far is sent (tests and close wait on it) */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    leverTrade: LeverTradePusher;
  }
}

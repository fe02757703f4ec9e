import { limits, type TRecentTrade } from '@tidemark/protocol';

export type Trade = TRecentTrade;

/** The spec caps the recent-trades list (at 40 rows). */
export const TRADES_MAX = limits.recentTradesMax;

/** New trades (newest first) on top of the list, which keeps its cap. */
export function prependTrades(list: readonly Trade[], incoming: readonly Trade[]): Trade[] {
  return [...incoming, ...list].slice(0, TRADES_MAX);
}

/**
 * A reloaded snapshot, plus the live trades that arrived while it was being fetched (newer than
 * its newest trade). Older live rows are dropped: the snapshot is the truth up to its own time.
 */
export function mergeSnapshot(snapshot: readonly Trade[], live: readonly Trade[]): Trade[] {
  const newest = snapshot[0]?.ts ?? -Infinity;
  return prependTrades(snapshot, live.filter((trade) => trade.ts > newest));
}

import { UNITS_PER_COIN, divRound, formatUnits, type Candle, type DayStats, type Depth, type Trade } from '@tidemark/core';
import { displayClock, type TCandleBar, type TDepthView, type TRecentTrade } from '@tidemark/protocol';

export function presentCandle(c: Candle): TCandleBar {
  return {
    time: c.timeMs,
    open: formatUnits(c.openUnits),
    close: formatUnits(c.closeUnits),
    high: formatUnits(c.highUnits),
    low: formatUnits(c.lowUnits),
    volume: formatUnits(c.volumeUnits),
  };
}

export function presentTrade(t: Trade): TRecentTrade {
  return { time: displayClock(t.timeMs), ts: t.timeMs, price: formatUnits(t.priceUnits), amount: formatUnits(t.amountUnits), direction: t.direction };
}

export function presentDepth(depth: Depth, lastPriceUnits: bigint): TDepthView {
  const side = (levels: Depth['bids']) => levels.map(([p, a]) => [formatUnits(p), formatUnits(a)] as [string, string]);
  return { lever_transaction: { in: side(depth.bids), out: side(depth.asks) }, last_price: formatUnits(lastPriceUnits) };
}

/** (to - from) / from in percent with 2 decimals, as the spec shows a change. */
export function changePercent(fromUnits: bigint, toUnits: bigint): string {
  if (fromUnits === 0n) return '0.00';
  return formatUnits(divRound((toUnits - fromUnits) * 100n * UNITS_PER_COIN, fromUnits, 'half_even'), 2);
}

/** The 24-hour figures as the quotation list and `daymarket` name them. */
export function presentDayStats(stats: DayStats) {
  return {
    now_price: formatUnits(stats.lastUnits),
    change: changePercent(stats.openUnits, stats.lastUnits),
    high: formatUnits(stats.highUnits),
    low: formatUnits(stats.lowUnits),
    volume: formatUnits(stats.volumeUnits),
  };
}

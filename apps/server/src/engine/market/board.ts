import {
  addTrade,
  bucketStartMs,
  candleOfTrade,
  dayStats,
  rollUp,
  storedPeriodFor,
  type Candle,
  type DayStats,
  type Depth,
  type MarketPair,
  type Period,
  type StoredPeriod,
  type TickEvent,
  type Trade,
} from '@tidemark/core';
import { limits } from '@tidemark/protocol';

/** How many bars of each stored period the board keeps: enough to build the open bar of every period. */
const KEEP: Record<StoredPeriod, (latestMs: number) => number> = {
  // a day of minutes: the 24-hour figures and bars up to 720 minutes
  '1min': (latestMs) => latestMs - 24 * 3600_000,
  // 12 hours: the open 720-minute bar
  '60min': (latestMs) => latestMs - 12 * 3600_000,
  // 31 days: the open monthly bar
  '1day': (latestMs) => latestMs - 31 * 24 * 3600_000,
};

interface PairBoard {
  pair: MarketPair;
  bars: Record<StoredPeriod, Candle[]>;
  /** newest first */
  trades: Trade[];
  /** the leader term whose feed made each of `trades`, index for index */
  terms: bigint[];
  depth: Depth;
  seq: { trades: number; depth: number };
}

/** Adds a trade to the bar of its bucket: the open bar usually, an earlier one for a late trade. */
function addToBars(bars: Candle[], period: StoredPeriod, trade: Trade): void {
  const bucketMs = bucketStartMs(period, trade.timeMs);
  for (let i = bars.length - 1; i >= 0; i--) {
    const bar = bars[i]!;
    if (bar.timeMs === bucketMs) {
      bars[i] = addTrade(bar, trade.priceUnits, trade.amountUnits);
      return;
    }
    if (bar.timeMs < bucketMs) {
      bars.splice(i + 1, 0, candleOfTrade(bucketMs, trade.priceUnits, trade.amountUnits));
      return;
    }
  }
  bars.unshift(candleOfTrade(bucketMs, trade.priceUnits, trade.amountUnits));
}

/**
 * The live market of every pair in this process's memory: recent bars of the stored periods,
 * the latest trades, the order book and the sequence numbers. The engine leader feeds it from
 * the price feed, other processes from the tick bus; HTTP answers and socket events read it.
 */
export class MarketBoard {
  private readonly boards = new Map<number, PairBoard>();
  private readonly bySymbol = new Map<string, number>();

  constructor(pairs: readonly MarketPair[]) {
    for (const pair of pairs) {
      this.boards.set(pair.pairId, {
        pair,
        bars: { '1min': [], '60min': [], '1day': [] },
        trades: [],
        terms: [],
        depth: { bids: [], asks: [] },
        seq: { trades: 0, depth: 0 },
      });
      this.bySymbol.set(pair.symbol, pair.pairId);
    }
  }

  pairs(): MarketPair[] {
    return [...this.boards.values()].map((b) => b.pair);
  }

  /** The pair of a known id, without building the list (ticks ask for it on every event). */
  pair(pairId: number): MarketPair {
    return this.board(pairId).pair;
  }

  pairBySymbol(symbol: string): MarketPair | undefined {
    const id = this.bySymbol.get(symbol.toUpperCase());
    return id === undefined ? undefined : this.boards.get(id)!.pair;
  }

  pairByIds(currencyId: number, legalId: number): MarketPair | undefined {
    return this.pairs().find((p) => p.currencyId === currencyId && p.legalId === legalId);
  }

  private board(pairId: number): PairBoard {
    const board = this.boards.get(pairId);
    if (!board) throw new Error(`unknown pair ${pairId}`);
    return board;
  }

  /** Replaces the recent bars of a period (ascending), as loaded from the database. */
  loadBars(pairId: number, period: StoredPeriod, bars: Candle[]): void {
    this.board(pairId).bars[period] = bars;
  }

  /** The sequence number the leader gives the next event of this kind. */
  nextSeq(pairId: number, kind: TickEvent['kind']): number {
    return this.board(pairId).seq[kind] + 1;
  }

  /** Applies a tick of the feed of the leader term `term`. */
  apply(event: TickEvent, term: bigint): void {
    const board = this.board(event.pairId);
    board.seq[event.kind] = event.seq;
    if (event.kind === 'depth') {
      board.depth = event.depth;
      return;
    }
    for (const trade of event.trades) {
      for (const period of ['1min', '60min', '1day'] as const) addToBars(board.bars[period], period, trade);
    }
    board.trades = [...event.trades].reverse().concat(board.trades).slice(0, limits.recentTradesMax);
    board.terms = Array<bigint>(event.trades.length).fill(term).concat(board.terms).slice(0, limits.recentTradesMax);
    const latestMs = board.bars['1min'].at(-1)!.timeMs;
    for (const period of ['1min', '60min', '1day'] as const) {
      const sinceMs = KEEP[period](latestMs);
      const bars = board.bars[period];
      const drop = bars.findIndex((b) => b.timeMs >= sinceMs);
      if (drop > 0) bars.splice(0, drop);
    }
  }

  /** The latest trade at or before `nowMs`, with the leader term whose feed made it. */
  lastTradeAt(pairId: number, nowMs: number): (Trade & { term: bigint }) | undefined {
    const board = this.board(pairId);
    const i = board.trades.findIndex((t) => t.timeMs <= nowMs);
    return i < 0 ? undefined : { ...board.trades[i]!, term: board.terms[i]! };
  }

  /** The last traded price, or the reference price before any trade. */
  lastPriceUnits(pairId: number): bigint {
    const board = this.board(pairId);
    return board.trades[0]?.priceUnits ?? board.bars['1min'].at(-1)?.closeUnits ?? board.pair.referencePriceUnits;
  }

  /** Recent bars of a stored period, ascending. */
  recentBars(pairId: number, period: StoredPeriod): readonly Candle[] {
    return this.board(pairId).bars[period];
  }

  /** The bar of `period` holding `timeMs` as far as this process knows it, built from the stored period below it. */
  barAt(pairId: number, period: Period, timeMs: number): Candle | undefined {
    const startMs = bucketStartMs(period, timeMs);
    const source = this.board(pairId).bars[storedPeriodFor(period)].filter((b) => b.timeMs >= startMs);
    return rollUp(source, period).find((b) => b.timeMs === startMs);
  }

  recentTrades(pairId: number): readonly Trade[] {
    return this.board(pairId).trades;
  }

  depth(pairId: number): Depth {
    return this.board(pairId).depth;
  }

  seq(pairId: number, kind: TickEvent['kind']): number {
    return this.board(pairId).seq[kind];
  }

  dayStats(pairId: number, nowMs: number): DayStats {
    return dayStats(this.board(pairId).bars['1min'], nowMs, this.lastPriceUnits(pairId));
  }
}

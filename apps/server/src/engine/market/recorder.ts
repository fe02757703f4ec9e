import { addTrade, bucketStartMs, candleOfTrade, type Candle, type Clock, type StoredPeriod, type TickEvent } from '@tidemark/core';
import type { Lead } from '../hosted';
import type { MarketBoard } from './board';

/**
 * Writes what the engine leader saw, in batches so a running feed costs one small transaction
 * per flush rather than a write per tick: finished one-second bars (the record settlements are
 * checked against) and the stored candles that changed, copied from the board. Written as leader
 * jobs (on SQLite by the writer thread, sharing a commit with the calls of the moment).
 */
export class Recorder {
  private seconds = new Map<string, { pairId: number; bar: Candle }>();
  private dirty = new Map<string, { pairId: number; period: StoredPeriod; timeMs: number }>();
  /** the flush being written: flushes run one after another, so one that resolves finds the earlier ones written */
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly lead: Lead,
    private readonly board: MarketBoard,
    private readonly clock: Clock,
  ) {}

  record(event: TickEvent): void {
    if (event.kind !== 'trades') return;
    for (const trade of event.trades) {
      const secondMs = bucketStartMs('1s', trade.timeMs);
      const key = `${event.pairId}:${secondMs}`;
      const open = this.seconds.get(key);
      this.seconds.set(key, {
        pairId: event.pairId,
        bar: open
          ? addTrade(open.bar, trade.priceUnits, trade.amountUnits)
          : candleOfTrade(secondMs, trade.priceUnits, trade.amountUnits),
      });
      for (const period of ['1min', '60min', '1day'] as const) {
        const timeMs = bucketStartMs(period, trade.timeMs);
        this.dirty.set(`${event.pairId}:${period}:${timeMs}`, { pairId: event.pairId, period, timeMs });
      }
    }
  }

  /** Writes finished seconds (all of them when `everything`, at shutdown) and changed candles. */
  flush(everything = false): Promise<void> {
    const run = this.writing.then(() => this.write(everything));
    this.writing = run.catch(() => {});
    return run;
  }

  private async write(everything: boolean): Promise<void> {
    const openSecondMs = everything ? Infinity : bucketStartMs('1s', this.clock());
    const seconds = [...this.seconds].filter(([, s]) => s.bar.timeMs < openSecondMs);
    for (const [key] of seconds) this.seconds.delete(key);
    const dirty = [...this.dirty.values()];
    this.dirty.clear();
    const candles = dirty.flatMap(({ pairId, period, timeMs }) => {
      const candle = this.board.recentBars(pairId, period).find((b) => b.timeMs === timeMs);
      return candle ? [{ pairId, period, candle }] : [];
    });
    if (seconds.length === 0 && candles.length === 0) return;
    try {
      await this.lead.run('recordBars', { seconds: seconds.map(([, s]) => s), candles });
    } catch (error) {
      // keep them for the next flush: a busy database must not lose the price record
      for (const [key, s] of seconds) if (!this.seconds.has(key)) this.seconds.set(key, s);
      for (const d of dirty) this.dirty.set(`${d.pairId}:${d.period}:${d.timeMs}`, d);
      throw error;
    }
  }
}

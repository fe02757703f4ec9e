import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '@tidemark/core';
import { pruneRecordedSeconds } from '../../modules/market/service';
import type { Lead } from '../hosted';

/** Pruning is a chore, not a duty: once an hour keeps the table near its bound at ~600k new rows a day. */
export const PRUNE_EVERY_MS = 3600_000;
/** Rows per DELETE: milliseconds of write lock on SQLite, so recorder flushes and trading wait little. */
const PRUNE_BATCH_ROWS = 5000;

/**
 * Keeps the one-second price record to its retention: the engine leader deletes older seconds,
 * at most once an hour, a bounded batch at a time. Candles are not touched (charts keep history).
 */
export class PriceRecordPruner {
  private lastRunMs = -Infinity;
  private running: Promise<number> | undefined;
  private stopped = false;

  constructor(
    private readonly lead: Pick<Lead, 'write'>,
    private readonly pairIds: readonly number[],
    private readonly clock: Clock,
    private readonly keepMs: number,
    private readonly batchRows = PRUNE_BATCH_ROWS,
  ) {}

  /**
   * Deletes seconds older than the retention unless a run started within the hour; answers how
   * many. While a run is in progress, answers 0 once it ends (so a caller finds it done).
   */
  async maybePrune(): Promise<number> {
    if (this.running) {
      await this.running.catch(() => {});
      return 0;
    }
    const nowMs = this.clock();
    if (this.stopped || nowMs - this.lastRunMs < PRUNE_EVERY_MS) return 0;
    this.lastRunMs = nowMs;
    this.running = this.prune(nowMs - this.keepMs);
    try {
      return await this.running;
    } finally {
      this.running = undefined;
    }
  }

  /** Ends a run in progress after its current batch (the process is no longer the leader, or is closing). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => {});
  }

  private async prune(beforeMs: number): Promise<number> {
    let deleted = 0;
    for (const pairId of this.pairIds) {
      for (;;) {
        if (this.stopped) return deleted;
        const batch = await this.lead.write((trx) => pruneRecordedSeconds(trx, pairId, beforeMs, this.batchRows));
        deleted += batch;
        if (batch < this.batchRows) break;
        // SQLite answers synchronously: without a turn of the event loop a long backlog would stall every socket and request
        await nextTurn();
      }
    }
    return deleted;
  }
}

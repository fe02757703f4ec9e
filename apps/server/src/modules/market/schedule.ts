import { limits } from '@tidemark/protocol';
import type { Config } from '../../config';
import { marketPairs } from '../currency/service';
import { defineJob, deleteInBatches } from '../schedule/job';
import { pruneRecordedSeconds } from './service';

/**
 * Keeps the one-second price record to its retention (`keepMs`): every hour the seconds older go,
 * a bounded batch at a time. Candles are not touched (charts keep history).
 */
export const priceRecordPrune = (keepMs: number, batchRows: number = limits.pruneBatchRows) =>
  defineJob({
    name: 'price_record_prune',
    schedule: { every: limits.pruneEveryMs },
    async runInBatches(lead, { dueMs }) {
      let deleted = 0;
      for (const { pairId } of await marketPairs(lead.db)) {
        deleted += await deleteInBatches(lead, batchRows, (trx, rows) => pruneRecordedSeconds(trx, pairId, dueMs - keepMs, rows));
      }
      return `deleted ${deleted}`;
    },
  });

export const marketJobs = (config: Config) => [priceRecordPrune(config.priceRecordMs)];

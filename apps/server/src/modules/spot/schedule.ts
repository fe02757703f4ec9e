import { limits } from '@tidemark/protocol';
import { MARKET_MAKER_EMAIL } from '../bootstrap/service';
import { defineJob, deleteInBatches } from '../schedule/job';
import { deleteUnfilledCancelled } from './queries';

/**
 * The market maker cancels rungs all day as the index moves: those that never traded go once a day
 * old, every hour, a bounded batch at a time. A trader's orders are their history and stay.
 */
export const spotJobs = [
  defineJob({
    name: 'spot_maker_prune',
    schedule: { every: limits.pruneEveryMs },
    async runInBatches(lead, { dueMs }) {
      const beforeMs = dueMs - limits.spotMakerCancelledKeepMs;
      return `deleted ${await deleteInBatches(lead, limits.pruneBatchRows, (trx, rows) => deleteUnfilledCancelled(trx, MARKET_MAKER_EMAIL, beforeMs, rows))}`;
    },
  }),
];

import { limits } from '@tidemark/protocol';
import { defineJob } from './job';
import { pruneRuns } from './service';

/** The schedule's own chore: run records past their retention. */
export const scheduleJobs = [
  defineJob({
    name: 'schedule_run_prune',
    schedule: { every: limits.pruneEveryMs },
    run: async (trx, { dueMs }) => `deleted ${await pruneRuns(trx, dueMs - limits.scheduleRunKeepMs)}`,
  }),
];

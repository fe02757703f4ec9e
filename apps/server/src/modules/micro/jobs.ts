import type { Db } from '../../db/database';
import { leaderJob } from '../../writer/jobs';
import type { MicroSettleBatch } from './batch';
import { persistMicroSettlements, recordMicroTicks, type MicroTick } from './service';

/** The micro settler's jobs. */
export const microJobs = () => ({
  jobs: {
    /** a batch of settlements, alone in its transaction and in chain order */
    microSettle: leaderJob(
      (trx: Db, job: { batch: MicroSettleBatch; ticks: MicroTick[]; nowMs: number }) => persistMicroSettlements(trx, job.batch, job.ticks, job.nowMs),
      { alone: true },
    ),
    /** the ticks orders settle at */
    recordMicroTicks: leaderJob((trx: Db, job: { ticks: MicroTick[] }) => recordMicroTicks(trx, job.ticks)),
  },
});

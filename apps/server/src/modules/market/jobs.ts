import type { Candle } from '@tidemark/core';
import type { Db } from '../../db/database';
import { leaderJob } from '../../writer/jobs';
import { recordBars, type StoredBar } from './service';

/** The leader's price record. */
export const marketJobs = () => ({
  jobs: {
    /** the recorder's finished seconds and changed candles (engine/market) */
    recordBars: leaderJob((trx: Db, job: { seconds: { pairId: number; bar: Candle }[]; candles: StoredBar[] }) => recordBars(trx, job.seconds, job.candles)),
  },
});

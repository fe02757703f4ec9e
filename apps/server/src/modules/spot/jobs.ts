import type { Db } from '../../db/database';
import { leaderJob } from '../../writer/jobs';
import { persistSpotDecision, submitOrder, type SpotDecision, type SubmitInput } from './service';

/** The spot matcher's writes. */
export const spotJobs = () => ({
  jobs: {
    /** one command's decision: order states, fills and their ledger transactions */
    spotApply: leaderJob((trx: Db, decision: SpotDecision) => persistSpotDecision(trx, decision)),
    /** a market maker's quote, placed as a trader's order is (judged at the index price the maker saw) */
    spotQuote: leaderJob((trx: Db, job: { input: SubmitInput; indexPriceUnits: bigint | null; nowMs: number }) =>
      submitOrder(trx, job.input, () => job.indexPriceUnits, job.nowMs),
    ),
  },
});

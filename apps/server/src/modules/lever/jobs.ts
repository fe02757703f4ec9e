import type { LeverEvent, LeverOrder, LeverTick } from '@tidemark/core';
import type { Db } from '../../db/database';
import { callJob, leaderJob } from '../../writer/jobs';
import { applyLeverClose, applyLeverFill, leverPairs, submitLever, type LeverSubmit } from './service';

/** The contracts' jobs: submits (the hot call), and the engine's fills and closes. */
export function leverJobs() {
  // the pairs' settings, cached per runner; staff changing a pair wake `lever`
  const pairs = leverPairs();
  return {
    jobs: {
      leverSubmit: callJob(async (trx: Db, job: { input: LeverSubmit; tick: LeverTick | null; nowMs: number }) =>
        (await submitLever(trx, pairs, job.input, job.tick, job.nowMs)).id,
      ),
      /** the engine's fill of an entrust; false when already done */
      leverFill: leaderJob((trx: Db, job: { order: LeverOrder }) => applyLeverFill(trx, job.order)),
      /** the engine's close of a position; false when already done */
      leverClose: leaderJob((trx: Db, job: { event: Extract<LeverEvent, { type: 'lever_order_closed' }> }) => applyLeverClose(trx, job.event)),
    },
    // a submit's own wake names its order (`lever:<id>`): only the bare name says the pairs changed
    wakes: (signal: string) => signal === 'lever',
    wake: () => pairs.forget(),
  };
}

// Hot money calls as jobs: a call's work named and given as plain data, so that concurrent calls
// share one transaction and one commit (group commit), and on SQLite run in the writer thread
// (writer.ts), off the thread that serves HTTP. The same runner serves PostgreSQL in process.
import type { Candle, LeverEvent, LeverOrder, LeverTick } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import type { Db } from '../db/database';
import { groupCommit, type GroupCommit } from '../db/group-commit';
import { retriedTransaction } from '../db/transaction';
import { keyed, type Claim } from '../http/idempotency';
import { LEVER_ENGINE } from '../modules/lever/routes';
import { applyLeverClose, applyLeverFill, leverPairs, submitLever, type LeverPairs, type LeverSubmit } from '../modules/lever/service';
import { recordBars, type StoredBar } from '../modules/market/service';
import { markSessionSeen } from '../modules/session/service';
import { proveLead } from '../modules/leadership/service';
import type { MicroSettleBatch } from '../modules/micro/batch';
import { persistMicroSettlements, recordMicroTicks, type MicroTick } from '../modules/micro/service';

/** What the jobs keep between calls, per runner. */
interface JobContext {
  pairs: LeverPairs;
}

/** The calls' jobs, by name: each runs inside the group's transaction and answers plain data. */
const callJobs = {
  leverSubmit: async (trx: Db, job: { input: LeverSubmit; tick: LeverTick | null; nowMs: number }, { pairs }: JobContext) =>
    (await submitLever(trx, pairs, job.input, job.tick, job.nowMs)).id,
  /** a signed-in call's session seen again (http/auth.ts): on SQLite, a write on the HTTP thread's own connection would wait there for the writer thread's transaction */
  markSessionSeen: (trx: Db, job: { sessionId: bigint; nowMs: number }) => markSessionSeen(trx, job.sessionId, job.nowMs),
};

/**
 * The engine leader's jobs (engine/): each first proves, inside its transaction, that the term it
 * was decided in still leads (`proveLead`), so a stalled leader's late write commits nothing.
 */
const leaderJobs = {
  /** the lever engine's fill of an entrust and its close of a position (engine/lever); false when already done */
  leverFill: (trx: Db, job: { order: LeverOrder }) => applyLeverFill(trx, job.order),
  leverClose: (trx: Db, job: { event: Extract<LeverEvent, { type: 'lever_order_closed' }> }) => applyLeverClose(trx, job.event),
  /** the micro settler's batch (engine/micro) */
  microSettle: (trx: Db, job: { batch: MicroSettleBatch; ticks: MicroTick[]; nowMs: number }) => persistMicroSettlements(trx, job.batch, job.ticks, job.nowMs),
  /** the market recorder's finished seconds and changed candles (engine/market) */
  recordBars: (trx: Db, job: { seconds: { pairId: number; bar: Candle }[]; candles: StoredBar[] }) => recordBars(trx, job.seconds, job.candles),
  /** the micro settler's ticks, the prices its orders settle at (engine/micro) */
  recordMicroTicks: (trx: Db, job: { ticks: MicroTick[] }) => recordMicroTicks(trx, job.ticks),
};

const jobs = { ...callJobs, ...leaderJobs };

export type JobName = keyof typeof jobs;
export type LeaderJobName = keyof typeof leaderJobs;
const isLeaderJob = (name: JobName): name is LeaderJobName => Object.hasOwn(leaderJobs, name);
export type JobArgs<N extends JobName> = Parameters<(typeof jobs)[N]>[1];
export type JobValue<N extends JobName> = Awaited<ReturnType<(typeof jobs)[N]>>;

/**
 * Jobs that run in a transaction of their own, not in a group, one at a time: a settlement batch
 * writes thousands of rows, which the lever submits of a group would wait on, and it commits alone.
 */
const ALONE: ReadonlySet<JobName> = new Set(['microSettle']);

/** Whether a job runs in a transaction of its own (see ALONE). */
export const runsAlone = (name: JobName) => ALONE.has(name);

/** One call's job: with a key, it claims it and stores `payload` as the answer in the same transaction. */
export interface JobCall<N extends JobName = JobName> {
  name: N;
  args: JobArgs<N>;
  claim?: Claim;
  /** the call's answer, known before the job runs (only a refusal changes it) */
  payload: string;
  /** a leader job's term (see Lead in engine/hosted.ts): the job runs only while it leads */
  epoch?: bigint;
}

/** A job's outcome once committed: the answer stored for the key by an earlier call, or the job's value. */
export type JobOutcome<N extends JobName = JobName> = { replayed: string } | { value: JobValue<N> };

/** Whether a wake signal changes what jobs keep: staff changing the contract pairs wake `lever` (a submit's own wake names its order). */
export const wakesJobs = (signal: string) => signal === LEVER_ENGINE;

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's job runner (the writer thread on SQLite): money calls, the micro settler's batches and the engine leader's price record */
    jobs: JobRunner;
  }
}

/** Runs jobs, each answered after the commit that holds it; a refusal rejects with its Rejection. */
export interface JobRunner {
  run<N extends JobName>(call: JobCall<N>): Promise<JobOutcome<N>>;
  /** every wake signal of the process: staff changing a contract pair wake `lever` */
  wake(signal: string): void;
  close(): Promise<void>;
}

/** The runner on `db`, in this thread: concurrent calls share one commit (but those that run alone). */
export function jobRunner(db: Db): JobRunner {
  const grouped = groupCommit(db, limits.groupCommitMax);
  // one after another in the order handed in, even on PostgreSQL's pool: a settlement batch
  // commits after the one it follows in the chain
  let aloneTail: Promise<unknown> = Promise.resolve();
  const alone: GroupCommit = (work) => {
    const done = aloneTail.then(() => retriedTransaction(db, work));
    aloneTail = done.catch(() => undefined);
    return done;
  };
  const context: JobContext = { pairs: leverPairs() };
  const work = async (trx: Db, { name, args, epoch }: JobCall) => {
    if (isLeaderJob(name)) {
      if (epoch === undefined) throw new Error(`the leader job ${name} was sent without its term`);
      await proveLead(trx, epoch);
    }
    return (jobs[name] as (trx: Db, args: unknown, context: JobContext) => Promise<unknown>)(trx, args, context);
  };
  return {
    run: <N extends JobName>(call: JobCall<N>) =>
      (runsAlone(call.name) ? alone : grouped)(async (trx) => {
        if (!call.claim) return { value: await work(trx, call) };
        let value: unknown;
        const outcome = await keyed(trx, call.claim, async () => ((value = await work(trx, call)), call.payload), call.payload);
        return 'replayed' in outcome ? outcome : { value };
      }) as Promise<JobOutcome<N>>,
    wake(signal) {
      if (wakesJobs(signal)) context.pairs.forget();
    },
    close: () => Promise.resolve(),
  };
}

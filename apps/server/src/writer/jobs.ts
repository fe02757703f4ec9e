// Hot money calls and the engine leader's writes as jobs: work named and given as plain data, so
// that concurrent calls share one transaction and one commit (group commit), and on SQLite run in
// the writer thread (writer.ts), off the thread that serves HTTP. The same runner serves
// PostgreSQL in process. Each module brings its jobs (`modules/<x>/jobs.ts`); `src/jobs.ts` lists
// them.
import type { FastifyInstance } from 'fastify';
import { limits } from '@tidemark/protocol';
import type { Db } from '../db/database';
import { groupCommit, type GroupCommit } from '../db/group-commit';
import { keyed, type Claim } from '../db/idempotency';
import { retriedTransaction } from '../db/transaction';

/** One job: its work inside the transaction the runner opens, plain data in and out. */
export interface Job<A = never, V = unknown> {
  /**
   * a leader job (engine/) first proves, inside its transaction, that the term it was decided in
   * still leads (`proveLead`), so a stalled leader's late write commits nothing
   */
  readonly leader: boolean;
  /**
   * runs in a transaction of its own, one at a time in the order handed in, not in a group: a
   * settlement batch writes thousands of rows, which the submits of a group would wait on
   */
  readonly alone: boolean;
  run(trx: Db, args: A): Promise<V>;
}

/** A call's job (a hot money call, a signed-in call's bookkeeping). */
export const callJob = <A, V>(run: (trx: Db, args: A) => Promise<V>): Job<A, V> & { leader: false } => ({ leader: false, alone: false, run });

/** A leader job: an engine's write, fenced by its term. */
export const leaderJob = <A, V>(run: (trx: Db, args: A) => Promise<V>, { alone = false } = {}): Job<A, V> & { leader: true } => ({
  leader: true,
  alone,
  run,
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table holds jobs of every argument type
export type Jobs = Record<string, Job<any>>;

/** A module's jobs, and how a wake signal changes what they keep (a cache of what staff change). */
export interface JobSet<J extends Jobs = Jobs> {
  jobs: J;
  /** whether a wake signal changes what these jobs keep (only those cross to the writer thread) */
  wakes?(signal: string): boolean;
  /** forget what the signal made stale */
  wake?(signal: string): void;
}

/** The jobs of every set in `S`, one object type. */
type Merged<S extends readonly JobSet[]> =
  (S[number] extends infer T ? (T extends JobSet<infer J> ? (x: J) => void : never) : never) extends (x: infer I extends Jobs) => void ? I : never;

/** Proves inside `trx` that the term `epoch` still leads, or throws LeadLost (db/lead.ts). */
export type ProveLead = (trx: Db, epoch: bigint) => Promise<void>;

/** Every module's jobs in one table, and the proof a leader job makes first. */
export type JobTable<J extends Jobs = Jobs> = Required<JobSet<J>> & { proveLead: ProveLead };

/** The jobs of every module, one table: built once per runner (each runner keeps its own caches). */
export function jobTable<S extends readonly JobSet[]>(proveLead: ProveLead, ...sets: S): JobTable<Merged<S>> {
  const jobs: Jobs = {};
  for (const set of sets) {
    for (const name of Object.keys(set.jobs)) if (Object.hasOwn(jobs, name)) throw new Error(`the job ${name} is declared twice`);
    Object.assign(jobs, set.jobs);
  }
  return {
    proveLead,
    jobs: jobs as Merged<S>,
    wakes: (signal) => sets.some((set) => set.wakes?.(signal)),
    wake: (signal) => sets.forEach((set) => set.wakes?.(signal) && set.wake?.(signal)),
  };
}

export type JobName<J extends Jobs> = keyof J & string;
export type LeaderJobName<J extends Jobs> = { [N in JobName<J>]: J[N]['leader'] extends true ? N : never }[JobName<J>];
export type JobArgs<J extends Jobs, N extends JobName<J>> = Parameters<J[N]['run']>[1];
export type JobValue<J extends Jobs, N extends JobName<J>> = Awaited<ReturnType<J[N]['run']>>;

/** One call's job: with a key, it claims it and stores `payload` as the answer in the same transaction. */
export interface JobCall<J extends Jobs = Jobs, N extends JobName<J> = JobName<J>> {
  name: N;
  args: JobArgs<J, N>;
  claim?: Claim;
  /** the call's answer, known before the job runs (only a refusal changes it) */
  payload: string;
  /** a leader job's term (see Lead in engine/hosted.ts): the job runs only while it leads */
  epoch?: bigint;
}

/** A job's outcome once committed: the answer stored for the key by an earlier call, or the job's value. */
export type JobOutcome<V = unknown> = { replayed: string } | { value: V };

/** Runs jobs, each answered after the commit that holds it; a refusal rejects with its Rejection. */
export interface JobRunner<J extends Jobs = Jobs> {
  run<N extends JobName<J>>(call: JobCall<J, N>): Promise<JobOutcome<JobValue<J, N>>>;
  /** every wake signal of the process: staff changing a contract pair wake `lever` */
  wake(signal: string): void;
  close(): Promise<void>;
}

/**
 * The app's jobs as `app.jobs` declares them (src/jobs.ts, which lists every module's): the HTTP
 * layer and the engines run them by name without importing the modules that bring them.
 */
export type AppJobs = FastifyInstance['jobs'] extends JobRunner<infer J> ? J : never;
export type AppJobName = JobName<AppJobs>;
export type AppLeaderJobName = LeaderJobName<AppJobs>;
export type AppJobArgs<N extends AppJobName> = JobArgs<AppJobs, N>;
export type AppJobValue<N extends AppJobName> = JobValue<AppJobs, N>;

/** The runner on `db`, in this thread: concurrent calls share one commit (but those that run alone). */
export function jobRunner<J extends Jobs>(db: Db, table: JobTable<J>): JobRunner<J> {
  const grouped = groupCommit(db, limits.groupCommitMax);
  // one after another in the order handed in, even on PostgreSQL's pool: a settlement batch
  // commits after the one it follows in the chain
  let aloneTail: Promise<unknown> = Promise.resolve();
  const alone: GroupCommit = (work) => {
    const done = aloneTail.then(() => retriedTransaction(db, work));
    aloneTail = done.catch(() => undefined);
    return done;
  };
  const work = async (trx: Db, { name, args, epoch }: JobCall<J>) => {
    const job = table.jobs[name]!;
    if (job.leader) {
      if (epoch === undefined) throw new Error(`the leader job ${name} was sent without its term`);
      await table.proveLead(trx, epoch);
    }
    return job.run(trx, args as never);
  };
  return {
    run: <N extends JobName<J>>(call: JobCall<J, N>) =>
      (table.jobs[call.name]!.alone ? alone : grouped)(async (trx) => {
        if (!call.claim) return { value: await work(trx, call) };
        let value: unknown;
        const outcome = await keyed(trx, call.claim, async () => ((value = await work(trx, call)), call.payload), call.payload);
        return 'replayed' in outcome ? outcome : { value };
      }) as Promise<JobOutcome<JobValue<J, N>>>,
    wake: (signal) => table.wake(signal),
    close: () => Promise.resolve(),
  };
}

import { Worker } from 'node:worker_threads';
import { ledgerTransactions } from '../metrics';
import { Rejection } from '../rejection';
import { wakesJobs, type JobCall, type JobOutcome, type JobRunner } from './jobs';

/** To the writer thread: a job to run, a wake signal to hear, or the end. */
export type ToWriter = { id: number; call: JobCall } | { wake: string } | { close: true };

/** From the writer thread: a job's outcome or failure, with the ledger transactions it counted. */
export type FromWriter = { id: number; ledger: { kind: string; count: number }[] } & Answered;

/** How a job ended. */
export type Answered = { outcome: JobOutcome } | { rejection: Pick<Rejection, 'code' | 'params'> } | { error: string };

/**
 * The SQLite writer: a thread with a connection of its own to the file runs the jobs, so the disk
 * syncs of their commits (`synchronous=FULL`) and their statements do not hold up the thread that
 * serves HTTP. Run from source, the thread loads TypeScript through `boot.mjs`; the build bundles
 * it as `writer-thread.js` beside the server.
 */
export function startWriter(dataDir: string): JobRunner {
  const fromSource = import.meta.url.endsWith('.ts');
  const worker = new Worker(new URL(fromSource ? './boot.mjs' : './writer-thread.js', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, { resolve: (outcome: JobOutcome) => void; reject: (error: unknown) => void }>();
  let idle: (() => void) | undefined;
  let nextId = 0;
  let failure: Error | undefined;
  const failAll = (error: Error) => {
    failure = error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on('message', (message: FromWriter) => {
    const call = pending.get(message.id)!;
    pending.delete(message.id);
    for (const { kind, count } of message.ledger) ledgerTransactions.inc({ kind }, count);
    if ('outcome' in message) call.resolve(message.outcome);
    else if ('rejection' in message) call.reject(new Rejection(message.rejection.code, message.rejection.params));
    else call.reject(new Error(message.error));
    if (pending.size === 0) idle?.();
  });
  worker.on('error', failAll);
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      failAll(new Error('the writer thread stopped'));
      resolve();
    }),
  );
  const post = (message: ToWriter) => worker.postMessage(message);
  return {
    run<N extends JobCall['name']>(call: JobCall<N>) {
      if (failure) return Promise.reject(failure);
      const id = nextId++;
      return new Promise<JobOutcome<N>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (outcome: JobOutcome) => void, reject });
        post({ id, call });
      });
    },
    // not every submit's own wake: one message more for each
    wake: (signal) => void (wakesJobs(signal) && post({ wake: signal })),
    async close() {
      // the jobs in flight are answered first
      if (pending.size > 0) await new Promise<void>((resolve) => (idle = resolve));
      post({ close: true });
      await exited;
    },
  };
}

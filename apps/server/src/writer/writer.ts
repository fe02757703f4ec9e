import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import { ledgerTransactions } from '../metrics';
import { LeadLost } from '../db/lead';
import { Rejection } from '../rejection';
import { runsAlone, wakesJobs, type JobCall, type JobOutcome, type JobRunner } from './jobs';

/** To the writer thread, in order: a job to run, a wake signal to hear, or the end. */
export type ToWriter = { id: number; call: JobCall } | { wake: string } | { close: true };

/** From the writer thread: jobs' outcomes or failures, with the ledger transactions it counted since the last. */
export interface FromWriter {
  answers: ({ id: number } & Answered)[];
  ledger: { kind: string; count: number }[];
}

/** How a job ended. */
export type Answered =
  | { outcome: JobOutcome }
  | { rejection: Pick<Rejection, 'code' | 'params'> }
  | { leadLost: Pick<LeadLost, 'epoch' | 'currentEpoch'> }
  | { error: string };

export interface WriterOptions {
  clock: Clock;
  /** each thread as it starts (tests stop one to see it replaced) */
  started?: (thread: Worker) => void;
}

/**
 * The SQLite writer: a thread with a connection of its own to the file runs the jobs, so the disk
 * syncs of their commits (`synchronous=FULL`) and their statements do not hold up the thread that
 * serves HTTP. Run from source, the thread loads TypeScript through `boot.mjs`; the build bundles
 * it as `writer-thread.js` beside the server.
 */
export function startWriter(dataDir: string, log: Pick<FastifyBaseLogger, 'error'>, { clock, started }: WriterOptions): JobRunner {
  const fromSource = import.meta.url.endsWith('.ts');
  const pending = new Map<number, { resolve: (outcome: JobOutcome) => void; reject: (error: unknown) => void }>();
  let idle: (() => void) | undefined;
  let nextId = 0;
  let closing = false;
  let failure: Error | undefined;
  let exited!: Promise<void>;
  // a thread that fails is replaced at once: the jobs it held are refused (each one's claim, work
  // and answer commit together, so none is half done and a retry with its key is safe)
  const spawn = (): Worker => {
    const startedMs = clock();
    const next = new Worker(new URL(fromSource ? './boot.mjs' : './writer-thread.js', import.meta.url), { workerData: { dataDir } });
    next.on('message', ({ answers, ledger }: FromWriter) => {
      for (const { kind, count } of ledger) ledgerTransactions.inc({ kind }, count);
      for (const answer of answers) {
        const call = pending.get(answer.id)!;
        pending.delete(answer.id);
        if ('outcome' in answer) call.resolve(answer.outcome);
        else if ('rejection' in answer) call.reject(new Rejection(answer.rejection.code, answer.rejection.params));
        else if ('leadLost' in answer) call.reject(new LeadLost(answer.leadLost.epoch, answer.leadLost.currentEpoch));
        else call.reject(new Error(answer.error));
      }
      if (pending.size === 0) idle?.();
    });
    next.on('error', (error) => log.error({ err: error }, 'the SQLite writer thread failed'));
    exited = new Promise<void>((resolve) =>
      next.once('exit', (code) => {
        const stopped = new Error('the writer thread stopped');
        for (const { reject } of pending.values()) reject(stopped);
        pending.clear();
        // the jobs not yet sent were refused with the rest: the next thread must not run them
        outbox = [];
        idle?.();
        // one that stops as soon as it starts would only stop again: jobs are refused from then on
        if (!closing && clock() - startedMs < limits.writerRestartAfterMs) {
          failure = stopped;
          log.error({ code }, 'the SQLite writer thread stopped as it started; money calls are refused until a restart');
        } else if (!closing) {
          log.error({ code }, 'the SQLite writer thread stopped; starting another');
          worker = spawn();
        }
        resolve();
      }),
    );
    started?.(next);
    return next;
  };
  // messages leave once a turn of the event loop, together: the calls of the requests read in one
  // turn cost the thread one message, not one each
  let outbox: ToWriter[] = [];
  const flush = () => {
    const messages = outbox;
    outbox = [];
    if (messages.length > 0) worker.postMessage(messages);
  };
  const post = (message: ToWriter) => {
    if (outbox.push(message) === 1) setImmediate(flush);
  };
  let worker = spawn();
  return {
    run<N extends JobCall['name']>(call: JobCall<N>) {
      if (failure) return Promise.reject(failure);
      // the thread ends on the close message: a job sent after it would never be answered
      if (closing) return Promise.reject(new Error('the writer thread is closing'));
      const id = nextId++;
      return new Promise<JobOutcome<N>>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (outcome: JobOutcome) => void, reject });
        post({ id, call });
        // a job that runs alone shares its message with no other call: it leaves now, not at the
        // turn's end, which a settler working out its next batch (its reads are promises, not
        // I/O) reaches only once it waits for this one: the two would run in turn, not side by side
        if (runsAlone(call.name)) flush();
      });
    },
    // not every submit's own wake: one message more for each
    wake: (signal) => void (wakesJobs(signal) && post({ wake: signal })),
    async close() {
      // the jobs in flight are answered first
      if (pending.size > 0) await new Promise<void>((resolve) => (idle = resolve));
      closing = true;
      post({ close: true });
      await exited;
    },
  };
}

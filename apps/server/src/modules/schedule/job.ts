import { setImmediate as nextTurn } from 'node:timers/promises';
import { scheduleProblem, type TimedSchedule } from '@tidemark/core';
import type { Db } from '../../db/database';

/** Due times a module stores itself (a P2P order's payment deadline): the earliest one not yet handled, or undefined. */
export interface StoredSchedule {
  next(db: Db, nowMs: number): Promise<number | undefined>;
}

/** An interval or a daily time (core's TimedSchedule), or due times the module stores. */
export type JobSchedule = TimedSchedule | StoredSchedule;

/** The due time a run is for, and the clock's time as it starts. */
export interface JobTime {
  dueMs: number;
  nowMs: number;
}

/** What a run in batches writes through: the leader's term (engine/hosted.ts Lead). */
export interface JobLead {
  /** reads; a write through it is refused */
  readonly db: Db;
  /** a transaction that first proves the term: refused (LeadLost, nothing written) once another process leads */
  write<T>(work: (trx: Db) => Promise<T>): Promise<T>;
  /** the term ended or the process stops: return after the current batch (the next leader runs the due time again) */
  ended(): boolean;
}

interface JobBase {
  /** names it in its runs' records, the logs and the console (`job_<name>` in the console's texts) */
  name: string;
  schedule: JobSchedule;
}

/**
 * A job the engine leader runs on a schedule, once per due time. `run` does its work in one
 * transaction that proves the term and records the run, so a crash or a lost lead leaves neither.
 * `runInBatches` writes through `lead.write` as often as it likes, its run recorded as it starts
 * and as it finishes: a run cut short runs again, so its work must be safe to repeat. Each
 * answers a line saying what it did, kept with the run. A stored schedule's run handles every
 * due time up to its start.
 */
export type ScheduledJob = JobBase &
  (
    | { run(trx: Db, time: JobTime): Promise<string>; runInBatches?: never }
    | { runInBatches(lead: JobLead, time: JobTime): Promise<string>; run?: never }
  );

/** Declares a job; a schedule that cannot be kept throws at once. */
export function defineJob(job: ScheduledJob): ScheduledJob {
  const problem = 'next' in job.schedule ? undefined : scheduleProblem(job.schedule);
  if (problem) throw new Error(`scheduled job ${job.name}: ${problem}`);
  return job;
}

/**
 * Runs `batch` (a DELETE of at most `rows` rows, answering how many) in its own proving
 * transactions until one comes short or the term ends; answers the rows deleted.
 */
export async function deleteInBatches(lead: JobLead, rows: number, batch: (trx: Db, rows: number) => Promise<number>): Promise<number> {
  let deleted = 0;
  while (!lead.ended()) {
    const done = await lead.write((trx) => batch(trx, rows));
    deleted += done;
    if (done < rows) break;
    // SQLite answers synchronously: without a turn of the event loop a long backlog would stall every socket and request
    await nextTurn();
  }
  return deleted;
}

// The leader's scheduled jobs: their runs, one per job and due time, and when each falls due next.
// The runner is the engine's (engine/schedule); the jobs are their modules' (`schedule.ts`).
import { nextDueMs } from '@tidemark/core';
import { limits } from '@tidemark/protocol';
import type { Db } from '../../db/database';
import type { ScheduledJob } from './job';
import { deleteRunsBefore, selectLastDone, selectLatestRuns, updateRunEnd, upsertRun } from './queries';

/** A run as it starts: its job, due time and term. */
export interface RunStart {
  job: string;
  dueMs: number;
  epoch: bigint;
  startedMs: number;
}

/** Records a run as started, inside the leader's proving transaction; false when its due time already ran to the end. */
export const claimRun = (trx: Db, run: RunStart) => upsertRun(trx, { ...run, finishedMs: null, outcome: null, detail: null });

/** The run ran to the end: `detail` says what it did. */
export const finishRun = (trx: Db, run: RunStart & { finishedMs: number; detail: string }) => updateRunEnd(trx, { ...run, outcome: 'ok' });

/** The run failed (its work rolled back, or stopped midway): recorded on its own, tried again later. */
export const failRun = (trx: Db, run: RunStart & { finishedMs: number; detail: string }) => upsertRun(trx, { ...run, outcome: 'failed' });

/** Each job's latest due time that ran to the end. */
export async function lastDoneByJob(db: Db): Promise<Map<string, number>> {
  return new Map((await selectLastDone(db)).map((r) => [r.job, Number(r.due_ms)]));
}

/**
 * The due time a job runs next, given the latest it finished (see core's nextDueMs); at or before
 * `nowMs` it is due now. A stored schedule answers its module's earliest, or undefined for none.
 */
export async function nextDue(db: Db, job: ScheduledJob, doneMs: number | undefined, nowMs: number): Promise<number | undefined> {
  if (!('next' in job.schedule)) return nextDueMs(job.schedule, doneMs, nowMs);
  const earliest = await job.schedule.next(db, nowMs);
  if (earliest === undefined || doneMs === undefined) return earliest;
  // one stored after the run of its very millisecond had read: it runs as the next millisecond's
  return Math.max(earliest, doneMs + 1);
}

/** For the console: every job, its latest run, and when it falls due next (a failed one when it is tried again). */
export async function scheduleState(db: Db, jobs: readonly ScheduledJob[], nowMs: number) {
  const [latest, done] = await Promise.all([selectLatestRuns(db), lastDoneByJob(db)]);
  return Promise.all(
    jobs.map(async (job) => {
      const last = latest.find((r) => r.job === job.name);
      let nextDueMs = await nextDue(db, job, done.get(job.name), nowMs);
      if (last?.outcome === 'failed' && Number(last.due_ms) === nextDueMs) nextDueMs = Number(last.finished_ms) + limits.scheduleRetryMs;
      return { job, last, nextDueMs };
    }),
  );
}

/** Deletes run records due before `beforeMs`, each job's latest successful one kept (its next due time counts from it). */
export const pruneRuns = deleteRunsBefore;

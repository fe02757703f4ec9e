import type { Db } from '../../db/database';
import type { ScheduleRunTable } from '../../db/schema';

type RunRow = { job: string; dueMs: number; epoch: bigint; startedMs: number; finishedMs: number | null; outcome: ScheduleRunTable['outcome']; detail: string | null };

/**
 * Writes a run's row unless its due time already ran to the end; false then. A row left by a run
 * that failed, or whose term ended midway, is taken over.
 */
export async function upsertRun(trx: Db, run: RunRow): Promise<boolean> {
  const values = {
    epoch: run.epoch,
    started_ms: BigInt(run.startedMs),
    finished_ms: run.finishedMs === null ? null : BigInt(run.finishedMs),
    outcome: run.outcome,
    detail: run.detail,
  };
  const rows = await trx
    .insertInto('schedule_run')
    .values({ job: run.job, due_ms: BigInt(run.dueMs), ...values })
    .onConflict((oc) =>
      oc
        .columns(['job', 'due_ms'])
        .doUpdateSet(values)
        .where((eb) => eb.or([eb('schedule_run.outcome', 'is', null), eb('schedule_run.outcome', '!=', 'ok')])),
    )
    .returning('job')
    .execute();
  return rows.length > 0;
}

export async function updateRunEnd(trx: Db, run: { job: string; dueMs: number; finishedMs: number; outcome: 'ok' | 'failed'; detail: string }): Promise<void> {
  await trx
    .updateTable('schedule_run')
    .set({ finished_ms: BigInt(run.finishedMs), outcome: run.outcome, detail: run.detail })
    .where('job', '=', run.job)
    .where('due_ms', '=', BigInt(run.dueMs))
    .execute();
}

/** Each job's latest due time that ran to the end. */
export function selectLastDone(db: Db) {
  return db
    .selectFrom('schedule_run')
    .select((eb) => ['job', eb.fn.max('due_ms').as('due_ms')])
    .where('outcome', '=', 'ok')
    .groupBy('job')
    .execute();
}

/** Each job's latest run, whatever became of it. */
export function selectLatestRuns(db: Db) {
  return db
    .selectFrom('schedule_run as run')
    .selectAll()
    .where('due_ms', '=', (eb) => eb.selectFrom('schedule_run as later').select((e) => e.fn.max('later.due_ms').as('due_ms')).whereRef('later.job', '=', 'run.job'))
    .execute();
}

/** Deletes the runs due before `beforeMs` that a later successful run of the same job follows; answers how many. */
export async function deleteRunsBefore(trx: Db, beforeMs: number): Promise<number> {
  const result = await trx
    .deleteFrom('schedule_run')
    .where('due_ms', '<', BigInt(beforeMs))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('schedule_run as later')
          .select('later.job')
          .whereRef('later.job', '=', 'schedule_run.job')
          .whereRef('later.due_ms', '>', 'schedule_run.due_ms')
          .where('later.outcome', '=', 'ok'),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

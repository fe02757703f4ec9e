import type { ControlledTransaction } from 'kysely';
import { sqliteStatement, type Db } from './database';
import type { Database } from './schema';
import { Rejection } from '../rejection';
import { retriedTransaction } from './transaction';

/** Runs `work` in a transaction that it may share with other concurrent works: one commit for all. */
export type GroupCommit = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;

interface Pending {
  work: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A work's savepoint in the batch's transaction, with the database the work runs on. */
interface Savepoint {
  db: Db;
  release(): Promise<unknown>;
  rollback(): Promise<unknown>;
}

/** On SQLite run at once on the file the transaction holds: Kysely's savepoint builds a transaction object a work. */
async function savepoint(trx: ControlledTransaction<Database>): Promise<Savepoint> {
  const statement = (text: string) => sqliteStatement(trx, text);
  const begin = statement('savepoint work');
  if (begin) {
    begin.run();
    return { db: trx, release: async () => statement('release work')!.run(), rollback: async () => statement('rollback to work')!.run() };
  }
  const point = await trx.savepoint('work').execute();
  return { db: point, release: () => point.releaseSavepoint('work').execute(), rollback: () => point.rollbackToSavepoint('work').execute() };
}

/** Rows the SQLite file's connection has written since it opened; undefined on PostgreSQL. */
function writtenRows(trx: Db): (() => bigint) | undefined {
  const statement = sqliteStatement(trx, 'select total_changes() as n');
  return statement && (() => (statement.get() as { n: bigint }).n);
}

/** A work refused after it wrote, in a batch without savepoints: the batch is rolled back and run again with them. */
class WroteThenFailed extends Error {}

/**
 * Group commit: with SQLite at `synchronous=FULL` each commit waits for the disk, which caps one
 * commit per request near the disk's flush rate. Works handed in together share a batch (up to
 * `max`), one transaction; every caller is answered only after the one commit that holds its work.
 * A refusal undoes that work alone: on PostgreSQL each work runs in a savepoint; on SQLite, where
 * a savepoint makes each write of the work copy its pages first (more than doubling its cost), a
 * work refused before it wrote anything needs none, and one refused after writing rolls the batch
 * back, to run again with savepoints. A work that fails otherwise (a PostgreSQL deadlock between
 * two batches), or all of a batch whose commit fails, runs again alone in a transaction of its
 * own: no work is lost or answered by another's failure.
 */
export function groupCommit(db: Db, max: number): GroupCommit {
  const queue: Pending[] = [];
  let running = false;
  // after a batch rolled back for a work that wrote then failed: its works again, with savepoints
  let careful = false;

  async function runBatch(): Promise<void> {
    // each work's outcome, told its caller only once the batch committed
    const outcomes: { item: Pending; settle: () => void }[] = [];
    let current: Pending | undefined;
    const withSavepoints = careful;
    careful = false;
    try {
      const trx = await db.startTransaction().execute();
      const written = writtenRows(trx);
      let committed = false;
      try {
        // On SQLite the works come from the HTTP thread, the requests of one of its turns in one
        // message: half of them form this batch, so that their answers go out while the writer
        // thread runs the other half. On PostgreSQL works arriving during the batch join it.
        const size = written ? Math.min(max, Math.ceil(queue.length / 2)) : max;
        while (queue.length > 0 && outcomes.length < size) {
          const item = (current = queue.shift()!);
          if (written && !withSavepoints) {
            const before = written();
            try {
              const value = await item.work(trx);
              outcomes.push({ item, settle: () => item.resolve(value) });
            } catch (error) {
              if (!(error instanceof Rejection) || written() !== before) throw new WroteThenFailed();
              outcomes.push({ item, settle: () => item.reject(error) });
            }
          } else {
            const point = await savepoint(trx);
            try {
              const value = await item.work(point.db);
              await point.release();
              outcomes.push({ item, settle: () => item.resolve(value) });
            } catch (error) {
              await point.rollback();
              const refused = error instanceof Rejection;
              outcomes.push({ item, settle: () => (refused ? item.reject(error) : runAlone(item)) });
            }
          }
          current = undefined;
        }
        await trx.commit().execute();
        committed = true;
      } finally {
        if (!committed) await trx.rollback().execute().catch(() => undefined);
      }
    } catch (error) {
      if (error instanceof WroteThenFailed) {
        // nothing of the batch holds: its works go first again, each in a savepoint this time
        queue.unshift(...outcomes.map((o) => o.item), current!);
        careful = true;
        return;
      }
      // the batch's own statements or its commit failed: nothing of it holds, each work runs alone
      for (const outcome of outcomes) outcome.settle = () => runAlone(outcome.item);
      if (current) runAlone(current);
    }
    for (const { settle } of outcomes) settle();
  }

  const runAlone = (item: Pending) => void retriedTransaction(db, item.work).then(item.resolve, item.reject);

  function drain(): void {
    if (running || queue.length === 0) return;
    running = true;
    // a batch starts after the requests already read from the network have queued their works:
    // on SQLite its transaction holds the one connection, so they could not get here until it ends
    setImmediate(() =>
      void runBatch().finally(() => {
        running = false;
        drain();
      }),
    );
  }

  return <T>(work: (trx: Db) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      drain();
    });
}

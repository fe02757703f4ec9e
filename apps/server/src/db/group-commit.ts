import type { ControlledTransaction } from 'kysely';
import { sqliteStatement, type Db } from './database';
import type { Database } from './schema';
import { Rejection } from '../rejection';

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

/**
 * Group commit: with SQLite at `synchronous=FULL` each commit waits for the disk, which caps one
 * commit per request near the disk's flush rate. Works handed in while a batch runs join it (up
 * to `max`); each runs inside its own savepoint, so a refusal rolls back that work alone, and every
 * caller is answered only after the one commit that holds its work. A work that fails otherwise
 * (a PostgreSQL deadlock between two batches), or all of a batch whose commit fails, runs again
 * alone in a transaction of its own: no work is lost or answered by another's failure.
 */
export function groupCommit(db: Db, max: number): GroupCommit {
  const queue: Pending[] = [];
  let running = false;

  async function runBatch(): Promise<void> {
    // each work's outcome, told its caller only once the batch committed
    const outcomes: { item: Pending; settle: () => void }[] = [];
    let current: Pending | undefined;
    try {
      const trx = await db.startTransaction().execute();
      let committed = false;
      try {
        // works that arrive while earlier ones run join this batch
        while (queue.length > 0 && outcomes.length < max) {
          const item = (current = queue.shift()!);
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
          current = undefined;
        }
        await trx.commit().execute();
        committed = true;
      } finally {
        if (!committed) await trx.rollback().execute().catch(() => undefined);
      }
    } catch {
      // the batch's own statements or its commit failed: nothing of it holds, each work runs alone
      for (const outcome of outcomes) outcome.settle = () => runAlone(outcome.item);
      if (current) runAlone(current);
    }
    for (const { settle } of outcomes) settle();
  }

  const runAlone = (item: Pending) => void db.transaction().execute(item.work).then(item.resolve, item.reject);

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

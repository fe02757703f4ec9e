import { limits } from '@tidemark/protocol';
import type { Db } from './database';

/** Runs `work` in a transaction, or inside the caller's when it already holds one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** PostgreSQL ended the transaction to break a circle of waits, or for a serialization conflict. */
const isConflict = (error: unknown) => ['40P01', '40001'].includes((error as { code?: unknown }).code as string);

/**
 * Runs `work` in a transaction of its own, and again when PostgreSQL ended it to break a deadlock:
 * none of it held, so running it again is what the caller asked for, not a repeat. Requests and
 * engine writes lock rows each in their own order (a user, then balances; balances of a batch),
 * and a new engine term queues behind both: such a circle is rare but not a trader's error.
 */
export async function retriedTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= limits.deadlockAttempts || !isConflict(error)) throw error;
    }
  }
}

import type { Db } from './database';

/** Runs `work` in a transaction, or inside the caller's when it already holds one. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

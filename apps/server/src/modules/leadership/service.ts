// Engine leadership in the database: the epoch that fences every engine write, and what of the
// engines stopped. The lock that chooses the leader is the engine's (engine/leader.ts); the epoch is
// what a write proves, since a lock held on one connection says nothing of writes on the others.
import type { Db } from '../../db/database';
import { LeadLost } from '../../db/lead';
import { bumpEpoch, deleteFault, deleteFaultsBefore, selectEpochLocked, selectFaults, selectLease, upsertFault } from './queries';

// the error lives in db/, where the writer thread passes it back across; the engines take it from here
export { LeadLost };

/**
 * Proves, inside the transaction `trx` and before anything else in it, that `epoch` still leads;
 * throws LeadLost otherwise (the caller's transaction rolls back). Holds the lease row shared
 * until the transaction ends on PostgreSQL, so no new term begins while it commits.
 */
export async function proveLead(trx: Db, epoch: bigint): Promise<void> {
  const current = await selectEpochLocked(trx);
  if (current !== epoch) throw new LeadLost(epoch, current);
}

/**
 * Whether `epoch` is the current term, read as `proveLead` reads it (the row shared-locked on
 * PostgreSQL until the caller's transaction ends): a call that acts on what a leader published
 * (its feed's price) commits before the next term begins, or sees that it has.
 */
export async function isCurrentTerm(trx: Db, epoch: bigint): Promise<boolean> {
  return (await selectEpochLocked(trx)) === epoch;
}

/** Begins a term: the next epoch. The embedded database's only process calls it on start. */
export const beginTerm = (db: Db, nowMs: number) => bumpEpoch(db, nowMs);

/** The current term and the engines' faults, for the console. */
export async function leadershipState(db: Db) {
  const [lease, faults] = await Promise.all([selectLease(db), selectFaults(db)]);
  return { lease, faults };
}

/** A part of an engine stopped: recorded for the console (within the leader's fenced transaction). */
export const recordFault = upsertFault;
/** That part runs again. */
export const clearFault = deleteFault;
/** A new term starts clean: what earlier leaders found stopped is found again, or runs. */
export const clearEarlierFaults = deleteFaultsBefore;

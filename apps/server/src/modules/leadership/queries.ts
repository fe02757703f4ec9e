import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';

/**
 * The current epoch, read first in an engine's transaction. On PostgreSQL the row is share-locked
 * until the transaction ends: a process taking the lead bumps it only once every transaction that
 * proved the previous epoch has ended, and a transaction that reads it after the bump reads the
 * new epoch. SQLite runs one writing transaction at a time, so the read is enough there.
 */
export async function selectEpochLocked(trx: Db): Promise<bigint> {
  const query = trx.selectFrom('engine_lease').select('epoch').where('id', '=', 1n);
  const row = await (isPostgres(trx) ? query.forShare() : query).executeTakeFirstOrThrow();
  return row.epoch;
}

/** The next epoch, taken. Only the holder of the engine lock may call it (see engine/leader.ts). */
export async function bumpEpoch(db: Db, nowMs: number): Promise<bigint> {
  const row = await db
    .updateTable('engine_lease')
    .set((eb) => ({ epoch: eb('epoch', '+', 1n), gained_at_ms: BigInt(nowMs) }))
    .where('id', '=', 1n)
    .returning('epoch')
    .executeTakeFirstOrThrow();
  return row.epoch;
}

export function selectLease(db: Db) {
  return db.selectFrom('engine_lease').select(['epoch', 'gained_at_ms']).where('id', '=', 1n).executeTakeFirstOrThrow();
}

export function selectFaults(db: Db) {
  return db.selectFrom('engine_fault').selectAll().orderBy('engine').orderBy('scope').execute();
}

export async function upsertFault(trx: Db, fault: { engine: string; scope: string; detail: string; sinceMs: number; epoch: bigint }): Promise<void> {
  await trx
    .insertInto('engine_fault')
    .values({ engine: fault.engine, scope: fault.scope, detail: fault.detail, since_ms: BigInt(fault.sinceMs), epoch: fault.epoch })
    .onConflict((oc) => oc.columns(['engine', 'scope']).doUpdateSet({ detail: fault.detail, epoch: fault.epoch }))
    .execute();
}

export async function deleteFault(trx: Db, engine: string, scope: string): Promise<void> {
  await trx.deleteFrom('engine_fault').where('engine', '=', engine).where('scope', '=', scope).execute();
}

export async function deleteFaultsBefore(trx: Db, epoch: bigint): Promise<void> {
  await trx.deleteFrom('engine_fault').where('epoch', '<', epoch).execute();
}

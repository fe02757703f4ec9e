import type { Db } from '../../db/database';
import type { CodePurpose } from '../../db/schema';

/** The newest code for a purpose and address: only the latest counts. */
export function selectLatestCode(db: Db, purpose: CodePurpose, target: string) {
  return db
    .selectFrom('verification_code')
    .selectAll()
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertCode(
  db: Db,
  code: { purpose: CodePurpose; target: string; codeHash: string; createdAtMs: number; expiresAtMs: number },
): Promise<bigint> {
  const row = await db
    .insertInto('verification_code')
    .values({
      purpose: code.purpose,
      target: code.target,
      code_hash: code.codeHash,
      created_at_ms: BigInt(code.createdAtMs),
      expires_at_ms: BigInt(code.expiresAtMs),
      used_at_ms: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCode(db: Db, codeId: bigint): Promise<void> {
  await db.deleteFrom('verification_code').where('id', '=', codeId).execute();
}

/** Counts one wrong try; answers the tries so far. */
export async function incrementTries(db: Db, codeId: bigint): Promise<bigint> {
  const row = await db
    .updateTable('verification_code')
    .set((eb) => ({ tries: eb('tries', '+', 1n) }))
    .where('id', '=', codeId)
    .returning('tries')
    .executeTakeFirstOrThrow();
  return row.tries;
}

/** Marks an unused code used; false when it was used already. */
export async function markCodeUsed(db: Db, codeId: bigint, nowMs: number): Promise<boolean> {
  const used = await db
    .updateTable('verification_code')
    .set({ used_at_ms: BigInt(nowMs) })
    .where('id', '=', codeId)
    .where('used_at_ms', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}

import type { Db } from '../../db/database';
import type { TotpSubjectKind } from '../../db/schema';

export interface TotpSubject {
  kind: TotpSubjectKind;
  id: bigint;
}

export function selectTotp(db: Db, subject: TotpSubject) {
  return db
    .selectFrom('totp')
    .select(['secret', 'confirmed_at_ms', 'last_time_step'])
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .executeTakeFirst();
}

/** A fresh unconfirmed secret, replacing an earlier unconfirmed one; a confirmed one stays. */
export async function upsertPendingTotp(db: Db, subject: TotpSubject, secret: string, nowMs: number): Promise<boolean> {
  await db
    .deleteFrom('totp')
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .where('confirmed_at_ms', 'is', null)
    .execute();
  const inserted = await db
    .insertInto('totp')
    .values({ subject_kind: subject.kind, subject_id: subject.id, secret, confirmed_at_ms: null, last_time_step: null, created_at_ms: BigInt(nowMs) })
    .onConflict((c) => c.columns(['subject_kind', 'subject_id']).doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/**
 * Records a code's time step as used, only if it is later than the last one used: the one
 * conditional update that makes a code good once, even for two requests racing with it.
 */
export async function claimTimeStep(db: Db, subject: TotpSubject, timeStep: number, confirmAtMs: number): Promise<boolean> {
  const result = await db
    .updateTable('totp')
    .set((eb) => ({
      last_time_step: BigInt(timeStep),
      confirmed_at_ms: eb.fn.coalesce('confirmed_at_ms', eb.val(BigInt(confirmAtMs))),
    }))
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .where((eb) => eb.or([eb('last_time_step', 'is', null), eb('last_time_step', '<', BigInt(timeStep))]))
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteTotp(db: Db, subject: TotpSubject): Promise<void> {
  await db.deleteFrom('totp').where('subject_kind', '=', subject.kind).where('subject_id', '=', subject.id).execute();
}

/** The subject's recovery codes, replacing any earlier set. */
export async function replaceRecoveryCodes(db: Db, subject: TotpSubject, codeHashes: string[], nowMs: number): Promise<void> {
  await deleteRecoveryCodes(db, subject);
  await db
    .insertInto('totp_recovery')
    .values(codeHashes.map((code_hash) => ({ subject_kind: subject.kind, subject_id: subject.id, code_hash, used_at_ms: null, created_at_ms: BigInt(nowMs) })))
    .execute();
}

/** Spends an unused recovery code: one conditional update, so a code is good once even under a race. */
export async function claimRecoveryCode(db: Db, subject: TotpSubject, codeHash: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('totp_recovery')
    .set({ used_at_ms: BigInt(nowMs) })
    .where('subject_kind', '=', subject.kind)
    .where('subject_id', '=', subject.id)
    .where('code_hash', '=', codeHash)
    .where('used_at_ms', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteRecoveryCodes(db: Db, subject: TotpSubject): Promise<void> {
  await db.deleteFrom('totp_recovery').where('subject_kind', '=', subject.kind).where('subject_id', '=', subject.id).execute();
}

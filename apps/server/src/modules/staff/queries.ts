import type { Db } from '../../db/database';
import type { StaffRole } from '../../db/schema';

export async function selectStaffRole(db: Db, userId: bigint): Promise<StaffRole | undefined> {
  const row = await db.selectFrom('staff').select('staff_role').where('user_id', '=', userId).executeTakeFirst();
  return row?.staff_role;
}

/** When the user became a staff member; undefined for anyone who is not one. */
export async function selectStaffSinceMs(db: Db, userId: bigint): Promise<bigint | undefined> {
  const row = await db.selectFrom('staff').select('created_at_ms').where('user_id', '=', userId).executeTakeFirst();
  return row?.created_at_ms;
}

export async function countStaff(db: Db): Promise<number> {
  const row = await db.selectFrom('staff').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStaff(db: Db, userId: bigint, role: StaffRole, nowMs: number): Promise<void> {
  await db.insertInto('staff').values({ user_id: userId, staff_role: role, created_at_ms: BigInt(nowMs) }).execute();
}

/** A staff member by e-mail: their user row joined with their role. */
export function selectStaffByEmail(db: Db, email: string) {
  return db
    .selectFrom('user')
    .innerJoin('staff', 'staff.user_id', 'user.id')
    .select(['user.id', 'user.email', 'user.password_hash', 'staff.staff_role'])
    .where('user.email', '=', email)
    .where('user.role', '=', 'staff')
    .executeTakeFirst();
}

export function selectStaffById(db: Db, userId: bigint) {
  return db
    .selectFrom('user')
    .innerJoin('staff', 'staff.user_id', 'user.id')
    .select(['user.id', 'user.email', 'staff.staff_role'])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

export function selectStaffList(db: Db) {
  return db
    .selectFrom('staff')
    .innerJoin('user', 'user.id', 'staff.user_id')
    .leftJoin('totp', (join) => join.onRef('totp.subject_id', '=', 'staff.user_id').on('totp.subject_kind', '=', 'staff'))
    .select(['user.id', 'user.email', 'staff.staff_role', 'staff.created_at_ms', 'totp.confirmed_at_ms'])
    .orderBy('user.id')
    .execute();
}

export async function updateStaffRole(db: Db, userId: bigint, role: StaffRole): Promise<StaffRole | undefined> {
  const before = await selectStaffRole(db, userId);
  if (!before) return undefined;
  await db.updateTable('staff').set({ staff_role: role }).where('user_id', '=', userId).execute();
  return before;
}

/** A new invite of the staff member; their earlier unused ones stop working (only the newest link counts). */
export async function insertInvite(db: Db, invite: { tokenHash: string; userId: bigint; createdBy: bigint; createdAtMs: number; expiresAtMs: number }): Promise<void> {
  await db.deleteFrom('staff_invite').where('user_id', '=', invite.userId).where('used_at_ms', 'is', null).execute();
  await db
    .insertInto('staff_invite')
    .values({
      token_hash: invite.tokenHash,
      user_id: invite.userId,
      created_by: invite.createdBy,
      created_at_ms: BigInt(invite.createdAtMs),
      expires_at_ms: BigInt(invite.expiresAtMs),
      used_at_ms: null,
    })
    .execute();
}

/** An unused, unexpired invite by its token's hash, with the staff member it is for. */
export function selectLiveInvite(db: Db, tokenHash: string, nowMs: number) {
  return db
    .selectFrom('staff_invite')
    .innerJoin('user', 'user.id', 'staff_invite.user_id')
    .innerJoin('staff', 'staff.user_id', 'staff_invite.user_id')
    .select(['staff_invite.user_id', 'staff_invite.expires_at_ms', 'user.email'])
    .where('staff_invite.token_hash', '=', tokenHash)
    .where('staff_invite.used_at_ms', 'is', null)
    .where('staff_invite.expires_at_ms', '>', BigInt(nowMs))
    .where('user.role', '=', 'staff')
    .executeTakeFirst();
}

/** Uses an invite up, once: false when it was used already (a race or a replay). */
export async function markInviteUsed(db: Db, tokenHash: string, nowMs: number): Promise<boolean> {
  const used = await db
    .updateTable('staff_invite')
    .set({ used_at_ms: BigInt(nowMs) })
    .where('token_hash', '=', tokenHash)
    .where('used_at_ms', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows === 1n;
}

import type { Db } from '../../db/database';
import type { StaffRole } from '../../db/schema';

export async function selectStaffRole(db: Db, userId: bigint): Promise<StaffRole | undefined> {
  const row = await db.selectFrom('staff').select('staff_role').where('user_id', '=', userId).executeTakeFirst();
  return row?.staff_role;
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

import type { selectStaffById, selectStaffList } from './queries';

type StaffRow = NonNullable<Awaited<ReturnType<typeof selectStaffById>>>;

/** The signed-in staff member, as the console greets them. */
export const presentStaffMe = (me: StaffRow) => ({ id: me.id.toString(), email: me.email ?? '', role: me.staff_role });

export function presentStaffMember(s: Awaited<ReturnType<typeof selectStaffList>>[number]) {
  return {
    id: s.id.toString(),
    email: s.email ?? '',
    role: s.staff_role,
    totp_set: s.confirmed_at_ms !== null,
    created_ms: Number(s.created_at_ms),
  };
}

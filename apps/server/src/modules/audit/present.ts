import type { TAdminAuditRow } from '@tidemark/protocol';
import type { selectAuditPage } from './queries';

type Row = Awaited<ReturnType<typeof selectAuditPage>>['data'][number];

export function presentAuditEntry(row: Row): TAdminAuditRow {
  return {
    id: row.id.toString(),
    staff_id: row.staff_id.toString(),
    staff_email: row.email ?? '',
    action: row.action,
    subject: row.subject,
    detail: row.detail,
    created_ms: Number(row.created_at_ms),
  };
}

import { Input, Space, Table } from 'antd';
import { useState } from 'react';
import { calls, type TAdminAuditRow } from '@tidemark/protocol';
import { formatTime, timeTitle } from '../format/time';
import { pagedTable, useQueue } from './parts';
import { adminText } from './texts';

/** The audit log, read-only. */
export default function Audit() {
  const [filter, setFilter] = useState<{ staff?: string; action?: string; page: number }>({ page: 1 });
  const log = useQueue(calls.adminAudit, { ...filter, page: String(filter.page) });
  return (
    <>
      <Space wrap className="tm-admin-filters">
        <Input.Search allowClear style={{ width: 280 }} placeholder={adminText('userFilter')} aria-label={adminText('staff')} onSearch={(v) => setFilter({ ...filter, staff: v.trim() || undefined, page: 1 })} />
        <Input.Search allowClear style={{ width: 280 }} placeholder={adminText('actionFilter')} aria-label={adminText('action')} onSearch={(v) => setFilter({ ...filter, action: v.trim() || undefined, page: 1 })} />
      </Space>
      <Table<TAdminAuditRow>
        rowKey="id"
        size="middle"
        {...pagedTable(log, filter.page, (page) => setFilter({ ...filter, page }))}
        columns={[
          { title: timeTitle(adminText('time')), render: (_, r) => formatTime(r.created_ms), width: 190 },
          { title: adminText('staff'), render: (_, r) => <>{r.staff_email}<div className="tm-admin-muted">#{r.staff_id}</div></> },
          { title: adminText('action'), dataIndex: 'action' },
          { title: adminText('subject'), dataIndex: 'subject' },
          { title: adminText('detail'), render: (_, r) => <code className="tm-admin-mono">{r.detail}</code> },
        ]}
      />
    </>
  );
}

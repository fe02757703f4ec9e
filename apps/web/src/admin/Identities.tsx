import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { calls, IDENTITY_QUEUE_STATUSES, type TAdminIdentityRow } from '@tidemark/protocol';
import { formatTime, timeTitle } from '../format/time';
import { useAdminMutation } from './api';
import { type QueueFilter, QueueTable, StaffImage, StatusTag, traderCell, useQueue, useTextPrompt } from './parts';
import { adminText } from './texts';
import { useToast } from '../components/Toasts';

export default function Identities({ canDecide }: { canDecide: boolean }) {
  const toast = useToast();
  const [filter, setFilter] = useState<QueueFilter>({ status: 'in_review', page: 1 });
  const queue = useQueue(calls.adminIdentities, { ...filter, status: filter.status as TAdminIdentityRow['status'] | undefined, page: String(filter.page) });
  const saved = () => toast.success(adminText('saved'));
  const approve = useAdminMutation(calls.adminIdentityApprove, { onSuccess: saved });
  const reject = useAdminMutation(calls.adminIdentityReject, { onSuccess: saved });
  const [ask, holder] = useTextPrompt();

  return (
    <>
      {holder}
      <QueueTable<TAdminIdentityRow>
        statuses={IDENTITY_QUEUE_STATUSES}
        filter={filter}
        onFilter={setFilter}
        query={queue}
        rowKey="user_id"
        columns={[
          { title: adminText('user'), render: (_, r) => traderCell(r) },
          { title: adminText('name'), render: (_, r) => <>{r.name}<div className="tm-admin-mono tm-admin-muted">{r.card_id}</div></> },
          {
            title: adminText('images'),
            render: (_, r) => (
              <Space>
                <StaffImage src={r.front_pic} alt={adminText('front')} />
                <StaffImage src={r.reverse_pic} alt={adminText('reverse')} />
                <StaffImage src={r.hand_pic} alt={adminText('hand')} />
              </Space>
            ),
          },
          { title: timeTitle(adminText('created')), render: (_, r) => formatTime(r.submitted_ms) },
          { title: adminText('status'), render: (_, r) => <><StatusTag status={r.status} />{r.review_note && <div className="tm-admin-muted">{r.review_note}</div>}</> },
          {
            title: adminText('actions'),
            render: (_, r) =>
              r.status === 'in_review' && canDecide ? (
                <Space>
                  <Popconfirm title={adminText('approve')} okText={adminText('ok')} cancelText={adminText('cancel')} onConfirm={() => approve.mutateAsync({ user_id: r.user_id })}>
                    <Button type="primary" size="small">{adminText('approve')}</Button>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => ask(adminText('reject'), adminText('reason'), (reason) => reject.mutateAsync({ user_id: r.user_id, reason }))}>{adminText('reject')}</Button>
                </Space>
              ) : null,
          },
        ]}
      />
    </>
  );
}

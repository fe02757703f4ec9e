import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { calls, DEPOSIT_STATUSES, type TAdminDepositRow } from '@tidemark/protocol';
import { formatTime, timeTitle } from '../format/time';
import { useAdminMutation } from './api';
import { type QueueFilter, QueueTable, StaffImage, StatusTag, traderCell, TwoApprovals, useQueue, useTextPrompt } from './parts';
import { adminText } from './texts';
import { useToast } from '../components/Toasts';

export default function Deposits({ canDecide, staffId }: { canDecide: boolean; staffId: string }) {
  const toast = useToast();
  const [filter, setFilter] = useState<QueueFilter>({ status: 'pending', page: 1 });
  const queue = useQueue(calls.adminDeposits, { ...filter, status: filter.status as TAdminDepositRow['status'] | undefined, page: String(filter.page) });
  const saved = () => toast.success(adminText('saved'));
  const credit = useAdminMutation(calls.adminDepositCredit, { onSuccess: (stage) => toast.success(stage === 'first' ? adminText('firstApproved') : adminText('saved')) });
  const reject = useAdminMutation(calls.adminDepositReject, { onSuccess: saved });
  const [ask, holder] = useTextPrompt();

  return (
    <>
      {holder}
      <QueueTable<TAdminDepositRow>
        statuses={DEPOSIT_STATUSES}
        filter={filter}
        onFilter={setFilter}
        query={queue}
        rowKey="id"
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          { title: adminText('user'), render: (_, r) => traderCell(r) },
          { title: adminText('amount'), align: 'right', className: 'tm-num', render: (_, r) => `${r.amount} ${r.currency_name}` },
          { title: adminText('screenshot'), render: (_, r) => <StaffImage src={r.pic} alt={adminText('screenshot')} /> },
          { title: timeTitle(adminText('created')), render: (_, r) => formatTime(r.created_ms) },
          {
            title: adminText('status'),
            render: (_, r) => (
              <>
                <StatusTag status={r.status} />
                {r.status === 'pending' && <TwoApprovals row={r} />}
                {r.review_note && <div className="tm-admin-muted">{r.review_note}</div>}
              </>
            ),
          },
          {
            title: adminText('actions'),
            render: (_, r) =>
              r.status === 'pending' && canDecide ? (
                <Space>
                  <Popconfirm title={adminText('confirmCredit')} okText={adminText('ok')} cancelText={adminText('cancel')} onConfirm={() => credit.mutateAsync({ id: r.id })} disabled={r.first_approved_by === staffId}>
                    <Button type="primary" size="small" disabled={r.first_approved_by === staffId} loading={credit.isPending && credit.variables?.id === r.id}>{adminText('credit')}</Button>
                  </Popconfirm>
                  <Button danger size="small" onClick={() => ask(adminText('reject'), adminText('reason'), (reason) => reject.mutateAsync({ id: r.id, reason }))}>{adminText('reject')}</Button>
                </Space>
              ) : null,
          },
        ]}
      />
    </>
  );
}

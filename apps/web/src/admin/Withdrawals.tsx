import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { calls, WITHDRAWAL_STATUSES, type TAdminWithdrawalRow } from '@tidemark/protocol';
import { formatTime, timeTitle } from '../format/time';
import { useAdminMutation } from './api';
import { type QueueFilter, QueueTable, StatusTag, traderCell, TwoApprovals, useQueue, useTextPrompt } from './parts';
import { adminText } from './texts';
import { useToast } from '../components/Toasts';

export default function Withdrawals({ canDecide, staffId }: { canDecide: boolean; staffId: string }) {
  const toast = useToast();
  const [filter, setFilter] = useState<QueueFilter>({ status: 'applying', page: 1 });
  const queue = useQueue(calls.adminWithdrawals, { ...filter, status: filter.status as TAdminWithdrawalRow['status'] | undefined, page: String(filter.page) });
  const saved = () => toast.success(adminText('saved'));
  const approve = useAdminMutation(calls.adminWithdrawalApprove, { onSuccess: (stage) => toast.success(stage === 'first' ? adminText('firstApproved') : adminText('saved')) });
  const reject = useAdminMutation(calls.adminWithdrawalReject, { onSuccess: saved });
  const chain = useAdminMutation(calls.adminWithdrawalChain, { onSuccess: saved });
  const [ask, holder] = useTextPrompt();

  const actions = (r: TAdminWithdrawalRow) => {
    if (!canDecide) return null;
    if (r.status === 'applying') {
      const mine = r.first_approved_by === staffId;
      return (
        <Space wrap>
          <Popconfirm title={adminText('confirmApprove')} okText={adminText('ok')} cancelText={adminText('cancel')} onConfirm={() => approve.mutateAsync({ id: r.id })} disabled={mine}>
            <Button type="primary" size="small" disabled={mine} loading={approve.isPending && approve.variables?.id === r.id}>{adminText('approve')}</Button>
          </Popconfirm>
          <Button danger size="small" onClick={() => ask(adminText('reject'), adminText('reason'), (reason) => reject.mutateAsync({ id: r.id, reason }))}>{adminText('reject')}</Button>
        </Space>
      );
    }
    if (r.status === 'agreed') {
      return (
        <Space wrap>
          <Button type="primary" size="small" onClick={() => ask(adminText('chainSuccess'), adminText('txHash'), (hash) => chain.mutateAsync({ id: r.id, outcome: 'success', hash }))}>{adminText('chainSuccess')}</Button>
          <Popconfirm title={adminText('confirmFailure')} okText={adminText('ok')} cancelText={adminText('cancel')} onConfirm={() => chain.mutateAsync({ id: r.id, outcome: 'failure' })}>
            <Button danger size="small">{adminText('chainFailure')}</Button>
          </Popconfirm>
        </Space>
      );
    }
    return null;
  };

  return (
    <>
      {holder}
      <QueueTable<TAdminWithdrawalRow>
        statuses={WITHDRAWAL_STATUSES}
        filter={filter}
        onFilter={setFilter}
        query={queue}
        rowKey="id"
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          { title: adminText('user'), render: (_, r) => traderCell(r) },
          { title: adminText('amount'), align: 'right', className: 'tm-num', render: (_, r) => <>{r.amount} {r.currency_name}<div className="tm-admin-muted">{adminText('fee')} {r.fee} · {adminText('received')} {r.received}</div></> },
          { title: adminText('address'), render: (_, r) => <><span className="tm-admin-mono">{r.address}</span><div className="tm-admin-muted">{r.network}</div></> },
          { title: timeTitle(adminText('created')), render: (_, r) => formatTime(r.created_ms) },
          {
            title: adminText('status'),
            render: (_, r) => (
              <>
                <StatusTag status={r.status} />
                {r.status === 'applying' && <TwoApprovals row={r} />}
                {r.hash && <div className="tm-admin-mono tm-admin-muted">{r.hash}</div>}
                {r.review_note && <div className="tm-admin-muted">{r.review_note}</div>}
              </>
            ),
          },
          { title: adminText('actions'), render: (_, r) => actions(r) },
        ]}
      />
    </>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Input, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { calls, type TAdminUserRow } from '@tidemark/protocol';
import { formatTime, timeTitle } from '../format/time';
import { adminCall, useAdminMutation } from './api';
import { pagedTable, useQueue } from './parts';
import { adminText } from './texts';
import { useToast } from '../components/Toasts';

const REVIEW_LABELS = ['none', 'st_in_review', 'st_verified', 'st_rejected'] as const;
const reviewLabel = (status: number) => {
  const key = REVIEW_LABELS[status];
  return key && key !== 'none' ? adminText(key) : '—';
};

/** Traders: search, and a drawer with the profile, balances, sessions, wallet log and locks. */
export default function Users({ isAdmin }: { isAdmin: boolean }) {
  const [filter, setFilter] = useState<{ q?: string; page: number }>({ page: 1 });
  const [open, setOpen] = useState<string>();
  const users = useQueue(calls.adminUsers, { ...filter, page: String(filter.page) });
  return (
    <>
      <Space wrap className="tm-admin-filters">
        <Input.Search allowClear style={{ width: 320 }} placeholder={adminText('userSearch')} aria-label={adminText('userSearch')} onSearch={(v) => setFilter({ q: v.trim() || undefined, page: 1 })} />
      </Space>
      <Table<TAdminUserRow>
        rowKey="id"
        size="middle"
        {...pagedTable(users, filter.page, (page) => setFilter({ ...filter, page }))}
        onRow={(r) => ({ onClick: () => setOpen(r.id), style: { cursor: 'pointer' } })}
        columns={[
          { title: '#', dataIndex: 'id', width: 80 },
          { title: adminText('email'), dataIndex: 'email' },
          { title: adminText('identities'), render: (_, r) => reviewLabel(r.review_status) },
          { title: adminText('locks'), render: (_, r) => <>{r.login_locked && <Tag color="red">{adminText('lockLogin')}</Tag>}{r.withdraw_locked && <Tag color="orange">{adminText('lockWithdraw')}</Tag>}</> },
          { title: timeTitle(adminText('created')), render: (_, r) => formatTime(r.created_ms) },
        ]}
      />
      <Drawer open={open !== undefined} onClose={() => setOpen(undefined)} width={760} title={adminText('user')} destroyOnHidden>
        {open && <UserDetail id={open} isAdmin={isAdmin} />}
      </Drawer>
    </>
  );
}

function UserDetail({ id, isAdmin }: { id: string; isAdmin: boolean }) {
  const toast = useToast();
  const detail = useQuery({ queryKey: ['admin', 'user', id], queryFn: () => adminCall(calls.adminUser, { id }) });
  const lock = useAdminMutation(calls.adminUserLock, { onSuccess: () => toast.success(adminText('saved')) });
  const d = detail.data;
  if (!d) return null;
  const lockSwitch = (what: 'login' | 'withdraw', on: boolean) => (
    <Switch checked={on} disabled={!isAdmin} loading={lock.isPending && lock.variables?.lock === what} onChange={(next) => lock.mutate({ id, lock: what, on: next ? '1' : '0' })} aria-label={adminText(what === 'login' ? 'lockLogin' : 'lockWithdraw')} />
  );
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="#">{d.user.id}</Descriptions.Item>
        <Descriptions.Item label={adminText('email')}>{d.user.email}</Descriptions.Item>
        <Descriptions.Item label={adminText('identities')}>{reviewLabel(d.user.review_status)}</Descriptions.Item>
        <Descriptions.Item label={timeTitle(adminText('created'))}>{formatTime(d.user.created_ms)}</Descriptions.Item>
        <Descriptions.Item label={adminText('lockLogin')}>{lockSwitch('login', d.user.login_locked)}</Descriptions.Item>
        <Descriptions.Item label={adminText('lockWithdraw')}>{lockSwitch('withdraw', d.user.withdraw_locked)}</Descriptions.Item>
      </Descriptions>
      <Table size="small" rowKey={(w) => `${w.currency_name}:${w.wallet}`} pagination={false} title={() => adminText('balances')} dataSource={d.wallets}
        columns={[
          { title: adminText('currency'), dataIndex: 'currency_name' },
          { title: adminText('wallet'), dataIndex: 'wallet' },
          { title: adminText('available'), dataIndex: 'available', align: 'right', className: 'tm-num' },
          { title: adminText('frozen'), dataIndex: 'frozen', align: 'right', className: 'tm-num' },
        ]}
      />
      <Table size="small" rowKey="id" pagination={false} title={() => adminText('sessions')} dataSource={d.sessions}
        columns={[
          { title: timeTitle(adminText('created')), render: (_, s) => formatTime(s.created_ms) },
          { title: timeTitle(adminText('lastSeen')), render: (_, s) => formatTime(s.last_seen_ms) },
        ]}
      />
      <Table size="small" rowKey="id" pagination={{ pageSize: 10, showSizeChanger: false }} title={() => adminText('walletLog')} dataSource={d.ledger}
        columns={[
          { title: timeTitle(adminText('time')), render: (_, l) => formatTime(l.created_ms), width: 170 },
          { title: adminText('currency'), render: (_, l) => `${l.currency_name} · ${l.wallet}` },
          { title: adminText('amount'), dataIndex: 'value', align: 'right', className: 'tm-num' },
          { title: adminText('detail'), dataIndex: 'info' },
        ]}
      />
    </Space>
  );
}

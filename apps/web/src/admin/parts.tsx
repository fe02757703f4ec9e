import { useQuery } from '@tanstack/react-query';
import { Image, Input, Modal, Select, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { type CallInput, type CallOutput, type CallSpec, type TAdminWithdrawalRow } from '@tidemark/protocol';
import { adminCall, staffToken } from './api';
import { adminText, statusText } from './texts';
import { formatTime } from '../format/time';

/** A queue's filters and page, and its rows from the server (reloaded after every decision). */
export function useQueue<C extends CallSpec>(spec: C, input: CallInput<C>) {
  return useQuery({ queryKey: ['admin', spec.path, input], queryFn: () => adminCall(spec, input) as Promise<CallOutput<C>> });
}

/** Status select and user search above a queue. */
function QueueFilters(props: {
  statuses: readonly string[];
  status: string | undefined;
  onStatus: (status: string | undefined) => void;
  onUser: (user: string | undefined) => void;
}) {
  return (
    <Space wrap className="tm-admin-filters">
      <Select
        aria-label={adminText('status')}
        style={{ width: 220 }}
        value={props.status ?? ''}
        onChange={(value: string) => props.onStatus(value || undefined)}
        options={[{ value: '', label: adminText('all') }, ...props.statuses.map((s) => ({ value: s, label: statusText(s) }))]}
      />
      <Input.Search
        allowClear
        style={{ width: 280 }}
        placeholder={adminText('userFilter')}
        onSearch={(value) => props.onUser(value.trim() || undefined)}
      />
    </Space>
  );
}

const STATUS_COLOURS: Record<string, string> = {
  pending: 'gold',
  applying: 'gold',
  in_review: 'gold',
  agreed: 'blue',
  credited: 'green',
  chain_success: 'green',
  station_success: 'green',
  verified: 'green',
  rejected: 'red',
  chain_failure: 'red',
};

export function StatusTag({ status }: { status: string }) {
  return <Tag color={STATUS_COLOURS[status] ?? 'default'}>{statusText(status)}</Tag>;
}

/**
 * An uploaded image, which the server gives only with the staff token: fetched with it and shown
 * from memory, with antd's preview for a closer look.
 */
export function StaffImage({ src, alt, size = 72 }: { src: string; alt: string; size?: number }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    let objectUrl: string | undefined;
    let live = true;
    void fetch(src, { headers: { Authorization: `Bearer ${staffToken() ?? ''}` } })
      .then((r) => (r.ok && r.headers.get('content-type')?.startsWith('image/') ? r.blob() : undefined))
      .then((blob) => {
        if (!blob || !live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      });
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  return <Image src={url} alt={alt} width={size} height={size} style={{ objectFit: 'cover' }} placeholder />;
}

/** Asks for a text (a reason, a transaction hash) before a decision; required. */
export function useTextPrompt() {
  const [modal, holder] = Modal.useModal();
  const ask = (title: string, label: string, onOk: (value: string) => Promise<unknown>) => {
    let value = '';
    void modal.confirm({
      title,
      icon: null,
      okText: adminText('ok'),
      cancelText: adminText('cancel'),
      content: <Input.TextArea aria-label={label} placeholder={label} autoSize={{ minRows: 2 }} maxLength={200} onChange={(e) => (value = e.target.value)} />,
      onOk: () => (value.trim() ? onOk(value.trim()) : Promise.reject(new Error('empty'))),
    });
  };
  return [ask, holder] as const;
}

/** A server page's rows, loading state and pager, spread into an antd Table. */
export function pagedTable<R>(query: { isFetching: boolean; data?: { data: R[]; per_page: number; total: number } | undefined }, page: number, onPage: (page: number) => void) {
  return {
    loading: query.isFetching,
    dataSource: query.data?.data ?? [],
    pagination: { current: page, pageSize: query.data?.per_page ?? 20, total: query.data?.total ?? 0, onChange: onPage, showSizeChanger: false },
  };
}

export interface QueueFilter {
  status?: string;
  user?: string;
  page: number;
}

/** A review queue: its status and user filters, then its rows a server page at a time. */
export function QueueTable<R extends object>(props: {
  statuses: readonly string[];
  filter: QueueFilter;
  onFilter: (filter: QueueFilter) => void;
  query: Parameters<typeof pagedTable<R>>[0];
  rowKey: keyof R & string;
  columns: TableColumnsType<R>;
}) {
  const { filter, onFilter } = props;
  return (
    <>
      <QueueFilters statuses={props.statuses} status={filter.status} onStatus={(status) => onFilter({ ...filter, status, page: 1 })} onUser={(user) => onFilter({ ...filter, user, page: 1 })} />
      <Table<R>
        rowKey={props.rowKey}
        size="middle"
        {...pagedTable(props.query, filter.page, (page) => onFilter({ ...filter, page }))}
        locale={{ emptyText: adminText('empty') }}
        columns={props.columns}
      />
    </>
  );
}

/** A queue row's trader: the e-mail, the id under it. */
export const traderCell = (row: { email: string; user_id: string }) => (
  <>
    {row.email}
    <div className="tm-admin-muted">#{row.user_id}</div>
  </>
);

/**
 * Where a request waiting for staff stands with the two-person rule: why it needs two approvals
 * (its amount against the currency's two-approval amount), who gave the first and when, and who
 * may give the second.
 */
export function TwoApprovals({ row }: { row: Pick<TAdminWithdrawalRow, 'needs_two' | 'dual_approval' | 'currency_name' | 'first_approved_by' | 'first_approved_email' | 'first_approved_ms'> }) {
  if (!row.needs_two) return null;
  return (
    <div className="tm-admin-two">
      <Tag color="purple">{adminText('needsTwo', { limit: row.dual_approval, currency: row.currency_name })}</Tag>
      {row.first_approved_by !== null && row.first_approved_ms !== null && (
        <>
          <div>{adminText('firstBy', { email: row.first_approved_email ?? '', id: row.first_approved_by, time: formatTime(row.first_approved_ms) })}</div>
          <div className="tm-admin-muted">{adminText('secondWanted')}</div>
        </>
      )}
    </div>
  );
}

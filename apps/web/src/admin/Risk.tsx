import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { calls, type TAdminOutboxRow, type TAdminRiskResponse, type TAdminScheduledJob } from '@tidemark/protocol';
import { formatTime, timeTitle } from '../format/time';
import { adminCall } from './api';
import { pagedTable, useQueue } from './parts';
import { adminText, engineText, jobText } from './texts';

// a feed whose last trade is older than this is shown as stale
const FEED_STALE_MS = 60_000;

/** Exposure per pair, the feed and the leader's scheduled jobs; for admins also the ledger and micro checks and the mail outbox. */
export default function Risk({ isAdmin }: { isAdmin: boolean }) {
  const risk = useQuery({ queryKey: ['admin', 'risk'], queryFn: () => adminCall(calls.adminRisk, undefined), refetchInterval: 10_000 });
  const ledger = useMutation({ mutationFn: () => adminCall(calls.adminLedgerCheck, undefined) });
  const micro = useMutation({ mutationFn: () => adminCall(calls.adminMicroCheck, undefined) });
  const nowMs = risk.dataUpdatedAt;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {risk.data && <Engines term={risk.data.term} halted={risk.data.halted} pairs={risk.data.pairs} />}
      <Table
        rowKey="pair_id"
        size="middle"
        loading={risk.isPending}
        pagination={false}
        dataSource={risk.data?.pairs ?? []}
        columns={[
          { title: adminText('pair'), dataIndex: 'symbol' },
          { title: adminText('lastPrice'), dataIndex: 'last_price', align: 'right', className: 'tm-num' },
          {
            title: adminText('feed'),
            render: (_, r) =>
              r.last_trade_ms !== null && nowMs - r.last_trade_ms < FEED_STALE_MS ? <Tag color="green">{adminText('live')}</Tag> : <Tag color="red">{adminText('stale')}</Tag>,
          },
          { title: adminText('leverLong'), dataIndex: 'lever_long', align: 'right', className: 'tm-num' },
          { title: adminText('leverShort'), dataIndex: 'lever_short', align: 'right', className: 'tm-num' },
          { title: adminText('leverNet'), dataIndex: 'lever_net', align: 'right', className: 'tm-num' },
          { title: adminText('microUp'), dataIndex: 'micro_up', align: 'right', className: 'tm-num' },
          { title: adminText('microDown'), dataIndex: 'micro_down', align: 'right', className: 'tm-num' },
        ]}
      />
      {risk.data && <Jobs jobs={risk.data.jobs} nowMs={nowMs} />}
      {isAdmin && (
        <>
          <Space wrap align="start">
            <Card size="small" title={adminText('ledgerCheck')} style={{ width: 420 }}>
              <Button onClick={() => ledger.mutate()} loading={ledger.isPending}>{adminText('runCheck')}</Button>
              {ledger.data && (
                <Alert className="tm-admin-gap" style={{ marginTop: 8 }} type={ledger.data.ok ? 'success' : 'error'} title={ledger.data.ok ? adminText('checkPassed') : ledger.data.problems.join('\n')} />
              )}
            </Card>
            <Card size="small" title={adminText('microCheck')} style={{ width: 420 }}>
              <Button onClick={() => micro.mutate()} loading={micro.isPending}>{adminText('runCheck')}</Button>
              {micro.data && (
                <Alert
                  style={{ marginTop: 8 }}
                  type={micro.data.ok ? 'success' : 'error'}
                  title={micro.data.ok ? `${adminText('checkPassed')} (${micro.data.records})` : micro.data.breaks.map((b) => `[${b.kind}] ${b.message}`).join('\n')}
                />
              )}
            </Card>
          </Space>
          <Outbox />
        </>
      )}
    </Space>
  );
}

/** The engine leader's term, and what of the engines stopped with what broke it. */
function Engines({ term, halted, pairs }: Pick<TAdminRiskResponse['message'], 'term' | 'halted' | 'pairs'>) {
  const termLine = `${adminText('leaderTerm')} ${term.epoch} · ${adminText('since')} ${formatTime(term.since_ms)}`;
  if (halted.length === 0) return <Alert type="success" showIcon title={adminText('enginesRunning')} description={termLine} />;
  // a part of an engine is `engine` (all of it) or `pair <id>` (one pair's book): named as the pairs table names it
  const scopeName = (scope: string) => {
    if (scope === 'engine') return adminText('wholeEngine');
    const pairId = /^pair (\d+)$/.exec(scope)?.[1];
    return pairs.find((p) => String(p.pair_id) === pairId)?.symbol ?? scope;
  };
  return (
    <Alert
      type="error"
      showIcon
      title={adminText('enginesHalted')}
      description={
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          {halted.map((h) => (
            <div key={`${h.engine}:${h.scope}`}>
              <strong>{engineText(h.engine)}</strong> · <strong>{scopeName(h.scope)}</strong> · {adminText('since')} {formatTime(h.since_ms)}
              <pre className="tm-admin-mono tm-admin-detail">{h.detail}</pre>
            </div>
          ))}
          <span>{termLine}</span>
        </Space>
      }
    />
  );
}

const RUN_COLOR: Record<NonNullable<TAdminScheduledJob['last']>['outcome'], string | undefined> = { ok: 'green', failed: 'red', running: 'blue', interrupted: 'orange' };

const pad = (n: number) => String(n).padStart(2, '0');

/** How often, or when, a job runs. */
function scheduleText(schedule: TAdminScheduledJob['schedule']): string {
  switch (schedule.kind) {
    case 'every': {
      const ms = schedule.every_ms;
      if (ms % 3_600_000 === 0) return adminText('everyHours', { n: String(ms / 3_600_000) });
      if (ms % 60_000 === 0) return adminText('everyMinutes', { n: String(ms / 60_000) });
      return adminText('everySeconds', { n: String(ms / 1000) });
    }
    case 'daily': {
      const minutes = Math.abs(schedule.utc_offset_minutes);
      const offset = `${schedule.utc_offset_minutes < 0 ? '-' : '+'}${Math.floor(minutes / 60)}${minutes % 60 ? `:${pad(minutes % 60)}` : ''}`;
      return adminText('dailyAt', { time: `${pad(schedule.hour)}:${pad(schedule.minute)}`, offset });
    }
    case 'stored':
      return adminText('storedDue');
  }
}

/** The leader's scheduled jobs: each one's latest run (what it did, or why it failed) and when it falls due next. */
function Jobs({ jobs, nowMs }: { jobs: TAdminScheduledJob[]; nowMs: number }) {
  return (
    <Card size="small" title={adminText('scheduledJobs')}>
      <Table<TAdminScheduledJob>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={jobs}
        columns={[
          { title: adminText('job'), render: (_, j) => jobText(j.name) },
          { title: adminText('schedule'), render: (_, j) => scheduleText(j.schedule) },
          { title: timeTitle(adminText('lastDue')), render: (_, j) => (j.last ? formatTime(j.last.due_ms) : adminText('notRunYet')) },
          { title: timeTitle(adminText('started')), render: (_, j) => (j.last ? formatTime(j.last.started_ms) : '') },
          { title: timeTitle(adminText('finished')), render: (_, j) => (j.last?.finished_ms == null ? '' : formatTime(j.last.finished_ms)) },
          {
            title: adminText('outcome'),
            render: (_, j) =>
              j.last && (
                <>
                  <Tag color={RUN_COLOR[j.last.outcome]}>{adminText(`run_${j.last.outcome}`)}</Tag>
                  {j.last.detail}
                </>
              ),
          },
          {
            title: timeTitle(adminText('nextDue')),
            render: (_, j) => (j.next_due_ms === null ? adminText('nothingDue') : j.next_due_ms <= nowMs ? adminText('dueNow') : formatTime(j.next_due_ms)),
          },
        ]}
      />
    </Card>
  );
}

const MAIL_STATUS_COLOR: Record<TAdminOutboxRow['status'], string | undefined> = { pending: undefined, sent: 'green', failed: 'red', logged: undefined };

/** Deliveries only: codes and links in the mails are sealed, and opening this is audited. */
function Outbox() {
  const [page, setPage] = useState(1);
  const outbox = useQueue(calls.adminOutbox, { page: String(page) });
  return (
    <Card size="small" title={adminText('outbox')}>
      <Table<TAdminOutboxRow>
        rowKey="id"
        size="small"
        {...pagedTable(outbox, page, setPage)}
        columns={[
          { title: timeTitle(adminText('time')), render: (_, m) => formatTime(m.created_ms), width: 190 },
          { title: adminText('email'), dataIndex: 'to' },
          { title: adminText('subject'), dataIndex: 'subject' },
          { title: adminText('status'), render: (_, m) => <Tag color={MAIL_STATUS_COLOR[m.status]}>{adminText(`mail_${m.status}`)}</Tag> },
          { title: adminText('error'), dataIndex: 'error', render: (error: string | null) => error ?? '' },
        ]}
      />
    </Card>
  );
}

import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { TMicroSettlementRecord } from '@tidemark/protocol';
import { Descriptions, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '../../format';
import { formatTime } from '../../format/time';
import { useSettlement } from './api';

/** sha-256 of a text as hex, in the browser; undefined where the page is not a secure context. */
async function sha256Hex(text: string): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Re-hashes the record's canonical text here, so the trader sees the hash is the record's own. */
function HashCheck({ record }: { record: TMicroSettlementRecord }) {
  const { t } = useTranslation();
  const [hash, setHash] = useState<string | null>();
  useEffect(() => {
    let live = true;
    void sha256Hex(record.canonical).then((h) => live && setHash(h ?? null));
    return () => void (live = false);
  }, [record.canonical]);
  if (hash === undefined) return <Spin size="small" />;
  if (hash === null) return <span>{t('micro.settlement.noCheck')}</span>;
  return hash === record.hash ? (
    <span className="tm-up" data-testid="micro-hash-check">
      <CheckCircleFilled aria-hidden /> {t('micro.settlement.hashOk')}
    </span>
  ) : (
    <span className="tm-down" data-testid="micro-hash-check">
      <CloseCircleFilled aria-hidden /> {t('micro.settlement.hashBad')}
    </span>
  );
}

interface Tick {
  price: string;
  time: number;
}

const tickTime = (timeMs: number) => `${formatTime(timeMs)}.${String(timeMs % 1000).padStart(3, '0')}`;

/**
 * Recorded prices, newest last, with the tick the settlement used marked, and the moment it was
 * taken for (the opening, the expiry) between the ticks before it and those after, which did not count.
 */
function Ticks({ title, ticks, usedMs, moment }: { title: string; ticks: readonly Tick[]; usedMs: number; moment: { label: string; atMs: number } }) {
  const after = ticks.findIndex((tick) => tick.time > moment.atMs);
  const mark = (
    <li key="moment" className="tm-mi-tick-moment">
      <span>{moment.label} {tickTime(moment.atMs)}</span>
    </li>
  );
  return (
    <figure className="tm-mi-ticks">
      <figcaption>{title}</figcaption>
      <ol>
        {ticks.flatMap((tick, i) => [
          ...(i === after ? [mark] : []),
          <li key={tick.time} aria-current={tick.time === usedMs || undefined} className={i >= after && after >= 0 ? 'tm-mi-tick-after' : undefined}>
            <span>{tickTime(tick.time)}</span>
            <span>{formatFixed(tick.price, 4)}</span>
          </li>,
        ])}
        {after < 0 && mark}
      </ol>
    </figure>
  );
}

/** An order's settlement record as the server recorded it: prices, ticks, payout and the hash chain. */
export default function SettlementModal({ orderId, onClose }: { orderId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useSettlement(orderId);
  const data = answer.data;
  const record = data?.record;
  return (
    <Modal open={orderId !== undefined} onCancel={onClose} footer={null} width={760} title={t('micro.settlement.title', { id: orderId })}>
      {answer.isError && <Typography.Text type="danger">{answer.error.message}</Typography.Text>}
      {!data && !answer.isError && <Spin className="tm-mk-spin" />}
      {data && record && (
        <div className="tm-mi-settlement" data-testid="micro-settlement">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'outcome', label: t('micro.settlement.outcome'), children: <span className={`tm-${{ win: 'up', draw: 'flat', loss: 'down' }[record.outcome]}`}>{t(`micro.${record.outcome}`)}</span> },
              { key: 'payout', label: t('micro.settlement.payout'), children: formatFixed(record.payout, 8) },
              { key: 'direction', label: t('micro.direction'), children: t(record.direction === 'up' ? 'micro.up' : 'micro.down') },
              { key: 'number', label: t('micro.amount'), children: formatFixed(record.number, 8) },
              { key: 'open', label: t('micro.openPrice'), children: <span data-testid="micro-record-open">{formatFixed(record.open_price, 4)}</span> },
              { key: 'openAt', label: t('micro.settlement.openTick'), children: formatTime(record.open_tick_time) },
              { key: 'end', label: t('micro.endPrice'), children: <span data-testid="micro-record-end">{formatFixed(record.end_price, 4)}</span> },
              { key: 'endAt', label: t('micro.settlement.endTick'), children: formatTime(record.end_tick_time) },
              { key: 'expires', label: t('micro.settlement.expires'), children: formatTime(record.expires_at) },
              { key: 'seq', label: t('micro.settlement.seq'), children: record.seq },
              { key: 'prev', label: t('micro.settlement.prevHash'), span: 'filled', children: <code className="tm-mi-hash">{record.prev_hash}</code> },
              { key: 'hash', label: t('micro.settlement.hash'), span: 'filled', children: <code className="tm-mi-hash">{record.hash}</code> },
              { key: 'check', label: t('micro.settlement.check'), span: 'filled', children: <HashCheck record={record} /> },
            ]}
          />
          <div className="tm-mi-tick-lists">
            <Ticks title={t('micro.settlement.openTicks')} ticks={data.open_ticks} usedMs={record.open_tick_time} moment={{ label: t('micro.settlement.opening'), atMs: record.opened_at }} />
            <Ticks title={t('micro.settlement.endTicks')} ticks={data.end_ticks} usedMs={record.end_tick_time} moment={{ label: t('micro.settlement.expires'), atMs: record.expires_at }} />
          </div>
          <details className="tm-mi-canonical">
            <summary>{t('micro.settlement.canonical')}</summary>
            <pre>{record.canonical}</pre>
          </details>
          <p className="tm-mi-verify-note">{t('micro.settlement.note')}</p>
        </div>
      )}
    </Modal>
  );
}

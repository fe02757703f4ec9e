import { Button, Empty, Pagination, Progress, Spin, Table, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatFixed } from '../../format';
import { formatShortTime, formatTime, timeTitle } from '../../format/time';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useTicker } from '../market/tickers';
import { useClosedOrders, useOpenOrders, type MicroOrder } from './api';
import { useClosings } from './live';
import { countdown, liveProfit, withClosings } from './rules';
import SettlementModal from './SettlementModal';
import { useNow } from './useNow';

const PRICE_PLACES = 4;
const COUNTDOWN_REDRAW_MS = 250;

/** The record tabs: open orders (the spec's "micro trade") and closed ones. */
export default function Orders() {
  const { t } = useTranslation();
  const [tab, setTab] = useState('open');
  const [record, setRecord] = useState<number>();
  return (
    <section className="tm-mk-card tm-mi-orders" aria-label={t('micro.orders')}>
      <Tabs
        size="small"
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'open', label: t('micro.current'), children: <OpenOrders /> },
          { key: 'closed', label: t('micro.closed'), children: <ClosedOrders active={tab === 'closed'} onRecord={setRecord} /> },
        ]}
      />
      <SettlementModal orderId={record} onClose={() => setRecord(undefined)} />
    </section>
  );
}

const Direction = ({ order }: { order: MicroOrder }) => {
  const { t } = useTranslation();
  return <span className={order.type === 1 ? 'tm-up' : 'tm-down'}>{t(order.type === 1 ? 'micro.up' : 'micro.down')}</span>;
};

/** The pair with the order's direction and expiry beside it. */
function PairCell({ order }: { order: MicroOrder }) {
  const { t } = useTranslation();
  return (
    <>
      {order.symbol_name} <Direction order={order} /> <small className="tm-mi-muted">{t('micro.secondsShort', { seconds: order.seconds })}</small>
    </>
  );
}

const price = (text: string) => (text === '' ? '–' : formatFixed(text, PRICE_PLACES));
const money = (text: string) => formatFixed(text, 2);

/** The live price of the order's pair (24h figures, pushed every second) and the spec's live profit. */
function LiveProfit({ order }: { order: MicroOrder }) {
  const ticker = useTicker(order.symbol_name);
  const shown = ticker && liveProfit(order, ticker.now_price);
  if (!shown) return <span>–</span>;
  return (
    <span className={`tm-${shown.trend}`}>
      {shown.trend === 'up' ? '+' : '-'}
      {money(shown.amount)}
    </span>
  );
}

/** A settled order's result: what it made (a draw is 0). */
function Result({ order }: { order: MicroOrder }) {
  const { t } = useTranslation();
  const trend = order.profit_result === 1 ? 'up' : order.profit_result === -1 ? 'down' : 'flat';
  const word = { up: t('micro.win'), down: t('micro.loss'), flat: t('micro.draw') }[trend];
  return (
    <span className={`tm-${trend}`}>
      {trend === 'up' ? '+' : ''}
      {money(order.fact_profits)} <small>{word}</small>
    </span>
  );
}

function Countdown({ order, endAtMs, nowMs }: { order: MicroOrder; endAtMs: number; nowMs: number }) {
  const { t } = useTranslation();
  if (order.status !== 1) return <Result order={order} />;
  const { text, leftMs } = countdown(endAtMs, nowMs);
  return (
    <span className="tm-mi-countdown" data-testid="micro-countdown" aria-label={t('micro.remaining')}>
      <Progress type="circle" size={16} percent={(100 * leftMs) / (order.seconds * 1000)} showInfo={false} strokeColor="var(--tm-accent)" />
      {leftMs > 0 ? text : t('micro.settling')}
    </span>
  );
}

function OpenOrders() {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const orders = useOpenOrders(true);
  const closing = useClosings();
  const tickMs = useNow(COUNTDOWN_REDRAW_MS);
  if (!orders.data) return <Spin className="tm-mk-spin" />;
  // the spec's countdown: to the poll's now + remain_milli_seconds
  const polledAt = orders.dataUpdatedAt;
  // a poll newer than the last redraw tick is "now" itself
  const nowMs = Math.max(tickMs, polledAt);
  const rows = withClosings(orders.data.data, closing);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('micro.emptyOpen')} />;
  const endAt = (order: MicroOrder) => polledAt + order.remain_milli_seconds;
  if (mobile) {
    return (
      <ul className="tm-mi-cards" aria-label={t('micro.current')}>
        {rows.map((order) => (
          <li key={order.id} className="tm-mi-card" data-testid="micro-open-order" data-order={order.id}>
            <header>
              <strong>{order.symbol_name}</strong> <Direction order={order} /> <small>{t('micro.secondsShort', { seconds: order.seconds })}</small>
              <Countdown order={order} endAtMs={endAt(order)} nowMs={nowMs} />
            </header>
            <dl>
              <div><dt>{t('micro.amount')}</dt><dd>{money(order.number)} {order.currency_name}</dd></div>
              <div><dt>{t('micro.openPrice')}</dt><dd>{price(order.open_price)}</dd></div>
              <div><dt>{t('micro.profit')}</dt><dd><LiveProfit order={order} /></dd></div>
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  const columns: TableColumnsType<MicroOrder> = [
    ...leadColumns(t),
    { title: t('micro.profit'), align: 'right', render: (_, order) => (order.status === 1 ? <LiveProfit order={order} /> : <Result order={order} />) },
    { title: t('micro.remaining'), align: 'right', render: (_, order) => <Countdown order={order} endAtMs={endAt(order)} nowMs={nowMs} /> },
  ];
  return (
    <OrderTable columns={columns} rows={rows} testId="micro-open-order" />
  );
}

function ClosedOrders({ active, onRecord }: { active: boolean; onRecord: (orderId: number) => void }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const orders = useClosedOrders(active, page);
  if (!orders.data) return <Spin className="tm-mk-spin" />;
  const { data, total, per_page } = orders.data;
  if (data.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('micro.emptyClosed')} />;
  const record = (order: MicroOrder) => (
    <Button type="link" size="small" className="tm-mi-record" onClick={() => onRecord(order.id)}>
      {t('micro.record')}
    </Button>
  );
  const pager = total > per_page && (
    <Pagination size="small" align="end" current={page} pageSize={per_page} total={total} showSizeChanger={false} onChange={setPage} />
  );
  if (mobile) {
    return (
      <>
        <ul className="tm-mi-cards" aria-label={t('micro.closed')}>
          {data.map((order) => (
            <li key={order.id} className="tm-mi-card" data-testid="micro-closed-order" data-order={order.id}>
              <header>
                <strong>{order.symbol_name}</strong> <Direction order={order} /> <small>{t('micro.secondsShort', { seconds: order.seconds })}</small>
                <Result order={order} />
              </header>
              <dl>
                <div><dt>{t('micro.amount')}</dt><dd>{money(order.number)} {order.currency_name}</dd></div>
                <div><dt>{t('micro.openPrice')}</dt><dd>{price(order.open_price)}</dd></div>
                <div><dt>{t('micro.endPrice')}</dt><dd>{price(order.end_price)}</dd></div>
                <div><dt>{timeTitle(t('micro.time'))}</dt><dd>{formatShortTime(order.created_at)}</dd></div>
              </dl>
              {record(order)}
            </li>
          ))}
        </ul>
        {pager}
      </>
    );
  }
  const columns: TableColumnsType<MicroOrder> = [
    ...leadColumns(t),
    { title: t('micro.endPrice'), align: 'right', render: (_, order) => price(order.end_price) },
    { title: t('micro.profit'), align: 'right', render: (_, order) => <Result order={order} /> },
    { title: timeTitle(t('micro.time')), align: 'right', render: (_, order) => <time title={formatTime(order.created_at)}>{formatShortTime(order.created_at)}</time> },
    { title: '', align: 'right', render: (_, order) => record(order) },
  ];
  return (
    <>
      <OrderTable columns={columns} rows={data} testId="micro-closed-order" />
      {pager}
    </>
  );
}

/** The columns both desktop order lists open with: pair, stake and open price. */
function leadColumns(t: TFunction): TableColumnsType<MicroOrder> {
  return [
    { title: t('micro.pair'), render: (_, order) => <PairCell order={order} /> },
    { title: t('micro.amount'), align: 'right', render: (_, order) => `${money(order.number)} ${order.currency_name}` },
    { title: t('micro.openPrice'), align: 'right', render: (_, order) => price(order.open_price) },
  ];
}

/** A desktop order list; each row carries its list's test id and its order id. */
function OrderTable({ columns, rows, testId }: { columns: TableColumnsType<MicroOrder>; rows: MicroOrder[]; testId: string }) {
  return (
    <Table<MicroOrder>
      size="small"
      rowKey="id"
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={columns}
      dataSource={rows}
      onRow={(order) => ({ 'data-testid': testId, 'data-order': order.id }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { mustParseUnits, formatUnits, pnlOf, type LeverDirection } from '@tidemark/core';
import { calls } from '@tidemark/protocol';
import { Button, Popconfirm, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/mutation';
import DataGrid, { type Column } from '../../components/DataGrid';
import LightTabs from '../../components/LightTabs';
import { formatFixed } from '../../format';
import { formatTime, timeTitle } from '../../format/time';
import type { Pair } from '../market/pair';
import { useTicker } from '../market/tickers';
import { reloadAfter } from '../wallet/reload';
import { LEVER_TABS, leverKeys, useLeverOrders, type LeverOrder, type LeverOrders, type LeverTab } from './api';
import { useLeverPushes } from './live';
import StopsDialog from './StopsDialog';
import { AMOUNT_DECIMALS, priceOrNone, signedAmount, signedClass } from './show';
import { useToast } from '../../components/Toasts';

/** The pause before the page reloads after a close, so its message can be read first. */
const CLOSE_RELOAD_MS = 1000;

/** The four record tabs: current entrusts, positions, closed and cancelled orders; only the tab shown is asked for. */
export default function Records({ pair }: { pair: Pair }) {
  const { t } = useTranslation();
  useLeverPushes(pair);
  const [tab, setTab] = useState<LeverTab>('positions');
  const tabs: LeverTab[] = ['entrusts', 'positions', 'closed', 'cancelled'];
  return (
    <section className="tm-mk-card tm-lv-records">
      {/* the tabs switch the one list shown under them */}
      <LightTabs size="small" activeKey={tab} onChange={setTab} items={tabs.map((key) => ({ key, label: t(`lever.tabs.${key}`) }))} />
      <OrderList key={tab} pair={pair} tab={tab} />
    </section>
  );
}

function OrderList({ pair, tab }: { pair: Pair; tab: LeverTab }) {
  const { t } = useTranslation();
  const orders = useLeverOrders(pair, LEVER_TABS[tab]);
  const columns = useColumns(pair, tab);
  const actions = useActions(pair, tab);
  if (!orders.data) return <Spin className="tm-mk-spin" size="small" />;
  return (
    <>
      {tab === 'positions' && <RiskStrip risk={orders.data.rate_profits_total} legal={pair.legalName} />}
      <DataGrid
        label={t(`lever.tabs.${tab}`)}
        columns={columns}
        rows={orders.data.message.data}
        rowKey={(row) => row.id}
        empty={t(`lever.empty.${tab}`)}
        {...(actions ? { actions } : {})}
      />
    </>
  );
}

function RiskStrip({ risk, legal }: { risk: LeverOrders['rate_profits_total']; legal: string }) {
  const { t } = useTranslation();
  return (
    <dl className="tm-lv-risk">
      <div>
        <dt>{t('lever.risk.ratio')}</dt>
        <dd>{formatFixed(risk.hazard_rate, 2)}%</dd>
      </div>
      <div>
        <dt>{t('lever.risk.pnl')}</dt>
        <dd className={signedClass(risk.profits_total)}>
          {signedAmount(risk.profits_total)} {legal}
        </dd>
      </div>
      <div>
        <dt>{t('lever.risk.margin')}</dt>
        <dd>
          {formatFixed(risk.caution_money_total, AMOUNT_DECIMALS)} {legal}
        </dd>
      </div>
    </dl>
  );
}

/** PnL at the live price by core's formula; the server's figure (at its last price) until a tick arrives. */
function LivePnl({ order, symbol }: { order: LeverOrder; symbol: string }) {
  const live = useTicker(symbol)?.now_price;
  const pnl = live
    ? formatUnits(pnlOf(order.type as LeverDirection, mustParseUnits(order.price), mustParseUnits(live), mustParseUnits(order.number)))
    : order.profits;
  return <span className={signedClass(pnl)}>{signedAmount(pnl)}</span>;
}

function Side({ order }: { order: LeverOrder }) {
  const { t } = useTranslation();
  const long = order.type === 1;
  return (
    <span className="tm-lv-side">
      <b>{order.symbol}</b>
      <span className={long ? 'tm-up' : 'tm-down'}>
        {long ? t('lever.side.long') : t('lever.side.short')} {order.multiple}x
      </span>
    </span>
  );
}

function useColumns(pair: Pair, tab: LeverTab): Column<LeverOrder>[] {
  const { t } = useTranslation();
  const price = (key: string, title: string, read: (o: LeverOrder) => string | null): Column<LeverOrder> => ({
    key,
    title,
    numeric: true,
    render: (o) => priceOrNone(read(o)),
  });
  const amount = (key: string, title: string, read: (o: LeverOrder) => string): Column<LeverOrder> => ({
    key,
    title,
    numeric: true,
    render: (o) => formatFixed(read(o), AMOUNT_DECIMALS),
  });
  const side: Column<LeverOrder> = { key: 'side', title: t('lever.cols.contract'), heading: true, weight: 1.3, render: (o) => <Side order={o} /> };
  const hands: Column<LeverOrder> = { key: 'hands', title: t('lever.cols.hands'), numeric: true, weight: 0.6, render: (o) => o.share };
  const stops: Column<LeverOrder> = {
    key: 'stops',
    title: t('lever.cols.stops'),
    numeric: true,
    weight: 1.3,
    render: (o) => `${priceOrNone(o.target_profit_price)} / ${priceOrNone(o.stop_loss_price)}`,
  };
  // in the trader's chosen zone, as every other record and the chart (the wire's text is in the server's)
  const time = (key: string, title: string, read: (o: LeverOrder) => number | null): Column<LeverOrder> => ({
    key,
    title: timeTitle(title),
    weight: 1.2,
    render: (o) => {
      const ms = read(o);
      return ms === null ? '--' : formatTime(ms);
    },
  });
  const legal = pair.legalName;
  switch (tab) {
    case 'entrusts':
      return [
        side,
        hands,
        price('asked', t('lever.cols.asked'), (o) => o.origin_price),
        price('open', t('lever.cols.openAfterSpread'), (o) => o.price),
        amount('margin', t('lever.cols.margin', { legal }), (o) => o.caution_money),
        amount('fee', t('lever.cols.fee', { legal }), (o) => o.trade_fee),
        stops,
        time('time', t('lever.cols.placed'), (o) => o.transaction_time_ms),
      ];
    case 'positions':
      return [
        side,
        hands,
        price('open', t('lever.cols.open'), (o) => o.open_price),
        price('mark', t('lever.cols.mark'), (o) => o.mark_price),
        price('liquidation', t('lever.cols.liquidation'), (o) => o.liquidation_price),
        amount('margin', t('lever.cols.margin', { legal }), (o) => o.caution_money),
        { key: 'pnl', title: t('lever.cols.pnl', { legal }), numeric: true, render: (o) => <LivePnl order={o} symbol={o.symbol} /> },
        stops,
      ];
    case 'closed':
      return [
        side,
        hands,
        price('open', t('lever.cols.open'), (o) => o.open_price),
        price('close', t('lever.cols.close'), (o) => o.close_price),
        {
          key: 'pnl',
          title: t('lever.cols.pnl', { legal }),
          numeric: true,
          render: (o) => <span className={signedClass(o.profits)}>{signedAmount(o.profits)}</span>,
        },
        amount('fee', t('lever.cols.fee', { legal }), (o) => o.trade_fee),
        { key: 'reason', title: t('lever.cols.reason'), render: (o) => (o.close_reason ? t(`lever.reason.${o.close_reason}` as 'lever.reason.manual') : '--') },
        time('time', t('lever.cols.closedAt'), (o) => o.handle_time_ms),
      ];
    case 'cancelled':
      return [
        side,
        hands,
        price('asked', t('lever.cols.asked'), (o) => o.origin_price),
        amount('margin', t('lever.cols.margin', { legal }), (o) => o.origin_caution_money),
        amount('fee', t('lever.cols.fee', { legal }), (o) => o.trade_fee),
        time('placed', t('lever.cols.placed'), (o) => o.transaction_time_ms),
        time('time', t('lever.cols.cancelledAt'), (o) => o.complete_time_ms),
      ];
  }
}

/** Cancel for entrusts, TP/SL and close for positions; both ask first. Past orders have none. */
function useActions(pair: Pair, tab: LeverTab): ((order: LeverOrder) => ReactNode) | undefined {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<LeverOrder>();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: leverKeys.all });
  const cancel = useCallMutation(calls.leverCancel, {
    onSuccess: (notice) => {
      toast.success({ content: notice, key: calls.leverCancel.path });
      refresh();
    },
  });
  const close = useCallMutation(calls.leverClose, {
    onSuccess: (notice) => {
      toast.success({ content: notice, key: calls.leverClose.path });
      // the spec reloads the page after a close: every balance and list is read afresh
      reloadAfter(CLOSE_RELOAD_MS);
    },
  });
  if (tab === 'entrusts') {
    return (order) => (
      <Popconfirm
        title={t('lever.confirm.cancel')}
        okText={t('lever.confirm.yes')}
        cancelText={t('lever.confirm.no')}
        onConfirm={() => cancel.mutateAsync({ id: String(order.id) })}
      >
        <Button size="small" loading={cancel.isPending && cancel.variables.id === String(order.id)}>
          {t('lever.actions.cancel')}
        </Button>
      </Popconfirm>
    );
  }
  if (tab !== 'positions') return undefined;
  return (order) => (
    <>
      <Button size="small" onClick={() => setEditing(order)}>
        {t('lever.actions.stops')}
      </Button>
      <Popconfirm
        title={t('lever.confirm.close')}
        okText={t('lever.confirm.yes')}
        cancelText={t('lever.confirm.no')}
        onConfirm={() => close.mutateAsync({ id: String(order.id) })}
      >
        <Button size="small" danger loading={close.isPending && close.variables.id === String(order.id)}>
          {t('lever.actions.close')}
        </Button>
      </Popconfirm>
      {editing?.id === order.id && <StopsDialog order={editing} pair={pair} onClose={() => setEditing(undefined)} />}
    </>
  );
}

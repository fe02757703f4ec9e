import { Button, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { calls } from '@tidemark/protocol';
import { useCallMutation } from '../../api/mutation';
import DataGrid, { type Column } from '../../components/DataGrid';
import LightTabs from '../../components/LightTabs';
import LoginButtons from '../../components/LoginButtons';
import { formatFixed } from '../../format';
import { formatTime } from '../../format/time';
import type { Pair } from '../market/pair';
import { useSpotOrders, type OrderList, type SpotOrder, type SpotRules } from './api';
import { placesOf } from './quote';
import { useToast } from '../../components/Toasts';

/** my_orders row `status`: 0 waiting for the matcher, 1 resting, 2 filled, 3 cancelled */
const STATUS_KEYS = ['accepted', 'open', 'filled', 'cancelled'] as const;

/** The trader's current orders (with cancel) and order history for the pair. */
export default function OrderRecords({ pair, rules, loggedIn }: { pair: Pair; rules: SpotRules | undefined; loggedIn: boolean }) {
  const { t } = useTranslation();
  const [list, setList] = useState<OrderList>(0);
  return (
    <section className="tm-mk-card tm-sp-records" aria-label={t('spot.records.title')}>
      <LightTabs
        size="small"
        activeKey={String(list) as '0' | '3'}
        onChange={(key) => setList(Number(key) as OrderList)}
        items={[
          { key: '0', label: t('spot.records.current') },
          { key: '3', label: t('spot.records.history') },
        ]}
      />
      {!loggedIn ? <LoginButtons /> : rules ? <Orders pair={pair} rules={rules} list={list} /> : <Spin className="tm-mk-spin" />}
    </section>
  );
}

/** Fees are small: a few more places than prices. */
const FEE_EXTRA_PLACES = 2;

function Orders({ pair, rules, list }: { pair: Pair; rules: SpotRules; list: OrderList }) {
  const { t } = useTranslation();
  const orders = useSpotOrders(pair, list, true);
  if (orders.isPending) return <Spin className="tm-mk-spin" />;
  const rows = orders.data?.data ?? [];
  const [pricePlaces, amountPlaces] = [placesOf(rules.price_step), placesOf(rules.amount_step)];
  const price = (text: string) => formatFixed(text, pricePlaces);
  const amount = (text: string) => formatFixed(text, amountPlaces);
  const amountOf = (o: SpotOrder) => (o.number ? `${amount(o.number)} ${pair.currencyName}` : `${price(o.total)} ${pair.legalName}`);
  const columns: Column<SpotOrder>[] = [
    { key: 'time', title: t('spot.records.time'), render: (o) => formatTime(o.created_at_ms), weight: 1.5 },
    {
      key: 'side',
      title: t('spot.records.side'),
      render: (o) => (
        <span className={o.side === 'buy' ? 'tm-up' : 'tm-down'}>
          {t(`spot.side.${o.side}`)} · {t(o.order_type === 0 ? 'spot.form.limit' : 'spot.form.market')}
        </span>
      ),
      weight: 1.2,
    },
    { key: 'price', title: t('spot.records.price'), render: (o) => (o.price ? price(o.price) : t('spot.form.market')), numeric: true },
    { key: 'amount', title: t('spot.records.amount'), render: amountOf, numeric: true, weight: 1.3 },
    { key: 'filled', title: t('spot.records.filled'), render: (o) => amount(o.filled), numeric: true },
    { key: 'avg', title: t('spot.records.avgPrice'), render: (o) => (o.avg_price ? price(o.avg_price) : '--'), numeric: true },
    { key: 'fee', title: t('spot.records.fee'), render: (o) => `${formatFixed(o.fee, pricePlaces + FEE_EXTRA_PLACES)} ${pair.legalName}`, numeric: true },
    { key: 'status', title: t('spot.records.status'), render: (o) => t(`spot.status.${STATUS_KEYS[o.status] ?? 'open'}`) },
  ];
  return (
    <DataGrid
      label={list === 0 ? t('spot.records.current') : t('spot.records.history')}
      columns={columns}
      rows={rows}
      rowKey={(o) => o.id}
      {...(list === 0 ? { actions: (o: SpotOrder) => <CancelButton order={o} /> } : {})}
      empty={list === 0 ? t('spot.records.noCurrent') : t('spot.records.noHistory')}
    />
  );
}

function CancelButton({ order }: { order: SpotOrder }) {
  const { t } = useTranslation();
  const toast = useToast();
  const cancel = useCallMutation(calls.coinCancel, {
    onSuccess: (notice) => toast.success({ content: notice, key: `${calls.coinCancel.path}:${order.id}` }),
  });
  return (
    <Button
      size="small"
      loading={cancel.isPending}
      aria-label={t('spot.records.cancelOrder', { id: order.id })}
      onClick={() => cancel.mutate({ id: String(order.id) })}
    >
      {t('spot.records.cancel')}
    </Button>
  );
}

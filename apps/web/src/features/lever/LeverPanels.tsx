import type { LeverDirection } from '@tidemark/core';
import { Alert, Button, Drawer, Spin } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client';
import { formatFixed } from '../../format';
import type { Pair } from '../market/pair';
import { useTicker } from '../market/tickers';
import { useLeverDeal, type LeverDeal } from './api';
import OrderForm from './OrderForm';
import Records from './Records';
import { AMOUNT_DECIMALS } from './show';
import './lever.css';

/** The deal (settings, balance) once loaded, with the live price; a refusal (trading closed) said in place. */
function WithDeal({ pair, children }: { pair: Pair; children: (deal: LeverDeal, currentPrice: string) => ReactNode }) {
  const { t } = useTranslation();
  const deal = useLeverDeal(pair);
  const live = useTicker(pair.symbol)?.now_price;
  if (deal.data) return children(deal.data, live ?? deal.data.last_price);
  if (deal.error) {
    return <Alert type="warning" showIcon message={deal.error instanceof ApiError ? deal.error.message : t('errors.network')} />;
  }
  return <Spin className="tm-mk-spin" size="small" />;
}

/** Desktop: the order form, under the order book. */
export function DeskOrderCard({ pair }: { pair: Pair }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<LeverDirection>(1);
  return (
    <section className="tm-mk-card tm-lv-form-card">
      <h2 className="tm-mk-card-title">{t('lever.form.title')}</h2>
      <WithDeal pair={pair}>
        {(deal, price) => <OrderForm pair={pair} deal={deal} currentPrice={price} direction={direction} onDirection={setDirection} />}
      </WithDeal>
    </section>
  );
}

/** Phone: the contract balance with the transfer link, under the market picker. */
export function BalanceStrip({ pair }: { pair: Pair }) {
  const { t } = useTranslation();
  const deal = useLeverDeal(pair);
  const show = (value: string | undefined) => (value ? `${formatFixed(value, AMOUNT_DECIMALS)} ${pair.legalName}` : '--');
  return (
    <div className="tm-lv-strip">
      <dl>
        <div>
          <dt>{t('lever.balance.total')}</dt>
          <dd>{show(deal.data?.all_levers)}</dd>
        </div>
        <div>
          <dt>{t('lever.balance.available')}</dt>
          <dd>{show(deal.data?.user_lever)}</dd>
        </div>
      </dl>
      <Link to="/transferlegal">{t('lever.balance.transfer')}</Link>
    </div>
  );
}

/** Phone: the record tabs, and Long and Short buttons that open the order form as a sheet. */
export function PhoneTrading({ pair }: { pair: Pair }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<LeverDirection>(1);
  const [open, setOpen] = useState(false);
  const openAs = (side: LeverDirection) => {
    setDirection(side);
    setOpen(true);
  };
  return (
    <>
      <Records pair={pair} />
      <div className="tm-lv-actionbar">
        <Button className="tm-lv-submit tm-lv-submit-long" onClick={() => openAs(1)}>
          {t('lever.side.long')}
        </Button>
        <Button className="tm-lv-submit tm-lv-submit-short" onClick={() => openAs(2)}>
          {t('lever.side.short')}
        </Button>
      </div>
      <Drawer
        open={open}
        placement="bottom"
        height="auto"
        title={`${pair.symbol} · ${t('lever.form.title')}`}
        onClose={() => setOpen(false)}
        className="tm-lv-sheet"
      >
        <WithDeal pair={pair}>
          {(deal, price) => (
            <OrderForm
              pair={pair}
              deal={deal}
              currentPrice={price}
              direction={direction}
              onDirection={setDirection}
              onPlaced={() => setOpen(false)}
            />
          )}
        </WithDeal>
      </Drawer>
    </>
  );
}

import { Button, Spin } from 'antd';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import RouteButton from '../../components/RouteButton';
import { formatFixed } from '../../format';
import { useIsMobile } from '../../hooks/useIsMobile';
import { useLoggedIn } from '../../session/useSession';
import { useFeed } from '../market/FeedContext';
import { useSlice } from '../market/slice';
import { useSpotBalances, useSpotRefresh, useSpotRules } from './api';
import OrderForm, { type Side } from './OrderForm';
import OrderRecords from './OrderRecords';
import './spot.css';

/**
 * The spot page's own area under the chart: buy and sell forms side by side with the trader's
 * orders below (desktop); on phones a balance strip, the spec's Up and Down buttons opening the
 * buy or sell form, and the orders.
 */
export default function TradePanel() {
  const { t } = useTranslation();
  const feed = useFeed();
  const { pair } = feed;
  const loggedIn = useLoggedIn();
  const mobile = useIsMobile();
  const rules = useSpotRules(pair);
  const balances = useSpotBalances(pair, loggedIn);
  const refresh = useSpotRefresh();
  const lastPrice = useSlice(feed.depth, (book) => book?.lastPrice);
  const [open, setOpen] = useState<Side | null>(null);

  const availableOf = (side: Side) => {
    const balance = side === 'buy' ? balances.data?.user_legal : balances.data?.user_currency;
    return balance?.balance;
  };
  const form = (side: Side) =>
    rules.data ? (
      <OrderForm
        key={side}
        side={side}
        pair={pair}
        rules={rules.data}
        available={availableOf(side)}
        loggedIn={loggedIn}
        lastPrice={lastPrice}
        onPlaced={refresh}
      />
    ) : (
      <Spin className="tm-mk-spin" />
    );

  if (!mobile) {
    return (
      <>
        <section className="tm-mk-card tm-sp-panel" aria-label={t('spot.title')}>
          {form('buy')}
          {form('sell')}
        </section>
        <OrderRecords pair={pair} rules={rules.data} loggedIn={loggedIn} />
      </>
    );
  }
  return (
    <>
      {loggedIn && (
        <section className="tm-mk-card tm-sp-strip" aria-label={t('spot.strip.title')}>
          {[balances.data?.user_legal, balances.data?.user_currency].map((balance, i) => (
            <div key={i} className="tm-sp-strip-item">
              <span className="tm-mk-head">{balance?.name ?? (i === 0 ? pair.legalName : pair.currencyName)}</span>
              <span className="tm-sp-num">{balance ? formatFixed(balance.balance, 8) : '--'}</span>
            </div>
          ))}
          <RouteButton size="small" to="/transferlegal">
            {t('spot.strip.transfer')}
          </RouteButton>
        </section>
      )}
      <div className="tm-sp-updown">
        <Button className="tm-sp-submit tm-sp-submit-buy" icon={<CaretUpOutlined aria-hidden />} aria-pressed={open === 'buy'} onClick={() => setOpen(open === 'buy' ? null : 'buy')}>
          {t('spot.side.buy')}
        </Button>
        <Button className="tm-sp-submit tm-sp-submit-sell" icon={<CaretDownOutlined aria-hidden />} aria-pressed={open === 'sell'} onClick={() => setOpen(open === 'sell' ? null : 'sell')}>
          {t('spot.side.sell')}
        </Button>
      </div>
      {open && (
        <section className="tm-mk-card tm-sp-panel" aria-label={t('spot.title')}>
          {form(open)}
          <Button type="text" size="small" block onClick={() => setOpen(null)}>
            {t('spot.strip.collapse')}
          </Button>
        </section>
      )}
      <OrderRecords pair={pair} rules={rules.data} loggedIn={loggedIn} />
    </>
  );
}

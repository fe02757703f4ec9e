import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPrice } from '../../format';
import { formatClock } from '../../format/time';
import { chartZone } from './chartZone';
import { useFeed } from './FeedContext';
import { usePrecision } from './quotes';
import { useSlice } from './slice';

/** The tape: the latest 40 trades, newest on top, coloured by the taker's side. */
export default function RecentTrades() {
  const { t } = useTranslation();
  const feed = useFeed();
  const trades = useSlice(feed.trades);
  const { tick, step } = usePrecision(feed.pair.symbol);
  // drawn again in a zone the trader picks
  useSlice(chartZone);
  return (
    <div className="tm-mk-trades" role="table" aria-label={t('market.trades.title')}>
      <div className="tm-mk-trade-row tm-mk-head" role="row">
        <span role="columnheader">{t('market.trades.time')}</span>
        <span role="columnheader">{t('market.trades.price')}</span>
        <span role="columnheader">{t('market.trades.amount')}</span>
      </div>
      {trades.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('market.trades.empty')} />
      ) : (
        // Trades have no id; their place in the list is their identity while it is shown.
        trades.map((trade, i) => (
          <div key={i} className="tm-mk-trade-row" role="row">
            <span role="cell">{formatClock(trade.ts)}</span>
            <span role="cell" className={trade.direction === 'buy' ? 'tm-up' : 'tm-down'}>
              {formatPrice(trade.price, tick)}
            </span>
            <span role="cell">{formatAmount(trade.amount, step)}</span>
          </div>
        ))
      )}
    </div>
  );
}

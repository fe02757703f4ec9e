import { useTranslation } from 'react-i18next';
import { formatAmount, formatChange, formatPrice } from '../../format';
import LivePrice from './LivePrice';
import { usePrecision, useQuotation } from './quotes';
import { useTicker } from './tickers';

/** The chart header: the pair's last price and 24-hour change, high, low and volume, live. */
export default function PairStats({ symbol, heading = true }: { symbol: string; heading?: boolean }) {
  const { t } = useTranslation();
  const ticker = useTicker(symbol, useQuotation(symbol));
  const { tick, step } = usePrecision(symbol);
  const change = ticker && formatChange(ticker.change);
  const figure = (text: string | undefined, format: (text: string, step: string) => string, step: string) =>
    text === undefined ? '--' : format(text, step);
  return (
    <div className="tm-mk-stats">
      {heading && <h1 className="tm-mk-title">{symbol}</h1>}
      <LivePrice
        symbol={symbol}
        tick={tick}
        fallback={ticker?.now_price}
        className={`tm-mk-last tm-${change?.trend ?? 'flat'}`}
        label={t('market.stats.last')}
      />
      <dl>
        <div>
          <dt>{t('market.stats.change')}</dt>
          <dd className={`tm-${change?.trend ?? 'flat'}`}>{change?.text ?? '--'}</dd>
        </div>
        <div>
          <dt>{t('market.stats.high')}</dt>
          <dd>{figure(ticker?.high, formatPrice, tick)}</dd>
        </div>
        <div>
          <dt>{t('market.stats.low')}</dt>
          <dd>{figure(ticker?.low, formatPrice, tick)}</dd>
        </div>
        <div>
          <dt>{t('market.stats.volume')}</dt>
          <dd>{figure(ticker?.volume, formatAmount, step)}</dd>
        </div>
      </dl>
    </div>
  );
}

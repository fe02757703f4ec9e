import { useTranslation } from 'react-i18next';
import { fixedDecimal, formatChange } from '../../format/decimal';
import { useQuotation } from './quotes';
import { useTicker } from './tickers';

/** The chart header: the pair's last price and 24-hour change, high, low and volume, live. */
export default function PairStats({ symbol, heading = true }: { symbol: string; heading?: boolean }) {
  const { t } = useTranslation();
  const ticker = useTicker(symbol, useQuotation(symbol));
  const change = ticker && formatChange(ticker.change);
  const figure = (text: string | undefined, places: number) => (text === undefined ? '--' : fixedDecimal(text, places));
  return (
    <div className="tm-mk-stats">
      {heading && <h1 className="tm-mk-title">{symbol}</h1>}
      <span className={`tm-mk-last tm-${change?.trend ?? 'flat'}`} aria-label={t('market.stats.last')}>
        {figure(ticker?.now_price, 4)}
      </span>
      <dl>
        <div>
          <dt>{t('market.stats.change')}</dt>
          <dd className={`tm-${change?.trend ?? 'flat'}`}>{change?.text ?? '--'}</dd>
        </div>
        <div>
          <dt>{t('market.stats.high')}</dt>
          <dd>{figure(ticker?.high, 4)}</dd>
        </div>
        <div>
          <dt>{t('market.stats.low')}</dt>
          <dd>{figure(ticker?.low, 4)}</dd>
        </div>
        <div>
          <dt>{t('market.stats.volume')}</dt>
          <dd>{figure(ticker?.volume, 2)}</dd>
        </div>
      </dl>
    </div>
  );
}

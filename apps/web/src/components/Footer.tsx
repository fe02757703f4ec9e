import { useTranslation } from 'react-i18next';
import { useQuotationGroups, type Quotation, type QuotationGroup } from '../api/queries';
import { symbolOf } from '../features/market/pair';
import { useTicker } from '../features/market/tickers';
import LivePrice from '../features/market/LivePrice';
import { formatChange } from '../format';

// Scroll speed: the loop lasts this long per pair, so it reads the same with 3 pairs or 30.
const SECONDS_PER_PAIR = 4;

/** Displayed pairs, each once even when it appears in several groups. */
function tickerPairs(groups: QuotationGroup[] = []): Quotation[] {
  const byId = new Map<number, Quotation>();
  for (const pair of groups.flatMap((group) => group.quotation)) {
    if (pair.is_display === 1 && !byId.has(pair.id)) byId.set(pair.id, pair);
  }
  return [...byId.values()];
}

function TickerItems({ pairs }: { pairs: Quotation[] }) {
  return (
    <ul className="tm-ticker-items">
      {pairs.map((pair) => (
        <TickerItem key={pair.id} pair={pair} />
      ))}
    </ul>
  );
}

/** One pair, live from the socket's 24-hour figures where the page has a market socket. */
function TickerItem({ pair }: { pair: Quotation }) {
  const symbol = symbolOf(pair);
  const ticker = useTicker(symbol, pair);
  const change = formatChange(ticker.change);
  return (
    <li>
      <span className="tm-ticker-symbol">{symbol}</span>
      <LivePrice symbol={symbol} tick={pair.price_tick} fallback={ticker.now_price} />
      <span className={`tm-${change.trend}`}>{change.text}</span>
    </li>
  );
}

/** The scrolling price strip at the bottom of every logged-in page. */
export default function Footer() {
  const { t } = useTranslation();
  const pairs = tickerPairs(useQuotationGroups().data);
  if (pairs.length === 0) return null;
  return (
    <footer className="tm-ticker" aria-label={t('ticker.label')}>
      <div
        className="tm-ticker-track"
        style={{ animationDuration: `${pairs.length * SECONDS_PER_PAIR}s` }}
      >
        <TickerItems pairs={pairs} />
        {/* A second copy follows the first so the loop has no seam; screen readers skip it. */}
        <div aria-hidden="true" className="tm-ticker-copy">
          <TickerItems pairs={pairs} />
        </div>
      </div>
    </footer>
  );
}

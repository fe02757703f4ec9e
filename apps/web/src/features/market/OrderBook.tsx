import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { fixedDecimal } from '../../format/decimal';
import { bookRows, type BookRow } from './depth';
import { useFeed } from './FeedContext';
import { useSlice } from './slice';

/** Asks above (best nearest the middle), the last price, bids below; each level with its depth bar. */
export default function OrderBook({ levels }: { levels: number }) {
  const { t } = useTranslation();
  const feed = useFeed();
  const book = useSlice(feed.depth);
  // the middle price takes the colour of the latest trade's side
  const lastSide = useSlice(feed.trades, (trades) => trades[0]?.direction);
  const { bids, asks } = useMemo(() => bookRows(book?.bids ?? [], book?.asks ?? [], levels), [book, levels]);
  const { currencyName, legalName } = feed.pair;
  // Fixed slots, so the middle line does not jump as levels come and go.
  const slots = (rows: BookRow[]) => Array.from({ length: levels }, (_, i) => rows[i]);
  return (
    <div className="tm-mk-book" role="table" aria-label={t('market.book.title')}>
      <div className="tm-mk-book-row tm-mk-head" role="row">
        <span role="columnheader">{t('market.book.price', { quote: legalName })}</span>
        <span role="columnheader">{t('market.book.amount', { base: currencyName })}</span>
      </div>
      <div role="rowgroup" className="tm-mk-asks">
        {slots(asks)
          .reverse()
          .map((row, i) => (
            <Level key={i} row={row} side="down" />
          ))}
      </div>
      <div className={`tm-mk-book-last tm-${lastSide === 'sell' ? 'down' : lastSide ? 'up' : 'flat'}`} role="row">
        <span role="cell" aria-label={t('market.stats.last')}>
          {/* the spec shows the order book's last price with 6 decimals */}
          {book ? fixedDecimal(book.lastPrice, 6) : '--'}
        </span>
      </div>
      <div role="rowgroup" className="tm-mk-bids">
        {slots(bids).map((row, i) => (
          <Level key={i} row={row} side="up" />
        ))}
      </div>
    </div>
  );
}

function Level({ row, side }: { row: BookRow | undefined; side: 'up' | 'down' }) {
  if (!row) return <div className="tm-mk-book-row" role="row" />;
  return (
    <div className={`tm-mk-book-row tm-mk-${side}-bar`} role="row" style={{ '--tm-mk-depth': `${row.depth}%` } as CSSProperties}>
      <span role="cell" className={`tm-${side}`}>
        {fixedDecimal(row.price, 4)}
      </span>
      <span role="cell">{fixedDecimal(row.amount, 4)}</span>
    </div>
  );
}

import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useTouchOnly } from '../../hooks/useMediaQuery';
import { formatAmount, formatDecimal, formatPrice, toStep } from '../../format';
import { bookRows, groupLevels, groupSteps, spreadOf, sweep, type BookRow, type Side } from './depth';
import { useFeed } from './FeedContext';
import { usePrecision } from './quotes';
import { useSlice } from './slice';
import { useLastPrice } from './tickers';

type Layout = 'both' | 'bids' | 'asks';
const LAYOUTS: readonly Layout[] = ['both', 'bids', 'asks'];

interface Props {
  /** levels shown a side when both sides show (twice as many when one does) */
  levels: number;
  /** a level was clicked: its price, for the page's order form */
  onPickPrice?: (price: string) => void;
}

/**
 * Asks above (best nearest the middle), the last price and the spread, bids below; each level
 * with its cumulative sum and depth bar. The price grouping merges levels into wider buckets;
 * hovering a level (tapping one on a touch screen, focusing one by keyboard) shows what taking
 * the book to it would fill; clicking or tapping one hands its price on.
 */
export default function OrderBook({ levels, onPickPrice }: Props) {
  const { t } = useTranslation();
  const feed = useFeed();
  const book = useSlice(feed.depth);
  const { symbol, currencyName, legalName } = feed.pair;
  const { tick, step } = usePrecision(symbol);
  const steps = groupSteps(tick);
  const [chosenGroup, setGroup] = useState<string>();
  const group = chosenGroup && steps.includes(chosenGroup) ? chosenGroup : steps[0]!;
  const [layout, setLayout] = useState<Layout>('both');
  const [hover, setHover] = useState<{ side: Side; index: number }>();
  const touch = useTouchOnly();

  const shown = layout === 'both' ? levels : levels * 2;
  const grouped = {
    rows: bookRows(groupLevels(book?.bids ?? [], group, 'bids'), groupLevels(book?.asks ?? [], group, 'asks'), shown),
    spread: spreadOf(book?.bids ?? [], book?.asks ?? []),
  };
  const swept = hover && sweep(grouped.rows[hover.side], hover.index);
  // Fixed slots, so the middle line does not jump as levels come and go.
  const slots = (rows: BookRow[]) => Array.from({ length: shown }, (_, i) => rows[i]);

  const level = (side: Side) => (row: BookRow | undefined, index: number) => (
    <Level
      key={index}
      row={row}
      side={side}
      group={group}
      step={step}
      inSweep={hover?.side === side && index <= hover.index}
      onHover={(on) => setHover(on ? { side, index } : undefined)}
      onPick={onPickPrice}
    />
  );

  return (
    <div className="tm-mk-book-wrap">
      <div className="tm-mk-book-tools">
        <div className="tm-mk-book-layouts" role="group" aria-label={t('market.book.layout')}>
          {LAYOUTS.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={choice === layout}
              aria-label={t(`market.book.layouts.${choice}`)}
              title={t(`market.book.layouts.${choice}`)}
              onClick={() => setLayout(choice)}
            >
              <span className={`tm-mk-layout-icon tm-mk-layout-${choice}`} aria-hidden="true" />
            </button>
          ))}
        </div>
        {/* the browser's own select: the phone's picker, and no select component before the book paints */}
        <select value={group} onChange={(event) => setGroup(event.target.value)} aria-label={t('market.book.group')} className="tm-mk-book-group">
          {steps.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="tm-mk-book" role="table" aria-label={t('market.book.title')}>
        <div className="tm-mk-book-row tm-mk-head" role="row">
          <span role="columnheader">{t('market.book.price', { quote: legalName })}</span>
          <span role="columnheader">{t('market.book.amount', { base: currencyName })}</span>
          <span role="columnheader">{t('market.book.sum', { base: currencyName })}</span>
        </div>
        {layout !== 'bids' && (
          <div role="rowgroup" className="tm-mk-asks">
            {slots(grouped.rows.asks).map(level('asks')).reverse()}
          </div>
        )}
        <MiddleRow symbol={symbol} tick={tick} fallback={book?.lastPrice} spread={grouped.spread} />
        {layout !== 'asks' && (
          <div role="rowgroup" className="tm-mk-bids">
            {slots(grouped.rows.bids).map(level('bids'))}
          </div>
        )}
      </div>
      <p className="tm-mk-book-sweep" aria-live="polite">
        {swept
          ? t('market.book.sweep', {
              amount: formatAmount(swept.amount, step),
              base: currencyName,
              price: formatDecimal(swept.average, { step: tick }),
            })
          : t(touch ? (onPickPrice ? 'market.book.hintTapPick' : 'market.book.hintTap') : onPickPrice ? 'market.book.hintPick' : 'market.book.hint')}
      </p>
    </div>
  );
}

/** The last price with the direction of its latest move, and the spread. */
function MiddleRow({ symbol, tick, fallback, spread }: { symbol: string; tick: string; fallback?: string; spread?: { value: string; percent: string } }) {
  const { t } = useTranslation();
  const last = useLastPrice(symbol);
  const price = last?.price ?? fallback;
  const trend = last?.trend ?? 'flat';
  return (
    <div className="tm-mk-book-last" role="row">
      <span role="cell" key={last?.changes} className={`tm-${trend} tm-flash-${trend}`} aria-label={t('market.stats.last')}>
        {price === undefined ? '--' : formatPrice(price, tick)}
        {trend === 'up' && <ArrowUpOutlined aria-label={t('market.book.rising')} />}
        {trend === 'down' && <ArrowDownOutlined aria-label={t('market.book.falling')} />}
      </span>
      <span role="cell" className="tm-mk-book-spread">
        {spread
          ? t('market.book.spread', {
              value: formatDecimal(spread.value, { step: tick }),
              percent: formatDecimal(spread.percent, { step: '0.01' }),
            })
          : ''}
      </span>
    </div>
  );
}

interface LevelProps {
  row: BookRow | undefined;
  side: Side;
  group: string;
  step: string;
  inSweep: boolean;
  onHover: (on: boolean) => void;
  onPick?: (price: string) => void;
}

function Level({ row, side, group, step, inSweep, onHover, onPick }: LevelProps) {
  if (!row) return <div className="tm-mk-book-row" role="row" />;
  const price = formatPrice(row.price, group);
  // the form takes the price as shown, as a plain decimal
  const pick = onPick && (() => onPick(toStep(row.price, group)));
  const pickable = pick
    ? {
        tabIndex: 0,
        onKeyDown: (event: KeyboardEvent) => (event.key === 'Enter' || event.key === ' ') && pick(),
        onFocus: () => onHover(true),
        onBlur: () => onHover(false),
      }
    : {};
  // a mouse hovers; a touch has no hover, so its tap shows the totals (and picks the price)
  const byMouse = (on: boolean) => (event: PointerEvent) => event.pointerType === 'mouse' && onHover(on);
  return (
    <div
      className={`tm-mk-book-row tm-mk-${side}-bar${inSweep ? ' tm-mk-swept' : ''}${pick ? ' tm-mk-pickable' : ''}`}
      role="row"
      style={{ '--tm-mk-depth': `${row.depth}%` } as CSSProperties}
      onPointerEnter={byMouse(true)}
      onPointerLeave={byMouse(false)}
      onClick={() => {
        onHover(true);
        pick?.();
      }}
      {...pickable}
    >
      <span role="cell" className={side === 'bids' ? 'tm-up' : 'tm-down'}>
        {price}
      </span>
      <span role="cell">{formatAmount(row.amount, step)}</span>
      <span role="cell">{formatAmount(row.total, step)}</span>
    </div>
  );
}

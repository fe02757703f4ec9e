import { formatPrice } from '../../format';
import { useLastPrice } from './tickers';

interface Props {
  symbol: string;
  /** the pair's price tick */
  tick: string;
  /** shown until the socket has sent a price (the polled quotation's) */
  fallback?: string;
  className?: string;
  label?: string;
}

/**
 * A pair's one last price, flashing green or red on each change. The key restarts the flash;
 * the colour of the text stays the caller's (24h change, or the last move in the book).
 */
export default function LivePrice({ symbol, tick, fallback, className = '', label }: Props) {
  const last = useLastPrice(symbol);
  const price = last?.price ?? fallback;
  return (
    <span key={last?.changes} className={`${className} tm-flash-${last?.trend ?? 'flat'}`} aria-label={label}>
      {price === undefined ? '--' : formatPrice(price, tick)}
    </span>
  );
}
